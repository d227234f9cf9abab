"""Text people type: player names, definitions, keywords. One line, measured as a person sees it.

A name is limited by what it shows: "👨‍👩‍👧 Fam" is five characters to the eye
though it is nine code points, held together by invisible joiners (U+200D),
and a name may carry a right-to-left mark. So format characters (Unicode
category Cf) are allowed, while control characters and line breaks are not,
nor a text that shows nothing. `visible_length` approximates Unicode's grapheme
clusters with `unicodedata` alone (Python has nothing like the page's
Intl.Segmenter built in): combining marks, variation selectors, emoji skin
tones and the character after a joiner join the character before; two regional
indicators are one flag; other format characters show nothing and count nothing.
"""

from __future__ import annotations

import functools
import unicodedata

MAX_NAME = 24  # characters as a person sees them
MAX_NAME_CODE_POINTS = 64  # and what they are made of: room for emoji families, a bound on a name's size
REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})  # control characters, lone surrogates, line and paragraph breaks
INVISIBLE = frozenset({"Cf", "Zs", "Mn", "Me"})  # shows nothing by itself
ZWJ = "\u200d"
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)


def line(text) -> str | None:
    """`text` trimmed, every run of spaces one space; None if it is not a string, holds a control character
    or a line break, or shows nothing."""
    if not isinstance(text, str):
        return None
    if not text.isprintable() and any(unicodedata.category(ch) in REFUSED for ch in text):
        return None  # (each refused category is unprintable: most text is looked at once, in C)
    text = " ".join(text.split())
    return text if any(unicodedata.category(ch) not in INVISIBLE for ch in text) else None


def visible_length(text: str) -> int:
    """How many characters a person sees in `text` (an approximation of grapheme clusters)."""
    if text.isascii():
        return len(text)
    count, joined, flag_open = 0, False, False
    for ch in text:
        category = unicodedata.category(ch)
        if ch == ZWJ:
            joined = True
        elif category in ("Cf", "Mn", "Mc", "Me") or ord(ch) in SKIN_TONES:
            continue  # joins the character before (or, alone, shows nothing)
        elif joined:
            joined = False
        elif ord(ch) in REGIONAL_INDICATORS and flag_open:
            flag_open = False
        else:
            flag_open = ord(ch) in REGIONAL_INDICATORS
            count += 1
    return count


def name(text) -> str | None:
    """A player's name as it is kept (see `line`), or None unless it shows 1 to MAX_NAME characters made of
    at most MAX_NAME_CODE_POINTS code points."""
    return _name(text) if isinstance(text, str) else None


@functools.lru_cache(maxsize=256)  # a Frigiti dictionary names the same few authors thousands of times
def _name(text: str) -> str | None:
    text = line(text)
    if text is None or len(text) > MAX_NAME_CODE_POINTS or visible_length(text) > MAX_NAME:
        return None
    return text
