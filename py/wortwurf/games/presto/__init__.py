"""TYP-DOM Presto: the race to lay a whole hand as one crossword; its `rules` (the race, the whole-table check,
the scoring), its `solver` (solution, hint, computer racers) and its `codes` (a deal shared by several phones),
on TYP-DOM's tiles, table, words, match and moves."""

from __future__ import annotations

from ..descriptor import Game
from . import codes, playout, rules, solver

GAME = Game(
    id="presto",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 4),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    mover=rules.mover,
    hint=solver.race_hint,
    computer=solver.computer_action,
    calls=(rules.table_marks, solver.race_hint, solver.solution, rules.puzzle_of_the_day, rules.daily_record,
           codes.deal_code, codes.join_deal, codes.shared_result, codes.verify, codes.shared_standings),
    state_calls=frozenset({"table_marks", "race_hint", "solution", "shared_result"}),
    step=playout.step,
    disguise=playout.disguise,
    setups=({}, {"hand": 13, "one_left": True, "marks": False}, {"computer": [0, 1, 2, 3], "deals": 2}),
    guest_calls={"table_marks": "arrange", "race_hint": "arrange", "solution": None},  # (a race ended: `solution`)
    searches=frozenset({"race_hint", "solution"}),
    prepare=solver.prepare,
)
