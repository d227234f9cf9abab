"""The dictionary screen's verdict on a word: each game's own word rule asked of the lexicon's tags."""

from __future__ import annotations

from .games.dicewords import words as dicewords
from .games.typdom import words as typdom
from .words import default_lexicon, known_word


def describe(text: str) -> dict | None:
    """The word, its tags and sources, where it counts, and why not where it does not (a code such as "brand",
    "family_name", "place", "verb_form", "abbreviation"); TYP-DOM's verdict is without house rules. None: the
    lexicon does not know it."""
    entry = default_lexicon().lookup(text)
    if entry is None:
        return None
    why_not = {"dicewords": dicewords.refusal(entry.bits), "typdom": typdom.refusal(entry.bits)}
    return {
        "word": entry.word,
        "tags": entry.tags,
        "sources": entry.sources,
        "counts": {**{game: reason is None for game, reason in why_not.items()}, "frigiti": known_word(text)},
        "why_not": why_not,
    }
