"""How the games compare letters: one canonical spelling per word.

Upper case; ß is SS; accents are dropped, but Ä, Ö and Ü stay letters of their
own (the lexicon also finds them when a player writes AE, OE, UE). A word with
anything else in it (digits, hyphens, apostrophes, spaces, dots) does not count.
"""

from __future__ import annotations

import unicodedata

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"
UMLAUTS = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}
_KEEP = {"A\u0308": "Ä", "O\u0308": "Ö", "U\u0308": "Ü"}


def normalize(text: str) -> str | None:
    """The canonical spelling of `text`, or None if it cannot be a game word."""
    if not isinstance(text, str):
        return None
    if text.isascii():  # the common case, without Unicode decomposition
        word = text.strip().upper()
        return word if word.isalpha() else None
    upper = text.strip().upper().replace("ß", "SS").replace("ẞ", "SS")
    decomposed = unicodedata.normalize("NFD", upper)
    for pair, umlaut in _KEEP.items():
        decomposed = decomposed.replace(pair, umlaut)
    word = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    if not word or any(ch not in ALPHABET for ch in word):
        return None
    return word
