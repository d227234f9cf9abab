"""Writes bench/typdom_positions.json: the fixed set of 50 mid-game TYP-DOM positions the move
generator is timed on. Each comes from a Point game of five middling computer players,
stopped once 40 to 60 tiles lie on the table; the player to move then gets 13 tiles from those
not on the table, every second position with a joker among them and the others without.

Run once: python bench/typdom_positions.py (the file is committed, so every bench times the same
positions)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from wortwurf import engine  # noqa: E402
from wortwurf.games.typdom.crossword import current_player  # noqa: E402
from wortwurf.games.typdom.tiles import JOKER, TILES  # noqa: E402
from wortwurf.games.typdom.players import computer_action  # noqa: E402

COUNT = 50
RACK = 13


def position(seed: int, with_joker: bool) -> dict | None:
    rng = random.Random(seed)
    target = rng.randint(40, 60)
    players = ["A", "B", "C", "D", "E"]
    state = engine.new_game("typdom", players, {"variant": "point", "computer": [2] * len(players)}, seed)
    while len(state["cells"]) < target:
        if state["deal_over"]:
            return None
        state = engine.apply(state, computer_action(state))
    if state["deal_over"] or state["placed"]:
        return None
    on_table = {tile for tile, _ in state["cells"].values()}
    spare = [t for t in range(len(TILES)) if t not in on_table]
    jokers = [t for t in spare if TILES[t][0] == JOKER]
    others = [t for t in spare if TILES[t][0] != JOKER]
    if len(others) < RACK or (with_joker and not jokers):
        return None
    rack = sorted(rng.sample(others, RACK - 1) + [rng.choice(jokers)] if with_joker else rng.sample(others, RACK))
    return {"seed": seed, "cells": state["cells"], "rack": rack, "player": current_player(state)}


def main() -> None:
    positions, seed = [], 0
    while len(positions) < COUNT:
        seed += 1
        found = position(seed, with_joker=len(positions) % 2 == 0)
        if found:
            positions.append(found)
            print(len(positions), seed, len(found["cells"]), flush=True)
    (ROOT / "bench" / "typdom_positions.json").write_text(json.dumps(positions, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
