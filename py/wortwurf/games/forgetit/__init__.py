"""FOR-GET-IT: `rules`, the turn `solver`, the two-player `race`, computer `players`, and `tables`."""

from __future__ import annotations

from ..descriptor import Game, Generated
from . import playout, players, race, rules, solver

GAME = Game(
    id="forgetit",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 2),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    mover=rules.mover,
    hint=solver.hint,
    computer=players.computer_action,
    prepare=race.prepare,
    advice=race.advice,
    review=solver.review,
    step=playout.step,
    setups=({}, {"physical": True}, {"computer": [3, 1]}),
    generated=(
        Generated(f"{__name__}.tables.solution", f"{solver.__name__}:solution_module"),
        Generated(f"{__name__}.tables.wins", f"{race.__name__}:table_module", (("seen", True),), in_sources=True),
        Generated(f"{__name__}.tables.wins_unseen", f"{race.__name__}:table_module", (("seen", False),),
                  in_sources=True),
    ),
    guest_calls={"hint": "roll", "advice": "roll"},
)
