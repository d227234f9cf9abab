"""Which forms count in DICEWORDS: any word but an abbreviation or a proper name (see the rules notes)."""

from __future__ import annotations

from ...words.tags import bits, plain_capitalised, set_apart

# Readings that make a word ordinary here: anything but an abbreviation or a proper name.
ORDINARY = bits("infinitive", "verb_form", "noun", "adjective", "lower", "compound")


def refusal(tag_bits: int) -> str | None:
    """Why DICEWORDS refuses a form with these tags (a code such as "abbreviation", "place"), None if it counts:
    names, places and first names alike are refused."""
    if tag_bits & ORDINARY or plain_capitalised(tag_bits):
        return None
    return set_apart(tag_bits)


def counts(tag_bits: int) -> bool:
    return refusal(tag_bits) is None
