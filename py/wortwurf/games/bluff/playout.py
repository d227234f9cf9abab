"""Random play of "Wer behält recht?" as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .players import choices, finishing_tiles
from .rules import FORCED, legal_actions


def step(rng, state: dict) -> dict:
    """Mostly one of the lays a player could make; a forced finish when the rack allows; else what is listed."""
    if not state["deal_over"] and state["phase"] == FORCED:
        tiles = finishing_tiles(state)
        return {"type": "finish", "tiles": tiles} if tiles and rng.random() < 0.8 else {"type": "fail"}
    found = choices(state, limit_words=5, most=8) if not state["deal_over"] and rng.random() < 0.7 else []
    return rng.choice(found)["action"] if found else rng.choice(legal_actions(state))
