"""TYP-DOM's 80 tiles: the rulebook's letters with how many of each, their values, colours and the two jokers,
and how every variant shuffles and deals them."""

from __future__ import annotations

from ...chance import keyed

JOKER = "*"
VOWELS = frozenset("AEIOUY")
# The rulebook's tile table, letter by letter from A to Z: how many tiles, and the Point-Typ-Dom value.
TILE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
COUNTS = dict(zip(TILE_LETTERS, (7, 2, 2, 3, 9, 3, 2, 3, 4, 1, 2, 4, 3, 6, 4, 2, 1, 4, 4, 3, 4, 1, 1, 1, 1, 1)))
VALUES = {**dict(zip(TILE_LETTERS, (1, 4, 4, 3, 1, 3, 4, 3, 1, 6, 4, 2, 3, 2, 1, 4, 9, 2, 2, 3, 1, 6, 6, 9, 9, 6))),
          JOKER: 0}


def colour_of(letter: str) -> str:
    """A letter's tile colour: red for the vowels, black for the consonants."""
    return "red" if letter in VOWELS else "black"


# Every tile once: (letter, colour); red tiles are the vowels and the red joker.
TILES = tuple(
    [(letter, colour_of(letter)) for letter, n in COUNTS.items() for _ in range(n)]
    + [(JOKER, "red"), (JOKER, "black")]
)


def joker_letters() -> dict[str, list[str]]:
    """What a joker of each colour may stand for (a red one a vowel, a black one a consonant), as every
    variant's view gives it."""
    return {colour: [x for x in TILE_LETTERS if colour_of(x) == colour] for colour in ("red", "black")}


def joker_may_show(colour: str, letter) -> bool:
    """Whether a joker of `colour` may stand for `letter` (anything a page sends): one letter of its colour,
    not an empty or longer string, which `in TILE_LETTERS` alone would let by as a piece of the alphabet."""
    return isinstance(letter, str) and len(letter) == 1 and letter in TILE_LETTERS and colour_of(letter) == colour


def hands_filled(red: int, black: int) -> int:
    """How many hands of `red` red and `black` black tiles the set fills, every hand full (the reds run out
    first: 30 make three hands of eight)."""
    reds = sum(colour == "red" for _, colour in TILES)
    return min(reds // red, (len(TILES) - reds) // black)


def shuffled(seed: int, deal: int, salt: str) -> list[int]:
    """Every tile's number once, in the deal's order: a shuffle keyed to the seed, the deal and the variant's
    `salt`, so that a record deals the same tiles again (saved games depend on it never changing)."""
    order = list(range(len(TILES)))
    for i in range(len(order) - 1, 0, -1):
        j = keyed(seed, deal, salt, i) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def dealt(order: list[int], players: int, red: int, black: int) -> tuple[list[list[int]], list[int]]:
    """`players` hands of `red` red and `black` black tiles taken in `order` (the first reds and blacks to the
    first player, the next to the second, and so on), and the tiles left, still in that order."""
    reds = [t for t in order if TILES[t][1] == "red"]
    blacks = [t for t in order if TILES[t][1] == "black"]
    hands = [reds[p * red:(p + 1) * red] + blacks[p * black:(p + 1) * black] for p in range(players)]
    given = {t for hand in hands for t in hand}
    return hands, [t for t in order if t not in given]
