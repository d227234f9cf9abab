"""Random play of Presto as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from ..typdom.tiles import TILES
from .rules import RACING, WAITING, legal_actions
from .solver import solve


def disguise(rng, state: dict, seat: int | None) -> dict:
    """The deal as `seat` cannot tell it from this one: every hand it has not seen dealt again from the tiles
    not in the hands it has (a hand of the same reds and blacks), and those players' tables cleared."""
    hidden = [p for p in range(len(state["players"])) if not state["deal_over"] and
              (p != seat or state["status"][p] == WAITING)]
    seen = {t for p, hand in enumerate(state["hands"]) if p not in hidden for t in hand}
    spare = {colour: [t for t in range(len(TILES)) if t not in seen and TILES[t][1] == colour]
             for colour in ("red", "black")}
    for tiles in spare.values():
        rng.shuffle(tiles)
    hands = [list(hand) for hand in state["hands"]]
    tables = [dict(table) for table in state["tables"]]
    for p in hidden:
        reds = sum(TILES[t][1] == "red" for t in hands[p])
        hands[p] = [spare["red"].pop() for _ in range(reds)] + [spare["black"].pop() for _ in range(len(hands[p]) - reds)]
        tables[p] = {}
    return {**state, "hands": hands, "tables": tables}


def step(rng, state: dict) -> dict:
    """In a race (one of those on, several racing at once sometimes): lay the solver's table (half of it
    sometimes first), finish, or give up, naming the racer; else what is listed (a race started)."""
    racing = [p for p, status in enumerate(state["status"]) if status == RACING]
    if not racing or rng.random() < 0.1:
        return rng.choice(legal_actions(state))
    seat = rng.choice(racing)
    found = solve(state["hands"][seat], state["options"], budget=30)
    seconds = min(state["seconds"][seat] + rng.uniform(1, 90), 60.0 * state["options"]["minutes"])
    roll = rng.random()
    if roll < 0.2:
        half = dict(list(found["cells"].items())[: len(found["cells"]) // 2])
        return {"type": "arrange", "cells": half, "seconds": seconds, "player": seat}
    if roll < 0.85 and found["solved"]:
        return {"type": "done", "cells": found["cells"], "seconds": seconds, "player": seat}
    return rng.choice([action for action in legal_actions(state) if action.get("player") == seat])
