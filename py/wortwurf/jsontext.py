"""JSON text from outside the engine, parsed only when it is small and shallow enough.

`json.loads` recurses once per level of nesting, and in the browser Pyodide's
stack runs out long before Python's recursion limit: 3,000 nested brackets kill
the worker outright. So the depth is measured first, without recursion (two
regular expressions and one pass over the brackets left), and the size is
bounded by the caller. NaN and Infinity are refused too: they are not JSON, and
an answer holding one could not be read by the page.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

MAX_DEPTH = 64  # no state, record or dictionary file is nested a tenth as deep
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LEVEL = {"[": 1, "{": 1, "]": -1, "}": -1}


def loads(text, max_chars: int):
    """The data in `text`; ValueError if it is not a string of at most `max_chars` characters of JSON
    nested at most MAX_DEPTH deep."""
    if not isinstance(text, str) or len(text) > max_chars:
        raise ValueError("not a JSON text of the allowed size")
    if depth(text) > MAX_DEPTH:
        raise ValueError(f"JSON nested more than {MAX_DEPTH} deep")
    return json.loads(text, parse_constant=_not_a_number, parse_float=_finite)


def depth(text: str) -> int:
    """How deep the brackets outside strings nest (at least as deep as a parser would go before it failed)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_LEVEL.__getitem__, brackets)), default=0)


def _not_a_number(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number
