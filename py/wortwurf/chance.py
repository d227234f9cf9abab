"""Seeded chance: an outcome keyed to the seed and its place in the game.

The same (seed, key) always gives the same number, whatever happened in
between, so a replayed game, or a step redone after an undo, rolls the same.
"""

from __future__ import annotations

import hashlib


def keyed(seed: int, *key) -> int:
    """A 64-bit number determined by the seed and the key."""
    digest = hashlib.sha256(":".join(map(str, (seed, *key))).encode()).digest()
    return int.from_bytes(digest[:8], "big")
