"""Random play of TYP-DOM as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .players import hint
from .crossword import legal_actions


def disguise(rng, state: dict, seat: int | None) -> dict:
    """The deal as `seat` cannot tell it from this one: the pool and the other racks dealt again from the
    same tiles, each rack as large as before."""
    hidden = [p for p in range(len(state["racks"])) if p != seat]
    tiles = [*state["pool"], *(t for p in hidden for t in state["racks"][p])]
    rng.shuffle(tiles)
    racks = [list(rack) for rack in state["racks"]]
    for p in hidden:
        racks[p], tiles = tiles[:len(racks[p])], tiles[len(racks[p]):]
    return {**state, "racks": racks, "pool": tiles}


def step(rng, state: dict) -> dict:
    """Mostly the hint's placement; else any listed action (a draw, a stop, the next deal)."""
    move = hint(state)["move"] if not state["deal_over"] and rng.random() < 0.7 else None
    return {"type": "place", "tiles": move["tiles"]} if move else rng.choice(legal_actions(state))
