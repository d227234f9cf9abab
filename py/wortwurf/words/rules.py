"""Which game lets a word count, read from its tags (see the rules notes).

A form carries the tags of all its readings, so a rule asks whether *some*
reading is allowed: ART counts in DICEWORDS (a noun) although "Art." is also
an abbreviation; LIEBE counts in TYP-DOM (a noun) although it is also a verb form;
MÜLLER counts in both (a noun) although it is also a family name.

Each game's rule answers why a word does not count (None: it counts), so the
dictionary screen can say it and the games, hints and computer players all
read the same verdict.
"""

from __future__ import annotations

from .tags import BIT, STANDALONE, bits

NAMES = bits("first_name", "place", "name")
# Readings that make a word ordinary in DICEWORDS: anything but an abbreviation or a proper name.
ORDINARY = bits("infinitive", "verb_form", "noun", "adjective", "lower", "compound")
NON_VERB = bits("infinitive", "noun", "adjective", "first_name", "place")


def _plain_capitalised(tag_bits: int) -> bool:
    """Written with a capital and not known as a name: a noun, as far as we know."""
    return bool(tag_bits & BIT["capitalised"]) and not tag_bits & NAMES


def _kind(tag_bits: int) -> str:
    """What a word is that no game's ordinary reading covers: the most telling of its readings."""
    if tag_bits & BIT["abbreviation"]:
        return "abbreviation"
    if tag_bits & BIT["name"]:
        return "brand" if tag_bits & BIT["brands"] else "family_name" if tag_bits & BIT["surnames"] else "name"
    if tag_bits & BIT["place"]:
        return "place"
    if tag_bits & BIT["first_name"]:
        return "first_name"
    return "verb_form"  # (TYP-DOM: a conjugated verb and nothing else)


def refusal_in_dicewords(tag_bits: int) -> str | None:
    """Any word but an abbreviation or a proper name (names, places, first names alike)."""
    if tag_bits & ORDINARY or _plain_capitalised(tag_bits):
        return None
    return _kind(tag_bits)


def refusal_in_typdom(tag_bits: int) -> str | None:
    """Verbs only in the infinitive; no brand or family names, no abbreviations; first names and places count."""
    if tag_bits & NON_VERB or _plain_capitalised(tag_bits):
        return None
    if tag_bits & (BIT["lower"] | BIT["compound"]) and not tag_bits & BIT["verb_form"]:
        return None
    return _kind(tag_bits)


def counts_in_dicewords(tag_bits: int) -> bool:
    return refusal_in_dicewords(tag_bits) is None


def counts_in_typdom(tag_bits: int) -> bool:
    return refusal_in_typdom(tag_bits) is None


def known_in_frigiti(tag_bits: int) -> bool:
    """Any word at all: an invented word that already exists must be rolled again."""
    return bool(tag_bits & STANDALONE)
