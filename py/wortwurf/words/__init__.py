"""The German lexicon every game shares: canonical spelling, tags, the word graph.

`default_lexicon()` opens the lexicon the build compiled: the file named by the
environment variable WORTWURF_LEXICON (the browser's worker sets it), else the
build output of this source checkout (dist/lexicon/de.wwlx).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from .graph import compile_graph
from .lexicon import Entry, Lexicon, Spelling
from .spelling import ALPHABET, normalize

__all__ = ["ALPHABET", "Entry", "Lexicon", "Spelling", "compile_graph", "default_lexicon", "normalize"]

CHECKOUT_LEXICON = Path(__file__).resolve().parents[3] / "dist" / "lexicon" / "de.wwlx"


@functools.cache
def default_lexicon() -> Lexicon:
    path = Path(os.environ.get("WORTWURF_LEXICON") or CHECKOUT_LEXICON)
    return Lexicon(path.read_bytes())
