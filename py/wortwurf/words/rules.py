"""Which game lets a word count, read from its tags (see the rules notes).

A form carries the tags of all its readings, so a rule asks whether *some*
reading is allowed: ART counts in DICEWORDS (a noun) although "Art." is also
an abbreviation; LIEBE counts in TYP-DOM (a noun) although it is also a verb form.
"""

from __future__ import annotations

from .tags import BIT, STANDALONE, bits

NAMES = bits("first_name", "place", "name")
NON_VERB = bits("infinitive", "noun", "adjective", "first_name", "place")
# A compound is a word by its parts; it counts unless its last part is a conjugated verb.


def _plain_capitalised(tag_bits: int) -> bool:
    """Written with a capital and not known as a name: a noun, as far as we know."""
    return bool(tag_bits & BIT["capitalised"]) and not tag_bits & NAMES


def counts_in_dicewords(tag_bits: int) -> bool:
    """Any word but an abbreviation or a proper name."""
    ordinary = bits("infinitive", "verb_form", "noun", "adjective", "lower", "compound")
    return bool(tag_bits & ordinary) or _plain_capitalised(tag_bits)


def counts_in_typdom(tag_bits: int) -> bool:
    """Verbs only in the infinitive; no brand or family names; first names and places count."""
    if tag_bits & NON_VERB or _plain_capitalised(tag_bits):
        return True
    return bool(tag_bits & (BIT["lower"] | BIT["compound"])) and not tag_bits & BIT["verb_form"]


def known_in_frigiti(tag_bits: int) -> bool:
    """Any word at all: an invented word that already exists must be rolled again."""
    return bool(tag_bits & STANDALONE)
