"""Random play of "Wer behält recht?" as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .players import choices, finishing_tiles
from .rules import FORCED, legal_actions, starting_lay


def step(rng, state: dict) -> dict:
    """Mostly one of the lays a player could make; a forced finish when the rack allows; else what is listed (or,
    at a start that may not be passed on, a start the rules find)."""
    if not state["deal_over"] and state["phase"] == FORCED:
        tiles = finishing_tiles(state)
        return {"type": "finish", "tiles": tiles} if tiles and rng.random() < 0.8 else {"type": "fail"}
    found = choices(state, limit_words=5, most=8) if not state["deal_over"] and rng.random() < 0.7 else []
    if found:
        return rng.choice(found)["action"]
    listed = legal_actions(state)
    return rng.choice(listed) if listed else starting_lay(state)  # a start not to be passed on, nothing to draw
