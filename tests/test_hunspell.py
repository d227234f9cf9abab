"""Hunspell expansion: rule mechanics on tiny dictionaries, then the real igerman98.

The real-dictionary tests read igerman98 (npm dictionary-de@3.0.0) from the
build's pinned, cached tarball.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lexicon.hunspell import Form, expand, parse_aff, parse_dic_line  # noqa: E402


def words(aff: str, *entries: str) -> list[str]:
    """The expanded texts of a .dic made of `entries` (count line added)."""
    dic = "\n".join([str(len(entries)), *entries])
    return [form.text for form in expand(aff, dic)]


AFF = """
SET UTF-8
NEEDAFFIX h
ONLYINCOMPOUND o
FORBIDDENWORD d

PFX U Y 1
PFX U 0 un .

SFX S Y 2
SFX S y ies [^aeiou]y
SFX S 0 s [aeiou]y

SFX N N 1
SFX N 0 n .

SFX X Y 1
SFX X 0 en/Y .

SFX Y Y 1
SFX Y 0 s .

SFX J Y 2
SFX J 0 -/o .
SFX J 0 e .
"""


def test_prefix_adds_in_front():
    assert words(AFF, "glück/U") == ["glück", "unglück"]


def test_suffix_strips_where_its_condition_holds():
    assert words(AFF, "pony/S", "boy/S") == ["pony", "ponies", "boy", "boys"]


def test_cross_product_needs_both_affixes_to_allow_it():
    assert sorted(words(AFF, "pony/SU")) == ["ponies", "pony", "unponies", "unpony"]
    assert sorted(words(AFF, "tag/NU")) == ["tag", "tagn", "untag"]


def test_continuation_class_applies_a_second_suffix():
    assert words(AFF, "wort/X") == ["wort", "worten", "wortens"]


def test_needaffix_stem_is_a_word_only_with_an_affix():
    assert words(AFF, "stamm/hY") == ["stamms"]


def test_onlyincompound_stem_and_affix_give_no_standalone_word():
    assert words(AFF, "zeug/oY") == []
    assert words(AFF, "blatt/J") == ["blatt", "blatte"]


def test_forbidden_stem_removes_itself_and_its_affixed_forms():
    forms = words(AFF, "Arbeitsgeber/dY", "Arbeitgeber/Y", "Arbeitsgeber")
    assert forms == ["Arbeitgeber", "Arbeitgebers"]


def test_forbidden_affixed_form_stays_when_listed_as_a_word():
    assert words(AFF, "Arbeitsgebers", "Arbeitsgeber/dY") == ["Arbeitsgebers"]


def test_abbreviation_comes_without_its_dot():
    dic = "2\nusw.\nund"
    assert list(expand(AFF, dic)) == [Form("usw", True), Form("und", False)]


def test_circumfix_affixes_only_come_in_pairs():
    aff = """
CIRCUMFIX X
PFX A Y 1
PFX A 0 leg/X .
PFX B Y 1
PFX B 0 legesleg/X .
SFX C Y 3
SFX C 0 obb .
SFX C 0 obb/AX .
SFX C 0 obb/BX .
"""
    assert words(aff, "nagy/C") == ["nagy", "nagyobb", "legnagyobb", "legeslegnagyobb"]


def test_long_and_numeric_flags():
    long_aff = "FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\nSFX Bb Y 1\nSFX Bb 0 e .\n"
    assert words(long_aff, "Tag/AaBb") == ["Tag", "Tags", "Tage"]
    num_aff = "FLAG num\nSFX 12 Y 1\nSFX 12 0 s .\nSFX 7 Y 1\nSFX 7 0 e .\n"
    assert words(num_aff, "Tag/12,7") == ["Tag", "Tags", "Tage"]


def test_dic_line_drops_morphology_and_unescapes_slashes():
    assert parse_dic_line("Haus/NS po:noun st:Haus") == ("Haus", "NS")
    assert parse_dic_line("Haus/NS\tnoun") == ("Haus", "NS")
    assert parse_dic_line("km\\/h/S") == ("km/h", "S")
    assert parse_dic_line("\tcomment in the header") == ("", "")


def test_header_lines_and_count_are_not_words():
    assert words(AFF, "\tThis is the dictionary file", "und") == ["und"]


def test_expansion_is_deterministic():
    dic = "4\npony/SU\nwort/X\nglück/U\nusw."
    assert list(expand(AFF, dic)) == list(expand(AFF, dic))


def test_directive_that_changes_the_result_is_refused():
    with pytest.raises(ValueError, match="AF"):
        parse_aff("AF 1\nAF AB\n")


@pytest.fixture(scope="module")
def igerman98() -> set[Form]:
    import build
    from lexicon.sources import _member

    tarball = build.npm_tarball("dictionary-de")
    aff = _member(tarball, "index.aff").decode("utf-8")
    dic = _member(tarball, "index.dic").decode("utf-8")
    return set(expand(aff, dic))


def test_igerman98_hand_checked_forms(igerman98):
    # Würfel/NSmij, würfeln/DIXYW, gehen/DIVXW, ging/VZ, gegangen/A,
    # Schinken/Smij, Kirsche/Nm, Naht/m, Nähte/Nm, und, sehr, usw.
    expected = [
        "Würfel", "Würfeln", "Würfels", "würfelt", "würfelte",
        "gehen", "geht", "gehst", "vergehen", "ging", "gingen", "verging", "gegangen", "gegangene",
        "Schinken", "Kirsche", "Kirschen", "Naht", "Nähte", "Nähten", "und", "sehr",
    ]
    for text in expected:
        assert Form(text, False) in igerman98, text
    assert Form("usw", True) in igerman98
    assert Form("usw", False) not in igerman98


def test_igerman98_restricted_stems(igerman98):
    texts = {form.text for form in igerman98}
    assert "Nahts" not in texts  # Naht/m has no suffix flag
    assert "Arbeits" not in texts  # Arbeits/hij: NEEDAFFIX
    assert "Arbeits-" in texts  # ... but SFX j 0 -/cz is an affix without ONLYINCOMPOUND
    assert "gehens" not in texts  # gehen/Sozm: ONLYINCOMPOUND
    assert "Arbeitsgeber" not in texts  # Arbeitsgeber/dNSF: FORBIDDENWORD
    assert "Arbeitsgebern" not in texts
