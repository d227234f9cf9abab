"""TYP-DOM's 80 tiles: the rulebook's letters with how many of each, their values, colours and the two jokers."""

from __future__ import annotations

JOKER = "*"
VOWELS = frozenset("AEIOUY")
# The rulebook's tile table, letter by letter from A to Z: how many tiles, and the Point-Typ-Dom value.
TILE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
COUNTS = dict(zip(TILE_LETTERS, (7, 2, 2, 3, 9, 3, 2, 3, 4, 1, 2, 4, 3, 6, 4, 2, 1, 4, 4, 3, 4, 1, 1, 1, 1, 1)))
VALUES = {**dict(zip(TILE_LETTERS, (1, 4, 4, 3, 1, 3, 4, 3, 1, 6, 4, 2, 3, 2, 1, 4, 9, 2, 2, 3, 1, 6, 6, 9, 9, 6))),
          JOKER: 0}
# Every tile once: (letter, colour); red tiles are the vowels and the red joker.
TILES = tuple(
    [(letter, "red" if letter in VOWELS else "black") for letter, n in COUNTS.items() for _ in range(n)]
    + [(JOKER, "red"), (JOKER, "black")]
)


def hands_filled(red: int, black: int) -> int:
    """How many hands of `red` red and `black` black tiles the set fills, every hand full (the reds run out
    first: 30 make three hands of eight)."""
    reds = sum(colour == "red" for _, colour in TILES)
    return min(reds // red, (len(TILES) - reds) // black)
