"""The German lexicon every game shares: canonical spelling, tags, the word graph.

`default_lexicon()` is the lexicon the build compiled: the file named by the
environment variable WORTWURF_LEXICON (in the browser the worker writes the
site's file into Pyodide's file system and names it), else this checkout's
dist/lexicon/de.wwlx.gz. It is opened once. `english_lexicon()` is the English
word list Frigiti needs for an English table, found the same way
(WORTWURF_LEXICON_EN, else dist/lexicon/en.wwlx); the browser loads it only
when a table first needs it (`LOAD`).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from .graph import compile_graph
from .lexicon import Entry, Lexicon, Spelling
from .spelling import ALPHABET, normalize
from .tags import STANDALONE

__all__ = [
    "ALPHABET", "Entry", "Lexicon", "Spelling", "compile_graph", "default_lexicon", "english_lexicon", "known_word",
    "normalize",
]

CHECKOUT_LEXICONS = Path(__file__).resolve().parents[3] / "dist" / "lexicon"
# In the browser: load(name) -> the path of the site's word list `name`, fetched when first needed (the worker
# sets it); natively the checkout's dist/lexicon has them.
LOAD = None


def _word_list(variable: str, name: str) -> bytes:
    """A word list's bytes: where `variable` says, else loaded by LOAD, else from the checkout (gzipped there
    when the site ships it so)."""
    if os.environ.get(variable):
        return Path(os.environ[variable]).read_bytes()
    if LOAD is not None:
        return Path(LOAD(name)).read_bytes()
    plain = CHECKOUT_LEXICONS / name
    if plain.exists():
        return plain.read_bytes()
    import gzip  # (natively only: the browser's worker unpacks the site's file as it downloads)

    return gzip.decompress(plain.with_name(f"{name}.gz").read_bytes())


@functools.cache
def default_lexicon() -> Lexicon:
    return Lexicon(_word_list("WORTWURF_LEXICON", "de.wwlx"))


@functools.cache
def english_lexicon() -> Lexicon:
    return Lexicon(_word_list("WORTWURF_LEXICON_EN", "en.wwlx"))


def known_word(text: str, language: str = "de") -> bool:
    """Whether a word exists in a language (`language`: "de" or "en"), by any reading at all, names and
    abbreviations too, but not as a piece of compounds only (ARBEITS)."""
    if language == "en":
        return english_lexicon().lookup(text) is not None
    entry = default_lexicon().lookup(text)
    return entry is not None and bool(entry.bits & STANDALONE)
