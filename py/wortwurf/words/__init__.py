"""The German lexicon every game shares: canonical spelling, tags, the word graph.

`default_lexicon()` is the lexicon the build compiled: the file named by the
environment variable WORTWURF_LEXICON (in the browser the worker writes the
site's file into Pyodide's file system and names it), else this checkout's
dist/lexicon/de.wwlx. It is opened once. `english_lexicon()` is the English
word list Frigiti needs for an English table, found the same way
(WORTWURF_LEXICON_EN, else dist/lexicon/en.wwlx).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from . import rules
from .graph import compile_graph
from .lexicon import Entry, Lexicon, Spelling
from .spelling import ALPHABET, normalize

__all__ = [
    "ALPHABET", "Entry", "Lexicon", "Spelling", "compile_graph", "default_lexicon", "describe", "english_lexicon",
    "known_word", "normalize",
]

CHECKOUT_LEXICONS = Path(__file__).resolve().parents[3] / "dist" / "lexicon"


@functools.cache
def default_lexicon() -> Lexicon:
    return Lexicon(Path(os.environ.get("WORTWURF_LEXICON") or CHECKOUT_LEXICONS / "de.wwlx").read_bytes())


@functools.cache
def english_lexicon() -> Lexicon:
    return Lexicon(Path(os.environ.get("WORTWURF_LEXICON_EN") or CHECKOUT_LEXICONS / "en.wwlx").read_bytes())


def known_word(text: str, language: str = "de") -> bool:
    """Whether a word already exists in the table's language (Frigiti must roll again)."""
    if language == "en":
        return english_lexicon().lookup(text) is not None
    entry = default_lexicon().lookup(text)
    return entry is not None and rules.known_in_frigiti(entry.bits)


def describe(text: str) -> dict | None:
    """For the dictionary screen: the word, its tags and sources, where it counts, and why not where it
    does not (a code such as "brand", "family_name", "place", "verb_form", "abbreviation")."""
    entry = default_lexicon().lookup(text)
    if entry is None:
        return None
    why_not = {"dicewords": rules.refusal_in_dicewords(entry.bits), "typdom": rules.refusal_in_typdom(entry.bits)}
    return {
        "word": entry.word,
        "tags": entry.tags,
        "sources": entry.sources,
        "counts": {**{game: reason is None for game, reason in why_not.items()},
                   "frigiti": rules.known_in_frigiti(entry.bits)},
        "why_not": why_not,
    }
