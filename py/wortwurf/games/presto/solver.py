"""Presto's solver: a crossword that lays a whole hand, for the solo solution, the hint and computer racers.

It lays word after word with TYP-DOM's move generator (`typdom.moves`: every placement a rack can make on a
table, each line it touches a word), so every table it builds passes the whole-table check. A depth-first
search tries the most promising placements first: many tiles, the awkward letters early, and a rest with a
fair share of vowels, the jokers kept for last. It is bounded by a number of move generations, so the same
hand always gives the same table, and in the page by its time budget (`budget`); when it finds no complete
crossword, it returns the one that lays most.
"""

from __future__ import annotations

from ...budget import out_of_time, share
from ...chance import keyed
from ...errors import IllegalAction
from ..options import seat_strength
from ..typdom.moves import search
from ..typdom.table import connected, key
from ..typdom.tiles import JOKER, TILES
from .rules import RACING, WAITING, limit, marks, problems, race_of

BUDGET = 120  # move generations per solve
TIME_SHARE = 0.6  # of a call's time budget: a move generation under way when it ends runs on to its first word
WIDTH = 5  # placements tried at each step, most promising first
AWKWARD = {"Q": 4, "X": 4, "Y": 3, "J": 3, "V": 2, "C": 2, "W": 1, "Z": 1, "P": 1, "K": 1, "F": 1}


def promise(laid: tuple, rest: list[int]) -> float:
    """How good laying `laid` (tiles) is, leaving `rest`: tiles laid, awkward letters gone, a rest with about
    two vowels in five, jokers kept."""
    letters = [TILES[t][0] for t in laid]
    vowels = sum(TILES[t][1] == "red" for t in rest)
    balance = abs(vowels / len(rest) - 0.4) * 6 if rest else 0
    return len(laid) + sum(AWKWARD.get(x, 0) for x in letters) - balance - 2 * letters.count(JOKER)


def with_placement(table: dict, move: dict) -> dict:
    laid = dict(table)
    for tile in move["tiles"]:
        laid[key(tile["row"], tile["col"])] = [tile["tile"], tile.get("letter", TILES[tile["tile"]][0])]
    return laid


def solve(hand: list[int], options: dict, table: dict | None = None, lexicon=None, budget: int = BUDGET) -> dict:
    """The crossword found for `hand`, going on from `table` (tiles of the hand already laid as words) when
    given: {"cells", "left" (tiles not laid), "solved", "words" (the placements laid, as moves, in order)}."""
    start = dict(table or {})
    on_table = {t for t, _ in start.values()}
    best = {"cells": start, "left": [t for t in hand if t not in on_table], "words": []}
    budget_left = [budget]
    seen = set()

    def walk(cells: dict, rest: list[int], words: list) -> bool:
        if len(rest) < len(best["left"]):
            best.update(cells=cells, left=rest, words=words)
        if not rest:
            return True
        if budget_left[0] <= 0 or out_of_time():
            return False
        budget_left[0] -= 1
        found = search({"cells": cells, "racks": [rest], "options": options}, 0, lexicon)
        ranked = sorted(found, key=lambda p: (promise(p.tiles, [t for t in rest if t not in p.tiles]),
                                              p.word, p.direction, p.line, p.laid), reverse=True)
        tried = 0
        for placement in ranked:
            after = [t for t in rest if t not in placement.tiles]
            shape = (frozenset(after), len(cells))
            if shape in seen:
                continue
            seen.add(shape)
            move = placement.as_move()
            if walk(with_placement(cells, move), after, [*words, move]):
                return True
            tried += 1
            if tried >= WIDTH or budget_left[0] <= 0 or out_of_time():
                break
        return False

    with share(TIME_SHARE):
        walk(start, best["left"], [])
    return {**best, "solved": not best["left"]}


def race_hint(state: dict, player: int | None = None) -> dict:
    """A word to lay next in `player`'s race (or the one racing) that still leaves the rest solvable, going on
    from the table as it lies when all of it is words, else from nothing: {"word", "tiles" (as the table's
    cells take them)}; no word when the solver finds no way to lay the whole hand from there. The game's
    hint, and a call of its own that names the seat (several race at once at a linked table)."""
    seat = race_of(state, player)
    table = state["tables"][seat]
    if not (connected(table) and all(mark["counts"] for mark in marks(state, table))):
        table = {}
    found = solve(state["hands"][seat], state["options"], table)
    if not found["solved"] or not found["words"]:
        return {"word": None, "tiles": [], "from_scratch": not table}
    first = found["words"][0]
    return {"word": first["word"], "tiles": first["tiles"], "from_scratch": not table and bool(state["tables"][seat])}


def solution(state: dict, player: int | None = None) -> dict:
    """For "Aufgeben": a crossword of `player`'s (or the racer's) whole hand the engine found, or the most it
    could lay."""
    found = solve(state["hands"][race_of(state, player)], state["options"])
    return {"cells": found["cells"], "left": found["left"], "solved": found["solved"]}


# How long a computer racer takes, as a share of the time limit, by strength (1 slow to 3 fast).
PACE = {1: (0.55, 0.95), 2: (0.3, 0.65), 3: (0.12, 0.4)}


def computer_action(state: dict, lexicon=None) -> dict:
    """The next step of a computer racer (one racing, else the first waiting: people may race meanwhile on
    their own phones): start its race; then its solver's table, finished in a time drawn from its strength;
    with no whole table found, its time runs out with what it laid."""
    if state["deal_over"]:
        raise IllegalAction("not_computer")  # a person moves on to the next deal
    computers = [p for p, strength in enumerate(state["options"]["computer"]) if strength]
    seat = next((p for p in computers if state["status"][p] == RACING), None)
    if seat is None:
        seat = next((p for p in computers if state["status"][p] == WAITING), None)
        if seat is None:
            raise IllegalAction("not_computer")
        return {"type": "go", "player": seat}
    strength = seat_strength(state, seat)
    found = solve(state["hands"][seat], state["options"], lexicon=lexicon)
    low, high = PACE[strength]
    share = low + (high - low) * (keyed(state["seed"], state["deal"], seat, "pace") % 1000) / 1000
    seconds = max(round(share * limit(state), 2), state["seconds"][seat])
    if problems(state, state["hands"][seat], found["cells"], lexicon) is None:
        return {"type": "done", "cells": found["cells"], "seconds": seconds, "player": seat}
    return {"type": "time_up", "cells": found["cells"], "player": seat}
