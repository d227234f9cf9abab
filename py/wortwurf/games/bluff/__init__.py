"""TYP-DOM "Wer behält recht?": announcing and bluffing on the growing crossword (`rules`), its computer
players and hint (`players`), on TYP-DOM's tiles, table and word rules."""

from __future__ import annotations

from ..descriptor import Game
from ..typdom.playout import disguise
from . import playout, players, rules

GAME = Game(
    id="bluff",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 3),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    mover=rules.mover,
    hint=players.hint,
    computer=players.computer_action,
    prepare=players.prepare,
    calls=(rules.verdict, players.finishing_tiles, players.words_with),
    state_calls=frozenset({"verdict", "finishing_tiles", "words_with"}),
    step=playout.step,
    disguise=disguise,
    setups=({}, {"computer": [3, 2, 1], "deals": 2}),
    guest_calls={"hint": "lay", "verdict": "lay", "words_with": "lay", "finishing_tiles": "finish"},
)
