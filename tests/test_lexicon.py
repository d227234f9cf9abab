"""The built German lexicon (dist/lexicon/de.wwlx, compiled by `build.py`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from lexicon import sources  # noqa: E402
from wortwurf.words import default_lexicon, describe  # noqa: E402

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
    assert lex.lookup("BAHNHOF").sources == ["morphy_nouns"]
    assert "igerman98" in lex.lookup("UND").sources
    assert "override" in lex.lookup("QUERKÖPFIG").sources


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


def test_the_build_is_reproducible():
    data, _ = sources.compile_lexicon(build.lexicon_inputs())
    assert data == (build.DIST / "lexicon" / "de.wwlx").read_bytes()


@pytest.mark.parametrize("word", ["HAUSTÜR", "KRANKENHAUS", "FUSSBALL", "ZAHNARZT", "HANDTUCH", "SCHULBUS",
                                  "REGENSCHIRM", "APFELBAUM", "HAUSTÜRSCHLÜSSEL", "Haustuerschluessel"])
def test_compounds_are_words(lex, word):
    entry = lex.lookup(word)
    assert entry is not None and entry.has("noun")
    assert describe(word)["counts"]["dicewords"] and describe(word)["counts"]["typdom"]


@pytest.mark.parametrize("word", ["ARBEITSGEBER", "ABENDMAL", "ARBEITS", "HAUSX"])
def test_forbidden_forms_and_bare_parts_are_not(lex, word):
    assert lex.lookup(word) is None
