"""FOR-GET-IT for two: the choice that gives the best chance of winning the game, not the most points.

W(i, d) is the chance that the player about to take turn i (0 to 23) wins, d being their total minus the
other's, when both play for the win from then on. After the last turn the higher total wins; a tie, which
both players share, counts half. A turn taken at (i, d) that scores x hands the other player (i + 1, −(d + x)),
so for the player on turn a score of x is worth u(x) = 1 − W(i + 1, −(d + x)). The turn is solved for that
measure by the same solver as the expected score (`solver.Turn`), and W(i, d) is its value before
the first roll. Near the end, or far behind, this differs from playing for points: the leader stops early,
the one behind rolls on (as Neller and Presser showed for Pig).

The table is worked out backwards from the last turn by the solver running on arrays (numpy), one entry per
difference from −SPREAD to SPREAD (a difference beyond counts as ±SPREAD). That takes minutes, so it is kept
in the sources as `tables/wins.py`, made by `python3 build.py forgetit-table`; a test recomputes rows of it
from the row after with plain numbers, so a change of the rules or the solver cannot leave it stale. The
advice solves only the turn being played, for its own difference, with plain numbers. Games with real dice,
whose players do not see which syllable a number's die carries, have a table of their own
(`tables/wins_unseen.py`), their turns solved as `Turn(seen=False)` solves them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import import_module

from ...budget import OutOfTime, stoppable
from .rules import ROUNDS, current_player, totals, turn_score
from .solver import Measure, Turn, action_value, expected_points, options

PLAYERS = 2
TURNS = ROUNDS * PLAYERS
SPREAD = 1500  # differences beyond ±SPREAD decide the game as surely as ±SPREAD does
SCALE = 10**6  # the shipped chances are whole millionths


def _measure(turn_index: int, following) -> tuple:
    """(stop, bust) of the turn `turn_index` for the player on turn, given `following(x)`: the other player's
    chance of winning once this turn has scored x."""
    round_no = turn_index // PLAYERS + 1
    known = {}

    def worth(points: int):
        if points not in known:
            known[points] = 1 - following(points)
        return known[points]

    return (lambda number, count: worth(turn_score(number, count, round_no))), worth(0)


# --- the table (built once, by the build) ----------------------------------------------------------------


def win_table(first: int = 0, seen: bool = True) -> dict:
    """W(i, ·) for the turns i from `first` on, as arrays over the difference −SPREAD … SPREAD (needs numpy);
    `seen` as for `Turn`."""
    import numpy as np

    width = 2 * SPREAD + 1
    difference = np.arange(width) - SPREAD
    after = (difference > 0) + 0.5 * (difference == 0)  # once the game is over
    table = {}
    for turn_index in reversed(range(first, TURNS)):
        # The other player's chance, roles swapped: at index j of `mirrored` the difference is −(j − SPREAD).
        mirrored = after[::-1]

        def following(points: int, mirrored=mirrored):
            return np.concatenate([mirrored[points:], np.full(min(points, width), mirrored[-1])])

        stop, bust = _measure(turn_index, following)
        solver = Turn(stop, bust, maximum=np.maximum,
                      settled=lambda new, old: float(np.max(np.abs(new - old))) < 1e-12, seen=seen)
        after = table[turn_index] = solver.choosing(solver.fresh)
    return table


TABLES = {True: "tables.wins", False: "tables.wins_unseen"}  # by `seen`: the modules in the sources


def table_module(seen: bool = True) -> str:
    """The table as a module holding one JSON text: per turn, the chances in millionths, rising with the
    difference, written as the first value and then the steps between neighbours (mostly 0: short)."""
    table, rows = win_table(seen=seen), []
    for _, chances in sorted(table.items()):
        whole = [round(float(chance) * SCALE) for chance in chances]
        rows.append([whole[0]] + [b - a for a, b in zip(whole, whole[1:])])
    text = json.dumps(rows, separators=(",", ":"))
    dice = "" if seen else ", with real dice (syllables of numbers unseen)"
    return (f'"""FOR-GET-IT for two: the chance of winning by turn and difference{dice} (made by '
            f'forgetit.race.table_module: python3 build.py forgetit-table)."""\n\nROWS = {text!r}\n')


@lru_cache(maxsize=None)
def _table(seen: bool) -> tuple:
    """The table, taken in on first use."""
    ROWS = import_module(f".{TABLES[seen]}", __package__).ROWS

    table = []
    for steps in json.loads(ROWS):
        chances, running = [], 0
        for step in steps:
            running += step
            chances.append(running / SCALE)
        table.append(chances)
    return tuple(table)


def win_chance(turn_index: int, difference: int, seen: bool = True) -> float:
    """W(turn_index, difference) from the table (`seen` as for `Turn`); after the last turn, who leads."""
    if turn_index >= TURNS:
        return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    return _table(seen)[turn_index][max(-SPREAD, min(SPREAD, difference)) + SPREAD]


# --- advice ------------------------------------------------------------------------------------------


def winning(state: dict) -> Measure:
    """The measure of the turn being played: the chance that its player wins the game."""
    scores, mover = totals(state), current_player(state)
    return _winning(state["turn_index"], scores[mover] - scores[1 - mover], not state["options"]["physical"])


@lru_cache(maxsize=4)
def _winning(turn_index: int, difference: int, seen: bool) -> Measure:
    """One solver per turn (the difference is the same throughout it), kept for the turn's next choices; with
    real dice (`seen` false), solved and followed by the table for them."""
    stop, bust = _measure(turn_index, lambda points: win_chance(turn_index + 1, -(difference + points), seen))
    solver = Turn(stop, bust, seen=seen)
    return Measure(solver.collecting, solver.choosing, bust)


def advice(state: dict) -> dict:
    """For two players: every choice open now with the chance of winning it leaves (played on at best for
    the win), the best first, and the expected points of the same choice; the chance of winning now.
    Empty for other numbers of players and once the game is over.

    Solving a turn for the win takes a phone seconds. Out of time (`wortwurf.budget`), the answer is an
    estimate, and says so ("estimate": true): each choice's chance is that of scoring its expected points
    (the solved expected turn score, at once), in the same order as the points; what the solve worked out is
    kept, and a later call of the same turn goes on from it to the exact answer."""
    if len(state["players"]) != PLAYERS or state["over"]:
        return {"options": [], "chance": None}
    points = expected_points(state)
    try:
        with stoppable():
            found, estimate = options(state, winning(state)), False
        for option in found:
            option["win"] = option.pop("value")
    except OutOfTime:
        found, estimate = options(state, points), True
        for option in found:
            option["win"] = _chance_scoring(state, option["value"])
    for option in found:
        option["points"] = option.pop("value") if estimate else action_value(state, option["action"], points)
    return {"options": found, "chance": found[0]["win"], "estimate": estimate}


def prepare(state: dict) -> None:
    """For two: the turn on the table solved for the win, and what every solve needs of the rolls, before the
    first advice asks (a phone's worker takes seconds)."""
    if len(state["players"]) == PLAYERS and not state["over"]:
        advice(state)


def _chance_scoring(state: dict, points: float) -> float:
    """The chance of winning of the player on turn once this turn scores `points` (rounded to a whole score)."""
    scores, mover = totals(state), current_player(state)
    difference = scores[mover] - scores[1 - mover]
    return 1 - win_chance(state["turn_index"] + 1, -(difference + round(points)), not state["options"]["physical"])
