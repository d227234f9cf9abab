"""TYP-DOM: its `tiles`, the edgeless `table`, which `words` count, the `match` of deals every variant plays, the
Kreuzwort-Spiel and Point in `crossword`, the move generator in `moves`, and computer `players`."""

from __future__ import annotations

from ..descriptor import Game
from . import crossword, playout, players

GAME = Game(
    id="typdom",
    rules=crossword,
    players=(crossword.MIN_PLAYERS, crossword.MAX_PLAYERS, 2),
    options=crossword.OPTIONS,
    actions=crossword.ACTION_TYPES,
    accounted=crossword.accounted,
    mover=crossword.mover,
    hint=players.hint,
    computer=players.computer_action,
    calls=(crossword.preview,),
    state_calls=frozenset({"preview"}),
    step=playout.step,
    disguise=playout.disguise,
    setups=({}, {"variant": "point", "hand": [8, 12]},
            {"variant": "point", "verb_forms": True, "names": True, "computer": [0, 2]}),
    guest_calls={"hint": "place", "preview": "place"},
)
