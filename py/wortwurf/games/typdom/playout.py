"""Random play of TYP-DOM as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .players import hint
from .crossword import legal_actions


def step(rng, state: dict) -> dict:
    """Mostly the hint's placement; else any listed action (a draw, a stop, the next deal)."""
    move = hint(state)["move"] if not state["deal_over"] and rng.random() < 0.7 else None
    return {"type": "place", "tiles": move["tiles"]} if move else rng.choice(legal_actions(state))
