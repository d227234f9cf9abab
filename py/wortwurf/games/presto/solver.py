"""Presto's solver: a crossword that lays a whole hand, for the solo solution, the hint and computer racers.

It lays word after word with TYP-DOM's move generator (`typdom.moves`: every placement a rack can make on a
table, each line it touches a word), so every table it builds passes the whole-table check. A depth-first
search tries the most promising placements first: many tiles, the awkward letters early, and a rest with a
fair share of vowels, the jokers kept for last. It is bounded by a number of move generations, so the same
hand always gives the same table; when it finds no complete crossword, it returns the one that lays most. In
the page a call's time budget (`wortwurf.budget`) may end it first: it is kept, and the next call for the
same hand and table goes on (a phone takes seconds over a hand the first move generation of which is long).
"""

from __future__ import annotations

import heapq
import json

from ...budget import left
from ...chance import keyed
from ...errors import IllegalAction
from ..options import seat_strength
from ..typdom.moves import in_parts
from ..typdom.table import connected, key
from ..typdom.tiles import JOKER, TILES
from ..typdom.words import spelled
from .rules import OUT, RACING, WAITING, limit, marks, problems, race_of

BUDGET = 120  # move generations per solve
WIDTH = 5  # placements tried at each step, most promising first
AWKWARD = {"Q": 4, "X": 4, "Y": 3, "J": 3, "V": 2, "C": 2, "W": 1, "Z": 1, "P": 1, "K": 1, "F": 1}
# What a word people know adds to a placement's promise: the hint names the first word laid. Over 40 seeded
# hands of 19 (natively): worth 0 solved 39, a third of the words laid known and no hint's word; 4 solved 39,
# 94 % of the words known and 36 hints' words, in 22 % more time.
KNOWN_WORTH = 4
KEPT_SOLVES = 8  # solves kept under way or done (a table's hands, and the tables a racer asked from)


def promise(laid: tuple, vowels: int, remaining: int) -> float:
    """How good laying `laid` (tiles) is, leaving `remaining` tiles of which `vowels` are red: tiles laid, awkward
    letters gone, a rest with about two vowels in five, jokers kept."""
    balance = abs(vowels / remaining - 0.4) * 6 if remaining else 0
    return len(laid) + sum(map(_AWKWARDNESS.__getitem__, laid)) - balance - 2 * sum(map(_IS_JOKER.__getitem__, laid))


_AWKWARDNESS = [AWKWARD.get(letter, 0) for letter, _ in TILES]  # by tile
_IS_JOKER = [letter == JOKER for letter, _ in TILES]
_IS_RED = [colour == "red" for _, colour in TILES]
RANKED_BETWEEN_STOPS = 4096  # placements ranked in one part of a solve (a first move may have 160,000)
LOOKED_AT_FIRST = 64  # the best placements picked out before the rest are sorted (few are ever tried)


def _ranked(placements: list, rest: list[int]):
    """The placements, the most promising first (then by word, direction, line, letters; the first found
    first), a part at a time: a generator that stops between parts and returns an iterator. Of a first move's
    160,000 placements only a few are tried, so the best are picked out before the rest are sorted."""
    vowels, keys = sum(map(_IS_RED.__getitem__, rest)), []
    for start in range(0, len(placements), RANKED_BETWEEN_STOPS):
        for at in range(start, min(start + RANKED_BETWEEN_STOPS, len(placements))):
            p = placements[at]
            keys.append((promise(p.tiles, vowels - sum(map(_IS_RED.__getitem__, p.tiles)), len(rest) - len(p.tiles))
                         + KNOWN_WORTH * p.known, p.word, p.direction, p.line, p.laid, -at))
        yield
    best = heapq.nlargest(LOOKED_AT_FIRST, keys)

    def in_order():
        yield from best
        if len(keys) > len(best):
            yield from sorted(keys, reverse=True)[len(best):]

    return (placements[-key[-1]] for key in in_order())


def with_placement(table: dict, move: dict) -> dict:
    laid = dict(table)
    for tile in move["tiles"]:
        laid[key(tile["row"], tile["col"])] = [tile["tile"], tile.get("letter", TILES[tile["tile"]][0])]
    return laid


class _Solve:
    """One solve, kept between calls: its depth-first search is a generator that stops after every part of a
    move generation (`moves.in_parts`), so that a call out of time leaves it there and the next goes on (each
    part runs whole: the search is the same however the calls are timed, and so is the table it finds)."""

    def __init__(self, hand: list[int], options: dict, table: dict, lexicon, budget: int):
        on_table = {t for t, _ in table.values()}
        self.best = {"cells": table, "left": [t for t in hand if t not in on_table], "words": []}
        self.options, self.lexicon, self.budget_left, self.seen = options, lexicon, budget, set()
        self.steps = self._walk(table, self.best["left"], [])
        self.done = False

    def go_on(self) -> None:
        """On until the table is found, the search ends, or the time budget left is less than the longest part
        took (a part runs whole: one begun at the end of a budget would overrun it by as much)."""
        longest, before = 0.0, left()
        for _ in self.steps:
            now = left()
            if now is not None:
                longest, before = max(longest, before - now), now
                if now <= longest:
                    return
        self.done = True

    def _walk(self, cells: dict, rest: list[int], words: list):
        if len(rest) < len(self.best["left"]):
            self.best.update(cells=cells, left=rest, words=words)
        if not rest:
            return True
        if self.budget_left <= 0:
            return False
        self.budget_left -= 1
        placements: dict = {}
        yield from in_parts({"cells": cells, "racks": [rest], "options": self.options}, 0, placements, self.lexicon)
        ranked = yield from _ranked(list(placements.values()), rest)
        tried = 0
        for placement in ranked:
            after = [t for t in rest if t not in placement.tiles]
            shape = (frozenset(after), len(cells))
            if shape in self.seen:
                continue
            self.seen.add(shape)
            move = placement.as_move()
            if (yield from self._walk(with_placement(cells, move), after, [*words, move])):
                return True
            tried += 1
            if tried >= WIDTH or self.budget_left <= 0:
                break
        return False


_solves: dict[str, _Solve] = {}  # by what was asked, the latest last


def solve(hand: list[int], options: dict, table: dict | None = None, lexicon=None, budget: int = BUDGET) -> dict:
    """The crossword found for `hand`, going on from `table` (tiles of the hand already laid as words) when
    given: {"cells", "left" (tiles not laid), "solved", "words" (the placements laid, as moves, in order),
    "whole": whether the search is over}. Out of time (`wortwurf.budget`) the search is not over, and the
    answer is the table that lays most so far; the next call for the same goes on from there."""
    asked = json.dumps([sorted(hand), options, sorted((table or {}).items()), id(lexicon), budget])
    solving = _solves.pop(asked, None) or _Solve(hand, options, dict(table or {}), lexicon, budget)
    _solves[asked] = solving
    while len(_solves) > KEPT_SOLVES:
        del _solves[next(iter(_solves))]
    if not solving.done:
        solving.go_on()
    best = solving.best
    return {"cells": dict(best["cells"]), "left": list(best["left"]), "words": list(best["words"]),
            "solved": not best["left"], "whole": solving.done}


def race_hint(state: dict, player: int | None = None) -> dict:
    """A word to lay next in `player`'s race (or the one racing) that still leaves the rest solvable, going on
    from the table as it lies when all of it is words, else from nothing: {"word" (as the Wörterbuch spells it),
    "tiles" (as the table's cells take them)}; no word when the solver finds no way to lay the whole hand from
    there, and "working" while it has not finished looking (out of time: the page asks again). The game's hint, and a call of its
    own that names the seat (several race at once at a linked table)."""
    seat = race_of(state, player)
    table = state["tables"][seat]
    if not (connected(table) and all(mark["counts"] for mark in marks(state, table))):
        table = {}
    found = solve(state["hands"][seat], state["options"], table)
    if not found["solved"] or not found["words"]:
        return {"word": None, "tiles": [], "from_scratch": not table, "working": not found["whole"]}
    first = found["words"][0]
    return {"word": spelled(first["word"]), "tiles": first["tiles"],
            "from_scratch": not table and bool(state["tables"][seat]), "working": False}


def solution(state: dict, player: int) -> dict:
    """For "Aufgeben": a crossword of `player`'s whole hand the engine found, or the most it could lay
    ({"cells", "left", "solved", "working"}: "working" while it has not finished looking, the page asks again);
    only once that race has ended unfinished (given up, or out of time), so that no racer lays it, a guest
    phone's racer neither."""
    if type(player) is not int or not 0 <= player < len(state["players"]):
        raise IllegalAction("bad_player")
    if state["status"][player] != OUT:
        raise IllegalAction("race_on")
    found = solve(state["hands"][player], state["options"])
    return {"cells": found["cells"], "left": found["left"], "solved": found["solved"], "working": not found["whole"]}


def prepare(state: dict) -> None:
    """The hands of the seats racing (else the next to race) solved from nothing, before a hint, a give-up or
    a computer racer asks (a phone's worker takes seconds over some). Only those: a search waits behind this
    call, and the page works ahead for each race as it starts (web/games/presto/screen.js `thinkAhead`)."""
    racing = [seat for seat, status in enumerate(state["status"]) if status == RACING]
    for seat in racing or [seat for seat, status in enumerate(state["status"]) if status == WAITING][:1]:
        solve(state["hands"][seat], state["options"])


# How long a computer racer takes, as a share of the time limit, by strength (1 slow to 3 fast).
PACE = {1: (0.55, 0.95), 2: (0.3, 0.65), 3: (0.12, 0.4)}


def computer_action(state: dict, lexicon=None) -> dict:
    """The next step of a computer racer (one racing, else the first waiting: people may race meanwhile on
    their own phones): start its race; then its solver's table, finished in a time drawn from its strength;
    with no whole table found, its time runs out with what it laid. While its solver has not finished (out of
    the call's time), it lays what it has found so far and races on: the next call goes on looking."""
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
    if not found["whole"]:
        return {"type": "arrange", "cells": found["cells"], "seconds": state["seconds"][seat], "player": seat}
    low, high = PACE[strength]
    share = low + (high - low) * (keyed(state["seed"], state["deal"], seat, "pace") % 1000) / 1000
    seconds = max(round(share * limit(state), 2), state["seconds"][seat])
    if problems(state, state["hands"][seat], found["cells"], lexicon) is None:
        return {"type": "done", "cells": found["cells"], "seconds": seconds, "player": seat}
    return {"type": "time_up", "cells": found["cells"], "player": seat}
