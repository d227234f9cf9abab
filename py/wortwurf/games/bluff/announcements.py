"""The words that may be announced at a table of "Wer behält recht?" and the infix search over them: the
rules ask it whether a player could start a word, the computer players and the hint which words hold a
fragment.

Listing them walks the whole lexicon: a phone's worker takes seconds. The rules wait for the whole list
(`announceable`); a search (hint, computer) asked before it is made takes the words walked so far
(`listed`), and the walk goes on a share of each such call's time budget (`walk_on`) until it is whole.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from itertools import chain, groupby
from typing import Iterator

from ...budget import out_of_time, share
from ...words import default_lexicon
from ...words.spelling import UMLAUTS
from ...words.tags import KNOWN
from ..typdom.words import counts

WALK_SHARE = 0.5  # of a search's time left, what a call may spend walking the lexicon on
WORDS_BETWEEN_LOOKS = 4096  # words walked between looks at the time budget


class _Walk:
    """The lexicon walked for one table's house rules, as far as calls have taken it, its words kept by
    length as they come (in the walk's order: the alphabet's), those people know first (the lexicon's
    "frequent": the first words a search tries, so the computers and the hint prefer them)."""

    def __init__(self, names: bool, verb_forms: bool):
        allowed = cache(partial(counts, {"names": names, "verb_forms": verb_forms}))  # (a few hundred tag sets)
        self.words = ((word, bool(bits & KNOWN)) for word, bits in default_lexicon().words() if allowed(bits))
        self.walked = 0
        self.by_length: dict[int, tuple[dict, dict]] = {}  # (known, the rest); dicts: ÄSTE and AESTE are one
        self.listed: tuple[tuple[int, str], ...] = ()  # `lists()` as of the last step stopped out of time

    def step(self, until_out_of_time: bool) -> bool:
        """Walk on (until the time budget is spent, if asked); whether the walk is whole."""
        taken: tuple[list, list] = ([], [])  # the rest, those people know
        for count, (word, known) in enumerate(self.words, 1):
            taken[known].append(word)
            if until_out_of_time and not count % WORDS_BETWEEN_LOOKS and out_of_time():
                self._keep(taken)
                self.listed = self.lists()
                return False
        self._keep(taken)
        return True

    def _keep(self, taken: tuple[list, list]) -> None:
        for known in (True, False):
            spelled = "\n".join(taken[known])
            for umlaut, pair in UMLAUTS.items():  # (a replace a letter over all words: str.translate took 0.2 s)
                spelled = spelled.replace(umlaut, pair)
            for length, alike in groupby(sorted(spelled.split("\n"), key=len), key=len):  # (sorted keeps the order)
                if length < 2:
                    continue
                first, rest = self.by_length.setdefault(length, ({}, {}))
                (first if known else rest).update(dict.fromkeys(alike))
                for word in [word for word in first if word in rest]:  # (few are known: loop over those)
                    del rest[word]
        self.walked += len(taken[0]) + len(taken[1])

    def lists(self) -> tuple[tuple[int, str], ...]:
        """The words walked so far as `announceable` lists them."""
        return tuple((length, "\n".join(chain(first, rest)) + "\n")
                     for length, (first, rest) in sorted(self.by_length.items()))


_walks: dict[tuple[bool, bool], _Walk] = {}  # house rules: a walk under way
_made: dict[tuple[bool, bool], tuple] = {}  # house rules: their list (the last two made)


def announceable(names: bool, verb_forms: bool) -> tuple[tuple[int, str], ...]:
    """Every word that counts at a table with these house rules, in TYP-DOM's spelling (no umlaut tiles), as
    (length, text) shortest first, where text holds the words of that length, those people know first and each
    part in alphabet order, each followed
    by a newline (the k-th word starts at k * (length + 1)): one string per length lets `str.find` do the
    infix search. Made once per worker, by walking the whole lexicon (a walk under way goes on), the spelling
    done in bulk: 0.4 s natively, 0.8 s in a laptop's page (word by word it took 0.8 and 1.6 s)."""
    house_rules = names, verb_forms
    if house_rules not in _made:
        walk = _walks.pop(house_rules, None) or _Walk(names, verb_forms)
        walk.step(until_out_of_time=False)
        if len(_made) >= 2:
            del _made[next(iter(_made))]
        _made[house_rules] = walk.lists()
    return _made[house_rules]


def walk_on(names: bool, verb_forms: bool) -> None:
    """Before a search: the list made, or its walk taken on for a share of the time left (to its end where
    there is no budget)."""
    house_rules = names, verb_forms
    if house_rules in _made:
        return
    if house_rules not in _walks:
        _walks[house_rules] = _Walk(names, verb_forms)
    walk = _walks[house_rules]
    with share(WALK_SHARE):
        whole = walk.step(until_out_of_time=True)
    if whole:
        announceable(names, verb_forms)  # (takes the walk over and lists it)


def listed(names: bool, verb_forms: bool) -> tuple[int | None, tuple[tuple[int, str], ...]]:
    """For a search, after `walk_on`: (None, the whole list) once it is made, else (the words walked so far,
    the list of them): the count tells the lists of one walk's steps apart."""
    walk = _walks.get((names, verb_forms))
    return (None, announceable(names, verb_forms)) if walk is None else (walk.walked, walk.listed)


def words_containing(state: dict, fragment: str) -> Iterator[str]:
    """The words that count at this table and contain `fragment` (capital letters) as one run, shortest first
    (the likeliest to be finished), found as they are asked for: a one-letter fragment is in most words."""
    return containing(announceable(state["options"]["names"], state["options"]["verb_forms"]), fragment)


def containing(lists: tuple[tuple[int, str], ...], fragment: str) -> Iterator[str]:
    """The words of `lists` (as `announceable` makes them) holding `fragment`, shortest first."""
    for length, words in lists:
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
    return sum(1 for _ in containing(announceable(names, verb_forms), fragment))
