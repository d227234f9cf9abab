"""DICEWORDS: `rules`, the word finder, keep advice and computer players in `strategy`, and `tables`."""

from __future__ import annotations

from ..descriptor import Game, Generated
from . import playout, rules, strategy

GAME = Game(
    id="dicewords",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 2),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    mover=rules.mover,
    hint=rules.hint,
    computer=strategy.computer_action,
    advice=strategy.advice,
    prepare=strategy.prepare,
    calls=(rules.lay_word,),
    state_calls=frozenset({"lay_word"}),
    step=playout.step,
    setups=({"target": 50}, {"target": 50, "physical": True, "locked_keeps": True}, {"target": 50, "computer": [3, 2]}),
    generated=(Generated(f"{__name__}.tables.keys", f"{strategy.__name__}:keys_module", lexicon=True),),
    guest_calls={"lay_word": "declare", "hint": "declare", "advice": "declare"},
)
