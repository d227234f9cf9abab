"""TYP-DOM: `rules` of the Kreuzwort-Spiel and Point, the move generator in `moves`, computer `players`."""

from __future__ import annotations

from ..descriptor import Game
from . import playout, players, rules

GAME = Game(
    id="typdom",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 2),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    hint=players.hint,
    computer=players.computer_action,
    calls=(rules.preview,),
    state_calls=frozenset({"preview"}),
    step=playout.step,
    setups=({}, {"variant": "point", "hand": [8, 12]},
            {"variant": "point", "verb_forms": True, "names": True, "computer": [0, 2]}),
)
