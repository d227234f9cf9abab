"""The German lexicon every game shares: canonical spelling, tags, the word graph.

`default_lexicon()` is the lexicon the build compiled: in the browser the bytes
the worker handed to `install_default_lexicon`; natively the file named by the
environment variable WORTWURF_LEXICON, else this checkout's dist/lexicon/de.wwlx.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import rules
from .graph import compile_graph
from .lexicon import Entry, Lexicon, Spelling
from .spelling import ALPHABET, normalize

__all__ = [
    "ALPHABET", "Entry", "Lexicon", "Spelling", "compile_graph", "default_lexicon", "describe",
    "install_default_lexicon", "normalize",
]

CHECKOUT_LEXICON = Path(__file__).resolve().parents[3] / "dist" / "lexicon" / "de.wwlx"
_installed: list[Lexicon] = []


def install_default_lexicon(data: bytes) -> int:
    """Make `data` (a compiled lexicon) the default; returns its number of forms."""
    _installed[:] = [Lexicon(bytes(data))]
    return _installed[0].forms


def default_lexicon() -> Lexicon:
    if not _installed:
        path = Path(os.environ.get("WORTWURF_LEXICON") or CHECKOUT_LEXICON)
        _installed.append(Lexicon(path.read_bytes()))
    return _installed[0]


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
