"""Readings the sources leave unsaid, worked out once every source is read.

igerman98 lists brands, family names and places as plain capitalised words
(SIEMENS, SCHMIDT, BERLIN), imperatives and units as plain lower-case words
(LEG, QM), and some abbreviations as plain capitalised ones (Fr, Fkt, Kfz); the games' rules need to tell them from nouns and ordinary
words. Its .dic flags do, together with the name, place and verb lists:

- A name or place list tags a stored capitalised form it gives, and that
  form's igerman98 genitive (stem + s: SCHMIDTS), unless the form is a noun
  after all: guard A, a capitalised stem with a plural, feminine or -es flag
  (Kiel/EPSmij, Weber/FNSm); guard B, a common lower-case English word (BIT,
  CACHE, SHERIFF). A brand or family name also needs gate M: igerman98 gives
  its compound-tail flag `m` to common nouns and places (Kresse/m, Berlin/Sm)
  but never to people and brands (Siemens, Schmidt/S); and a family name that
  is also a first name is left to `first_name`. Every other reading stays, so
  a form that is also a noun or adjective still counts (MÜLLER, BRAUN).
- A town abroad never outranks a brand (NOKIA); a place in the German-speaking
  countries or an ISO subdivision does (a family name BERLIN stays a place).
- A plain lower-case form that is only a verb's stem or imperative singular
  (LEG from legen, SCHREIB), with no other reading and no igerman98 entry of
  its own (WEIL, DOCH, BALD have one), is that verb form.
- A plain form without a vowel, lower-case or capitalised, is a unit or
  abbreviation (QM, KM, FR, FKT), unless another source reads it otherwise
  (LKW, PKW: Morphy's nouns).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from wortwurf.words import normalize
from wortwurf.words.tags import BIT, TAGS, bits

from .hunspell import Origin

# igerman98's flags: suffixes that only nouns take (plurals, feminine forms, genitive -es),
# the prefix class of compound tails, and the genitive -s.
NOUN_FLAGS = frozenset("NEPRQqpFgT")
COMPOUND_TAIL = "m"
GENITIVE = ("S",)
VOWELS = frozenset("AEIOUÄÖÜY")
SHORTEST_NAME = 2

# What a list of each kind tags; names lose to places at home, places abroad lose to names.
KINDS = {
    "brands": bits("name", "brands"),
    "surnames": bits("name", "surnames"),
    "places": bits("place", "places"),
    "places_abroad": bits("place", "places"),
}
PERSONAL = ("brands", "surnames")
# Readings beside which a lower-case form is not merely a verb's stem.
NOT_ONLY_VERB = bits("noun", "adjective", "infinitive", "capitalised", "first_name", "place", "name", "abbreviation")
# Every reading of a form (not where in a compound it may stand).
READINGS = sum(BIT[name] for name in TAGS if name not in ("compound", "forbidden") and not name.startswith("part_"))


@dataclass
class Stems:
    """igerman98's .dic stems behind each stored form, with their flags."""

    origins: dict[str, list[Origin]] = field(default_factory=dict)  # form -> where it comes from
    # a capitalised stem -> its bare and genitive forms (SCHMIDT: SCHMIDT, SCHMIDTS), and back
    declined: dict[str, set[str]] = field(default_factory=dict)
    stems_of: dict[str, set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, origins: Iterable[Origin]) -> Stems:
        stems = cls()
        for origin in origins:
            form = normalize(origin.form.rstrip("."))
            if form is None:
                continue
            stems.origins.setdefault(form, []).append(origin)
            stem = normalize(origin.stem)
            if stem and origin.stem[:1].isupper() and origin.prefix is None and origin.suffixes in ((), GENITIVE):
                stems.declined.setdefault(stem, set()).add(form)
                stems.stems_of.setdefault(form, set()).add(stem)
        return stems

    def _capitalised(self, form: str) -> list[Origin]:
        return [o for o in self.origins.get(form, ()) if o.stem[:1].isupper() and o.prefix is None]

    def noun_flagged(self, form: str) -> bool:
        """Guard A: a capitalised stem that takes a plural, feminine or -es ending gives it."""
        return any(NOUN_FLAGS.intersection(o.flags) for o in self._capitalised(form))

    def personal(self, form: str) -> bool:
        """Gate M: it comes from capitalised stems, none of them a compound's possible tail."""
        stems = self._capitalised(form)
        return bool(stems) and not any(COMPOUND_TAIL in o.flags for o in stems)

    def own_entry(self, form: str) -> bool:
        """igerman98 lists it as a stem of its own, not only as an affixed form of another."""
        return any(o.prefix is None and not o.suffixes for o in self.origins.get(form, ()))


def _listed_forms(names: Iterable[str], entries: dict[str, int], stems: Stems) -> set[str]:
    """The stored capitalised forms a list's single-word names give, with their genitives."""
    forms = set()
    for name in names:
        word = normalize(name)
        if word is not None and len(word) >= SHORTEST_NAME and word in entries:
            forms |= {word} | stems.declined.get(word, set())
    return {form for form in forms if entries[form] & BIT["capitalised"]}


def _noun_after_all(form: str, stems: Stems, english: set[str]) -> bool:
    """Guards A and B."""
    return stems.noun_flagged(form) or not english.isdisjoint({form, *stems.stems_of.get(form, ())})


def _may_be_personal(form: str, entries: dict[str, int], stems: Stems) -> bool:
    """Gate M, and not a first name (nor the genitive of one)."""
    first_names = (entries.get(stem, 0) for stem in {form, *stems.stems_of.get(form, ())})
    return stems.personal(form) and not any(tag_bits & BIT["first_name"] for tag_bits in first_names)


def tag_proper_names(
    entries: dict[str, int], lists: list[tuple[str, str, Iterable[str]]], stems: Stems, english: set[str]
) -> dict[str, int]:
    """Tag the forms each (label, kind, names) list gives; the number of forms per label."""
    found = {}
    for label, kind, names in lists:
        forms = {f for f in _listed_forms(names, entries, stems) if not _noun_after_all(f, stems, english)}
        if kind in PERSONAL:
            forms = {f for f in forms if _may_be_personal(f, entries, stems)}
        found[label] = (kind, forms)
    at_home = set().union(*(forms for kind, forms in found.values() if kind == "places"))
    personal = set().union(*(forms for kind, forms in found.values() if kind in PERSONAL)) - at_home
    tagged = {}
    for label, (kind, forms) in found.items():
        forms = forms - at_home if kind in PERSONAL else forms - personal if kind == "places_abroad" else forms
        for form in forms:
            entries[form] |= KINDS[kind]
        tagged[label] = len(forms)
    return tagged


def tag_verb_stems(entries: dict[str, int], candidates: Iterable[str], stems: Stems) -> int:
    """Make the plain lower-case forms that are only a verb's stem or imperative verb forms;
    the number of forms that were not tagged as verb forms before."""
    newly = 0
    for form in candidates:
        tag_bits = entries.get(form, 0)
        if tag_bits & BIT["lower"] and not tag_bits & NOT_ONLY_VERB and not stems.own_entry(form):
            newly += not tag_bits & BIT["verb_form"]
            entries[form] = tag_bits & ~BIT["lower"] | bits("verb_form", "morphy_verbs")
    return newly


PLAIN = (BIT["lower"], BIT["capitalised"])


def tag_units(entries: dict[str, int]) -> int:
    """Make the vowelless forms whose only reading is igerman98's plain one (lower-case or capitalised, beside
    an abbreviation's) abbreviations (CM, KG, QM, FR, FKT); their number."""
    units = [form for form, tag_bits in entries.items()
             if tag_bits & READINGS & ~BIT["abbreviation"] in PLAIN and VOWELS.isdisjoint(form)]
    for form in units:
        entries[form] = entries[form] & ~sum(PLAIN) | BIT["abbreviation"]
    return len(units)
