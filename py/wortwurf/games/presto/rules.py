"""TYP-DOM Presto: every player races to lay a fixed hand of tiles as one crossword of their own.

Rulebook 004 and the rules notes. Each player gets a hand of red and black tiles (4 players 7 red + 12 black,
5 players 6 + 10, 6 players 5 + 8; fewer than four play the 4-player hand; alone, any of the three) and lays
them on a table of their own, with no edges, turns or draws. The table is checked only when its player says
"Fertig!": every tile laid (one left may do, under the house option), all of it connected, every line of two or
more tiles a word by TYP-DOM's rules, each joker standing for a letter of its colour. The fastest finisher
scores 4, the second 2 (finishing with one tile left: 2 and 1); equal times share the better place.

On one device the players race in turn behind the pass screen: "go" shows the next player their hand and
starts their clock, "arrange" keeps the table as it lies (for a reload), "done" asks for the check, "time_up"
and "give_up" end a race unfinished. At a table of linked phones they race at once: an action naming its
`player` is that seat's race ("go" starts it while others race), one naming none is the next in turn's, or the
one racing. The page times the race and says how long it took: the clock is a chance outcome supplied to the
engine, like real dice; "go" may carry the page's wall clock at "Los", so that a reload goes on with the time
that has passed (and the host's page times its guests by it). A table is a dict {"row,col": [tile, letter]},
as TYP-DOM's. The match of deals, the tiles and the table's lines are TYP-DOM's (`typdom.match`, `tiles`,
`table`); this module is the race, its check and its scoring, the shared deal and the puzzle of the day.
"""

from __future__ import annotations

import datetime

from ...chance import keyed
from ...errors import IllegalAction
from ..options import Option, check_seats, computer_seats, flag
from ..typdom.match import DEALS, end_deal, match_view, new_match, next_deal, opened
from ..typdom.match import result  # noqa: F401 (the engine's `result`: the match's standings)
from ..typdom.table import cell_of, connected, drawn_cell, key, lines, word_of
from ..typdom.tiles import JOKER, TILES, dealt, hands_filled, joker_may_show, shuffled
from ..typdom.words import HOUSE_RULES, is_word

MIN_PLAYERS, MAX_PLAYERS = 1, 6
HANDS = {13: (5, 8), 16: (6, 10), 19: (7, 12)}  # tiles in a hand: (red, black)
TABLE_HANDS = {1: 19, 2: 19, 3: 19, 4: 19, 5: 16, 6: 13}  # the rulebook's hand for a table of that many
POINTS = (4, 2)  # the first and second finisher; with one tile left, half
REACH = 60  # how far from the first tile a table may spread, in cells each way
OPTIONS = (
    Option("minutes", "int", 5, low=1, high=30),
    # 0: the rulebook's hand for the table's size; a hand is offered only to as many players as the tiles fill
    Option("hand", "choice", 0, values=(0, *HANDS),
           most_players=(MAX_PLAYERS, *(min(MAX_PLAYERS, hands_filled(*hand)) for hand in HANDS.values()))),
    flag("one_left"),
    flag("marks", True),
    DEALS,
    *HOUSE_RULES,
    computer_seats(),  # 1 to 3: slow to fast
    # A deal shared by several phones (codes.join_deal): this phone races seat `seat` of a table of `table_of`.
    Option("table_of", "int", 0, low=0, high=MAX_PLAYERS, setup=False),
    Option("seat", "int", 0, low=0, high=MAX_PLAYERS - 1, setup=False),
    # The puzzle of the day (puzzle_of_the_day): its date as YYYYMMDD, so that the page records it once.
    Option("day", "int", 0, low=0, high=99991231, setup=False),
)
ACTION_TYPES = frozenset({"go", "arrange", "done", "time_up", "give_up", "next_deal"})
WAITING, RACING, FINISHED, OUT = "waiting", "racing", "finished", "out"


def new_game(players: list[str], options: dict, seed: int) -> dict:
    check_seats(options, players)
    shared = options["table_of"]
    if shared and (len(players) != 1 or shared < 2 or options["seat"] >= shared or options["hand"] or options["deals"] > 1):
        raise IllegalAction("bad_option", option="table_of")
    if options["day"] and (len(players) != 1 or shared or options["deals"] > 1 or any(options["computer"])
                           or options["hand"] != 13 or seed != _puzzle_seed(_day_of(options["day"]))):
        raise IllegalAction("bad_option", option="day")
    return new_match("presto", players, options, seed, _start_deal)


def hand_size(options: dict, players: int) -> int:
    return options["hand"] or TABLE_HANDS[options["table_of"] or players]


def deal_hands(seed: int, deal: int, players: int, size: int) -> list[list[int]]:
    """Every player's hand of `size` tiles from one shuffle of the 80 (keyed to the seed and the deal), dealt as
    every TYP-DOM variant deals; the tiles left stay out of the race."""
    hands, _ = dealt(shuffled(seed, deal, "presto"), players, *HANDS[size])
    return hands


def _start_deal(state: dict) -> None:
    players, options = len(state["players"]), state["options"]
    hands = deal_hands(state["seed"], state["deal"], options["table_of"] or players, hand_size(options, players))
    state.update({
        "hands": [hands[options["seat"]]] if options["table_of"] else hands,
        "tables": [{} for _ in range(players)],
        "status": [WAITING] * players,
        "seconds": [0.0] * players,  # how long each race has run; a finished race's time
        "clocks": [None] * players,  # the page's wall clock at each race's "Los" (milliseconds), if it said
        "left": [None] * players,  # tiles left when a race finished (0, or 1 under the house option)
        "scores": [0] * players,
        "deal_over": False,
    })
    state["events"].append({"e": "dealt", "deal": state["deal"] + 1})


def _date(day: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(day)
    except (TypeError, ValueError):
        raise IllegalAction("bad_day") from None


def _day_of(number: int) -> str:
    """The day option's YYYYMMDD as YYYY-MM-DD."""
    return f"{number // 10000:04d}-{number // 100 % 100:02d}-{number % 100:02d}"


def _puzzle_seed(day) -> int:
    return keyed(0, "presto", _date(day).isoformat()) % 2**53


def puzzle_of_the_day(day: str) -> dict:
    """The solo puzzle of a day (the player's own date, YYYY-MM-DD): a 13-tile hand keyed to the date, the same
    for everyone that day; the seed and options to start it with (naming the day, so that the page counts it
    once)."""
    return {"seed": _puzzle_seed(day), "options": {"hand": 13, "day": int(_date(day).strftime("%Y%m%d"))}}


def daily_record(days, today: str) -> dict:
    """The page's record of the puzzles of the day ({"YYYY-MM-DD": {"solved": bool, "seconds": float|None}}) in
    figures: days played and solved, the current streak (days solved in a row up to today, or up to yesterday
    while today is still open), and the best and the median time of the days solved."""
    if not isinstance(days, dict):
        raise IllegalAction("bad_day")
    solved = {_date(day): entry["seconds"] for day, entry in days.items()
              if isinstance(entry, dict) and entry.get("solved") and type(entry.get("seconds")) in (int, float)}
    day = _date(today)
    if day.isoformat() not in days:
        day -= datetime.timedelta(days=1)
    streak = 0
    while day in solved:
        streak, day = streak + 1, day - datetime.timedelta(days=1)
    times = sorted(solved.values())
    middle = len(times) // 2
    median = (times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2) if times else None
    return {"played": len(days), "solved": len(solved), "streak": streak, "best": times[0] if times else None,
            "median": median}


def racer(state: dict) -> int | None:
    """The seat whose race is on (the first, when several race at once)."""
    return next((p for p, status in enumerate(state["status"]) if status == RACING), None)


def next_racer(state: dict) -> int | None:
    """The seat that races next, in seat order."""
    return next((p for p, status in enumerate(state["status"]) if status == WAITING), None)


def seat_of(state: dict, action: dict) -> int | None:
    """The seat whose race `action` is: the one it names while that seat may take it ("go" while it waits,
    the rest while it races); unnamed, the next in turn's "go" while none races, or the one racing; None if
    it is no seat's now (the rules then refuse it)."""
    kind, named = action["type"], action.get("player")
    if named is not None:
        return named if state["status"][named] == (WAITING if kind == "go" else RACING) else None
    if kind == "go":
        return next_racer(state) if racer(state) is None else None
    return racer(state)


def mover(state: dict, action: dict) -> int | None:
    """A race's steps are its racer's (`seat_of`); the next deal is the table's."""
    return None if action["type"] == "next_deal" else seat_of(state, action)


def limit(state: dict) -> float:
    return 60.0 * state["options"]["minutes"]


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    kind = action["type"]
    state = opened(state, kind, tables=[dict(table) for table in state["tables"]], status=list(state["status"]),
                   seconds=list(state["seconds"]), clocks=list(state["clocks"]), left=list(state["left"]))
    if kind == "next_deal":
        next_deal(state, _start_deal)
    elif kind == "go":
        _go(state, seat_of(state, action), action.get("clock"))
    else:
        seat = seat_of(state, action)
        if seat is None:
            raise IllegalAction("no_race")
        seconds = _seconds(state, seat, limit(state) if kind == "time_up" else action.get("seconds"))
        if kind in ("arrange", "done") or "cells" in action:
            state["tables"][seat] = checked_table(state["hands"][seat], action.get("cells"))
        state["seconds"][seat] = seconds
        if kind == "done":
            _finish(state, seat)
        elif kind in ("time_up", "give_up"):
            state["status"][seat] = OUT
            state["events"].append({"e": kind, "player": seat, "seconds": seconds})
            _after_race(state)
    return state


def hosted(state: dict, action: dict, now: float) -> dict:
    """A guest phone's step of its race as the host takes it (`table.guest_request`): on the host's clock
    `now` (milliseconds), whatever the guest's said. "go" starts the race at `now`; a table kept, finished or
    given up is timed from the race's "Los" by that clock; once the race's time is up on it, any step of the
    race is its end (`time_up`, with the table it sends), and `time_up` before then is refused (`time_left`).
    The host ends a race its guest never ends (`due`)."""
    kind = action["type"]
    if kind == "go":
        return {**action, "clock": now}
    seat = seat_of(state, action) if kind != "next_deal" else None
    if seat is None:
        return action  # (no race of the seat's: the rules refuse it, or it is the table's)
    clock, kept = state["clocks"][seat], state["seconds"][seat]
    seconds = kept if clock is None else max(kept, min(limit(state), round((now - clock) / 1000, 2)))
    if seconds >= limit(state):
        return {"type": "time_up", "player": seat, **({"cells": action["cells"]} if "cells" in action else {})}
    if kind == "time_up":
        raise IllegalAction("time_left")
    return {**action, "seconds": seconds}


def due(state: dict, seats: list[int], now: float) -> dict:
    """What the host takes for its guests' races at its clock `now` (milliseconds): the end of each race of
    `seats` whose time is up (`time_up`); {"actions", "at": when the next one's is up, or None}."""
    ends = {seat: state["clocks"][seat] + 1000 * limit(state) for seat in sorted(set(seats))
            if state["status"][seat] == RACING and state["clocks"][seat] is not None}
    return {"actions": [{"type": "time_up", "player": seat} for seat, end in ends.items() if end <= now],
            "at": min((end for end in ends.values() if end > now), default=None)}


def _go(state: dict, seat: int | None, clock) -> None:
    if seat is None:
        raise IllegalAction("race_on")
    if clock is not None and (type(clock) not in (int, float) or not 0 <= clock < 2**53):
        raise IllegalAction("bad_time")
    state["status"][seat] = RACING
    state["clocks"][seat] = clock
    state["events"].append({"e": "go", "player": seat})


def _seconds(state: dict, seat: int, seconds) -> float:
    """A race's clock as the page read it: a number, not back in time, not past the limit."""
    if type(seconds) not in (int, float) or not state["seconds"][seat] <= seconds <= limit(state):
        raise IllegalAction("bad_time")
    return round(float(seconds), 2)


def checked_table(hand: list[int], cells) -> dict:
    """A table as a page sends it, checked as tiles: each of the hand's tiles at most once, on a cell within
    reach, showing its own letter (a joker: a letter of its colour). Whether it makes words is `problems`."""
    if not isinstance(cells, dict) or len(cells) > len(hand):
        raise IllegalAction("bad_table")
    table, used = {}, set()
    for place, laid in cells.items():
        try:
            row, col = cell_of(place)
        except (AttributeError, ValueError):
            raise IllegalAction("bad_table") from None
        if key(row, col) != place or max(abs(row), abs(col)) > REACH or not isinstance(laid, list) or len(laid) != 2:
            raise IllegalAction("bad_table")
        tile, letter = laid
        if type(tile) is not int or tile not in hand or tile in used or not isinstance(letter, str):
            raise IllegalAction("bad_table")
        own, colour = TILES[tile]
        if own == JOKER:
            if not joker_may_show(colour, letter):
                raise IllegalAction("joker_colour", colour=colour)
        elif letter != own:
            raise IllegalAction("bad_table")
        used.add(tile)
        table[place] = [tile, letter]
    return table


def marks(state: dict, table: dict, lexicon=None) -> list[dict]:
    """Every line of the table with whether it is a word: the live help, which gives nothing away."""
    return [{"cells": [list(cell) for cell in line], "word": word_of(table, line),
             "counts": is_word(state, word_of(table, line), lexicon)} for line in lines(table)]


def race_of(state: dict, player: int | None) -> int:
    """The seat a helper helps: `player` while it races (several may), or the one racing; else no_race."""
    if player is not None and (type(player) is not int or not 0 <= player < len(state["players"])):
        raise IllegalAction("bad_player")
    seat = seat_of(state, {"type": "arrange", "player": player})
    if seat is None:
        raise IllegalAction("no_race")
    return seat


def table_marks(state: dict, cells, player: int | None = None) -> list[dict]:
    """The live help for a racer's table as it lies now (not kept): its lines and whether each is a word;
    none at a table that plays without marks."""
    table = checked_table(state["hands"][race_of(state, player)], cells)
    return marks(state, table) if state["options"]["marks"] else []


def problems(state: dict, hand: list[int], table: dict, lexicon=None) -> IllegalAction | None:
    """Why the check refuses a finished table (None: it passes): no tile laid, tiles apart, the lines that are
    not words, tiles left."""
    if not table:
        return IllegalAction("presto_empty")
    if not connected(table):
        return IllegalAction("presto_apart")
    wrong = [mark["word"] for mark in marks(state, table, lexicon) if not mark["counts"]]
    if wrong:
        return IllegalAction("presto_not_words", words=", ".join(wrong), count=len(wrong))
    left = len(hand) - len(table)
    if left > (1 if state["options"]["one_left"] else 0):
        return IllegalAction("presto_tiles_left", count=left)
    return None


def _finish(state: dict, seat: int) -> None:
    problem = problems(state, state["hands"][seat], state["tables"][seat])
    if problem:
        raise problem
    state["status"][seat] = FINISHED
    state["left"][seat] = len(state["hands"][seat]) - len(state["tables"][seat])
    state["events"].append({"e": "finished", "player": seat, "seconds": state["seconds"][seat],
                            "left": state["left"][seat]})
    _after_race(state)


def _after_race(state: dict) -> None:
    if all(status in (FINISHED, OUT) for status in state["status"]):
        _finish_deal(state)


def ranked(times: list) -> list[int | None]:
    """Each finisher's place by time (1 the fastest; equal times share the better place); None for no time."""
    return [None if time is None else 1 + sum(other is not None and other < time for other in times)
            for time in times]


def places(state: dict) -> list[int | None]:
    """Each seat's place among the finishers by time, None for a race not finished."""
    return ranked([seconds if status == FINISHED else None
                   for seconds, status in zip(state["seconds"], state["status"])])


def points(place: int | None, left: int | None) -> int:
    """A race's points: the first and the second finisher's, halved for a tile left."""
    return POINTS[place - 1] // (2 if left else 1) if place is not None and place <= len(POINTS) else 0


def _finish_deal(state: dict) -> None:
    """Every race has ended: each scores by its place and tiles left, and the match takes the deal's scores."""
    state["scores"] = [points(place, left) for place, left in zip(places(state), state["left"])]
    end_deal(state, {"scores": list(state["scores"])})


def accounted(state: dict) -> bool:
    """The hands are disjoint sets of the 80 tiles, of the deal's size, and each table lays only its own."""
    held = [t for hand in state["hands"] for t in hand]
    return (len(set(held)) == len(held) and all(0 <= t < len(TILES) for t in held)
            and all(len(hand) == hand_size(state["options"], len(state["players"])) for hand in state["hands"])
            and all({t for t, _ in table.values()} <= set(hand) for hand, table in zip(state["hands"], state["tables"])))


def legal_actions(state: dict) -> list[dict]:
    """Starting a race, ending one on unfinished, the next deal, each naming its seat (several may race at
    once); a finished table is the page's."""
    if state["over"]:
        return []
    if state["deal_over"]:
        return [{"type": "next_deal"}]
    listed = []
    for seat, status in enumerate(state["status"]):
        if status == WAITING:
            listed.append({"type": "go", "player": seat})
        elif status == RACING:
            listed += [{"type": "give_up", "seconds": state["seconds"][seat], "player": seat},
                       {"type": "time_up", "player": seat}]
    return listed


def _tiles(hand: list[int]) -> list[dict]:
    return [{"tile": t, "letter": TILES[t][0], "colour": TILES[t][1]} for t in hand]


def _table(state: dict, table: dict, lexicon=None) -> dict:
    """A racer's table as the page draws it, each cell with its tile too (the racer picks tiles up again), and
    its marks unless the table plays without."""
    cells = [[*drawn_cell(place, laid), laid[0]] for place, laid in sorted(table.items())]
    return {"cells": cells, "marks": marks(state, table, lexicon) if state["options"]["marks"] else None}


def view(state: dict, player: int | None = None) -> dict:
    """Times, places and scores for everyone. A hand and its table only to its player once their race has
    begun; every hand and table once the deal is over."""
    players = range(len(state["players"]))
    shown = [p for p in players if state["deal_over"] or (p == player and state["status"][p] != WAITING)]
    return {
        "game": "presto",
        **match_view(state),
        "racing": racer(state),
        "next": next_racer(state),
        "status": state["status"],
        "seconds": state["seconds"],
        "clocks": state["clocks"],
        "limit": limit(state),
        "left": state["left"],
        "places": places(state),
        "hand_size": hand_size(state["options"], len(state["players"])),
        "hands": {p: _tiles(state["hands"][p]) for p in shown},
        "tables": {p: _table(state, state["tables"][p]) for p in shown},
    }
