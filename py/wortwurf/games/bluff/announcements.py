"""The words that may be announced at a table of "Wer behält recht?" and the infix search over them: the
rules ask it whether a player could start a word, the computer players and the hint which words hold a
fragment."""

from __future__ import annotations

from functools import cache, lru_cache, partial
from itertools import groupby
from typing import Iterator

from ...words import default_lexicon
from ...words.spelling import UMLAUTS
from ..typdom.words import counts


@lru_cache(maxsize=2)
def announceable(names: bool, verb_forms: bool) -> tuple[tuple[int, str], ...]:
    """Every word that counts at a table with these house rules, in TYP-DOM's spelling (no umlaut tiles), as
    (length, text) shortest first, where text holds the words of that length in alphabet order, each followed
    by a newline (the k-th word starts at k * (length + 1)): one string per length lets `str.find` do the
    infix search. Made once per worker, by walking the whole lexicon, the spelling done in bulk: 0.4 s
    natively, 0.8 s in a laptop's page (word by word it took 0.8 and 1.6 s)."""
    allowed = cache(partial(counts, {"names": names, "verb_forms": verb_forms}))  # (a few hundred tag sets)
    spelled = "\n".join(word for word, bits in default_lexicon().words() if allowed(bits))
    for umlaut, pair in UMLAUTS.items():  # (a replace a letter over all words: str.translate took 0.2 s)
        spelled = spelled.replace(umlaut, pair)
    by_length = groupby(sorted(spelled.split("\n"), key=len), key=len)  # (sorted keeps the alphabet order)
    return tuple((length, "\n".join(dict.fromkeys(words)) + "\n")  # (ÄSTE and AESTE are one)
                 for length, words in by_length if length >= 2)


def words_containing(state: dict, fragment: str) -> Iterator[str]:
    """The words that count at this table and contain `fragment` (capital letters) as one run, shortest first
    (the likeliest to be finished), found as they are asked for: a one-letter fragment is in most words."""
    return containing(state["options"]["names"], state["options"]["verb_forms"], fragment)


def containing(names: bool, verb_forms: bool, fragment: str) -> Iterator[str]:
    for length, words in announceable(names, verb_forms):
        if length < len(fragment):
            continue
        width = length + 1
        at = words.find(fragment)
        while at >= 0:
            start = at - at % width
            yield words[start:start + length]
            at = words.find(fragment, start + width)


@lru_cache(maxsize=256)
def count_containing(names: bool, verb_forms: bool, fragment: str) -> int:
    """How many words that count contain `fragment`, kept: the hint asks about the same fragments turn after
    turn, and a common one is in a hundred thousand words."""
    return sum(1 for _ in containing(names, verb_forms, fragment))
