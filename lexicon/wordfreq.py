"""wordfreq's German word list (PyPI wordfreq, its `large_de` list): which words German text uses, most common
first. The lexicon takes Wiktionary's nouns that it names (`sources.wiktionary_nouns`), and
bench/lexicon_coverage.py measures the lexicon against its most common words.

The list is MessagePack (wordfreq's "cBpack": a header, then one list of words per centibel of frequency, the
most frequent first); this reads the part of MessagePack it uses rather than add a dependency.
"""

from __future__ import annotations

import gzip
import struct
import zipfile
from pathlib import Path

LIST = "wordfreq/data/large_de.msgpack.gz"
HEADER = {"format": "cB", "version": 1}
SIZES = {0xD9: "B", 0xDA: ">H", 0xDB: ">I", 0xDC: ">H", 0xDD: ">I"}  # str 8/16/32, array 16/32: their count's format


def ranked_words(wheel: Path) -> list[str]:
    """Every word of the list in wordfreq's own order (as its `top_n_list("de", n)` gives the first n)."""
    with zipfile.ZipFile(wheel) as archive:
        (header, *buckets), _ = unpack(gzip.decompress(archive.read(LIST)))
    if header != HEADER:
        raise ValueError(f"not a wordfreq cBpack list: {header!r}")
    return [word for bucket in buckets for word in bucket]


def unpack(data: bytes, at: int = 0) -> tuple[object, int]:
    """(value, where the next one begins): maps, arrays, strings and small integers."""
    first = data[at]
    if first <= 0x7F:
        return first, at + 1
    if first & 0xF0 in (0x80, 0x90):
        return _items(data, at + 1, first & 0x0F, pairs=first & 0xF0 == 0x80)
    if first & 0xE0 == 0xA0:
        return _text(data, at + 1, first & 0x1F)
    if first not in SIZES:
        raise ValueError(f"unexpected MessagePack byte {first:#x} at {at}")
    (count,) = struct.unpack_from(SIZES[first], data, at + 1)
    at += 1 + struct.calcsize(SIZES[first])
    return _text(data, at, count) if first <= 0xDB else _items(data, at, count, pairs=False)


def _text(data: bytes, at: int, size: int) -> tuple[str, int]:
    return data[at : at + size].decode("utf-8"), at + size


def _items(data: bytes, at: int, count: int, pairs: bool) -> tuple[object, int]:
    items = []
    for _ in range(2 * count if pairs else count):
        item, at = unpack(data, at)
        items.append(item)
    return (dict(zip(items[::2], items[1::2])) if pairs else items), at
