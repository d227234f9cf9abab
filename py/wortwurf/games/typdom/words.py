"""Which forms count at a TYP-DOM table: the game's own rule, or the house rules the table chose."""

from __future__ import annotations

from ...words import default_lexicon
from ...words.rules import counts_in_dicewords, counts_in_typdom
from ...words.tags import STANDALONE


def is_word(state: dict, word: str, lexicon=None) -> bool:
    """A word by TYP-DOM's rules, or by the house rules the table chose."""
    entry = (lexicon or default_lexicon()).lookup(word)
    return entry is not None and len(word) >= 2 and counts(state["options"], entry.bits)


def counts(options: dict, tag_bits: int) -> bool:
    """Whether a form with these tags counts at this table."""
    if options["names"]:
        return bool(tag_bits & STANDALONE)
    if options["verb_forms"]:
        return counts_in_dicewords(tag_bits) or counts_in_typdom(tag_bits)
    return counts_in_typdom(tag_bits)


def refused_words(state: dict, words: list[tuple[str, list]], lexicon=None) -> list[str]:
    """Those of a placement's words that the table's rules refuse."""
    return [word for word, _ in words if not is_word(state, word, lexicon)]
