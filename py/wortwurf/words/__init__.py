"""The German lexicon every game shares: canonical spelling, tags, the word graph.

`default_lexicon()` is the lexicon the build compiled: the file named by the
environment variable WORTWURF_LEXICON (in the browser the worker writes the
site's file into Pyodide's file system and names it), else this checkout's
dist/lexicon/de.wwlx. It is opened once.
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
    "ALPHABET", "Entry", "Lexicon", "Spelling", "compile_graph", "default_lexicon", "describe", "normalize",
]

CHECKOUT_LEXICON = Path(__file__).resolve().parents[3] / "dist" / "lexicon" / "de.wwlx"


@functools.cache
def default_lexicon() -> Lexicon:
    return Lexicon(Path(os.environ.get("WORTWURF_LEXICON") or CHECKOUT_LEXICON).read_bytes())


def describe(text: str) -> dict | None:
    """For the dictionary screen: the word, its tags and sources, and where it counts."""
    entry = default_lexicon().lookup(text)
    if entry is None:
        return None
    return {
        "word": entry.word,
        "tags": entry.tags,
        "sources": entry.sources,
        "counts": {
            "dicewords": rules.counts_in_dicewords(entry.bits),
            "typdom": rules.counts_in_typdom(entry.bits),
            "frigiti": rules.known_in_frigiti(entry.bits),
        },
    }
