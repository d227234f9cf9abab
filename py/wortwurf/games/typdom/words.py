"""Which forms count at a TYP-DOM table (every variant): the game's own rule, or the house rules the table chose.

The rulebook: verbs only in the infinitive; no company, brand or family names; first names and places count
(its own examples lay RUDOLF and MEXICO); no abbreviations (the rules notes). House rules may let inflected
verb forms (`verb_forms`) or brand, company and family names (`names`) count too; abbreviations never.
"""

from __future__ import annotations

from ...words import default_lexicon
from ...words.tags import BIT, bits, plain_capitalised, set_apart
from ..options import flag

NON_VERB = bits("infinitive", "noun", "adjective", "first_name", "place")
UNMARKED = bits("lower", "compound")  # a lower-case word (UND, WEIL) or a compound: counts unless a verb form
HOUSE_RULES = (flag("verb_forms"), flag("names"))  # every variant's options for them, as `counts` reads them


def refusal(tag_bits: int, verb_forms: bool = False, names: bool = False) -> str | None:
    """Why TYP-DOM refuses a form with these tags (a code such as "verb_form", "brand", "abbreviation"), None if
    it counts; `verb_forms` and `names` are the house rules."""
    allowed = NON_VERB | (BIT["verb_form"] if verb_forms else 0) | (BIT["name"] if names else 0)
    if tag_bits & allowed or plain_capitalised(tag_bits):
        return None
    if tag_bits & UNMARKED and (verb_forms or not tag_bits & BIT["verb_form"]):
        return None
    return set_apart(tag_bits)


def counts(options: dict, tag_bits: int) -> bool:
    """Whether a form with these tags counts at this table."""
    return refusal(tag_bits, options["verb_forms"], options["names"]) is None


def is_word(state: dict, word: str, lexicon=None) -> bool:
    """A word by TYP-DOM's rules, or by the house rules the table chose."""
    entry = (lexicon or default_lexicon()).lookup(word)
    return entry is not None and len(word) >= 2 and counts(state["options"], entry.bits)


def refused_words(state: dict, words: list[tuple[str, list]], lexicon=None) -> list[str]:
    """Those of a placement's words that the table's rules refuse."""
    return [word for word, _ in words if not is_word(state, word, lexicon)]


def spelled(word: str, lexicon=None) -> str:
    """A word as its tiles lay it (UE for Ü) spelled as the Wörterbuch spells it (NACHPRÜFBAREN): what a hint
    names."""
    entry = (lexicon or default_lexicon()).lookup(word)
    return entry.word if entry else word
