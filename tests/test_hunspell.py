"""Hunspell expansion and compound parts: rule mechanics on tiny dictionaries,
then the real igerman98.

The real-dictionary tests read igerman98 (npm dictionary-de@3.0.0) from the
build's pinned, cached tarball. The expected compound parts of the tiny
dictionaries were checked against Hunspell 1.7.1 itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lexicon.hunspell import (  # noqa: E402
    Form,
    Part,
    compound_parts,
    expand,
    parse_aff,
    parse_dic_line,
)


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


COMPOUND_AFF = """
SET UTF-8
COMPOUNDBEGIN x
COMPOUNDMIDDLE y
COMPOUNDEND z
COMPOUNDPERMITFLAG c
ONLYINCOMPOUND o
NEEDAFFIX h
FORBIDDENWORD d
CIRCUMFIX f
COMPOUNDMIN 2

PFX U Y 1
PFX U 0 un .

PFX M Y 1
PFX M 0 -/co .

PFX K Y 2
PFX K 0 -/coxf .
PFX K 0 0/coy .

PFX I Y 1
PFX I 0 -/cyf .

SFX J Y 3
SFX J 0 0/xoc .
SFX J 0 s/xoc .
SFX J 0 -/cz .

SFX E Y 2
SFX E 0 e .
SFX E 0 en/o .

SFX S Y 2
SFX S 0 es .
SFX S 0 s/cx .

SFX G Y 1
SFX G 0 innen/xyocf .

SFX A Y 1
SFX A 0 er/B .

SFX B Y 1
SFX B 0 n .
"""


def parts(aff: str, *entries: str) -> dict[str, tuple[bool, bool, bool]]:
    """text -> (begin, middle, end) of the compound parts of a .dic made of `entries`."""
    dic = "\n".join([str(len(entries)), *entries])
    return {part.text: tuple(part[1:]) for part in compound_parts(aff, dic)}


BEGIN, MIDDLE, END = (True, False, False), (False, True, False), (False, False, True)


def test_compound_flags_on_stems():
    # Nur needs an affix, Bös is forbidden, Ö is shorter than COMPOUNDMIN.
    found = parts(COMPOUND_AFF, "Haus/x", "tür/z", "mitt/yz", "Nur/hx", "Bös/dx", "Ö/x")
    assert found == {"Haus": BEGIN, "tür": END, "mitt": (False, True, True)}


def test_compound_flags_from_an_affix_continuation():
    # igerman98's linking forms: Arbeits/hij, tür/hke.
    found = parts(COMPOUND_AFF, "Arbeit/hJ", "tür/hK")
    assert found == {
        "Arbeit": BEGIN, "Arbeits": BEGIN, "Arbeit-": END, "-tür": BEGIN, "tür": MIDDLE,
    }


def test_onlyincompound_forms_are_parts():
    assert words(COMPOUND_AFF, "zeug/oEz") == []
    # ... but a non-empty ONLYINCOMPOUND suffix may not end a compound (zeugen).
    assert parts(COMPOUND_AFF, "zeug/oEz") == {"zeug": END, "zeuge": END}


def test_suffix_needs_the_permit_flag_except_on_the_last_part():
    # Tages: SFX S 0 es has no COMPOUNDPERMITFLAG, so it is no first part.
    found = parts(COMPOUND_AFF, "Tag/Sx", "tag/Sz")
    assert found == {
        "Tag": BEGIN, "Tags": BEGIN, "tag": END, "tages": END, "tags": (True, False, True),
    }


def test_prefix_needs_the_permit_flag_only_on_the_last_part():
    # untür: PFX U 0 un has no COMPOUNDPERMITFLAG, so it is no last part.
    found = parts(COMPOUND_AFF, "weg/Ux", "tür/UMz")
    assert found == {"weg": BEGIN, "unweg": BEGIN, "tür": END, "-tür": END}


def test_circumfix_suffix_needs_its_prefix_and_brings_the_role():
    # A lone prefix is not checked for its CIRCUMFIX partner; a suffix is.
    found = parts(COMPOUND_AFF, "Lehrer/IG")
    assert found == {"-Lehrer": MIDDLE, "-Lehrerinnen": (True, True, False)}


def test_two_suffixes_only_on_the_last_part_and_not_on_onlyincompound_stems():
    found = parts(COMPOUND_AFF, "ding/Az", "holz/oAz")
    assert found == {"ding": END, "dinger": END, "dingern": END, "holz": END, "holzer": END}


def test_parts_merge_roles_in_dic_order():
    dic = "3\nhaus/z\nHof/x\nhaus/y"
    expected = [Part("haus", False, True, True), Part("Hof", True, False, False)]
    assert list(compound_parts(COMPOUND_AFF, dic)) == expected


def test_compoundmin_defaults_to_three():
    aff = COMPOUND_AFF.replace("COMPOUNDMIN 2\n", "")
    assert parts(aff, "Ei/x", "Eis/x") == {"Eis": BEGIN}


def test_compound_directive_that_changes_the_result_is_refused():
    aff = COMPOUND_AFF + "CHECKCOMPOUNDDUP\n"
    with pytest.raises(ValueError, match="CHECKCOMPOUNDDUP"):
        parts(aff, "haus/xz")
    assert words(aff, "haus/xz") == ["haus"]


@pytest.fixture(scope="module")
def igerman98_texts() -> tuple[str, str]:
    """(.aff, .dic) of igerman98."""
    import build
    from lexicon.sources import _member

    tarball = build.npm_tarball("dictionary-de")
    return (
        _member(tarball, "index.aff").decode("utf-8"),
        _member(tarball, "index.dic").decode("utf-8"),
    )


@pytest.fixture(scope="module")
def igerman98(igerman98_texts) -> set[Form]:
    return set(expand(*igerman98_texts))


@pytest.fixture(scope="module")
def igerman98_parts(igerman98_texts) -> dict[str, Part]:
    return {part.text: part for part in compound_parts(*igerman98_texts)}


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


# Everyday words igerman98 has only as compounds, and their (first, last) parts.
COMPOUNDS = {
    "Haustür": ("Haus", "tür"),
    "Krankenhaus": ("Kranken", "haus"),
    "Fußball": ("Fuß", "ball"),
    "Zahnarzt": ("Zahn", "arzt"),
    "Handtuch": ("Hand", "tuch"),
    "Schulbus": ("Schul", "bus"),
    "Regenschirm": ("Regen", "schirm"),
    "Apfelbaum": ("Apfel", "baum"),
    "Flugzeug": ("Flug", "zeug"),
    "Mitarbeiter": ("Mit", "arbeiter"),
}


def two_part_splits(word: str, found: dict[str, Part]) -> list[tuple[str, str]]:
    """Every (first, last) split of `word` into a begin part and an end part."""
    return [
        (word[:at], word[at:])
        for at in range(1, len(word))
        if word[:at] in found and found[word[:at]].begin
        and word[at:] in found and found[word[at:]].end
    ]


def test_igerman98_everyday_compounds_split_into_parts(igerman98, igerman98_parts):
    for word, split in COMPOUNDS.items():
        assert Form(word, False) not in igerman98, word
        assert split in two_part_splits(word, igerman98_parts), word
    # Haus|tür|schlüssel: a middle part.
    assert igerman98_parts["tür"].middle and igerman98_parts["schlüssel"].end


def test_igerman98_linking_forms(igerman98_parts):
    # Arbeits/hij: SFX j 0 0/xoc starts a compound, SFX j 0 -/cz ends one.
    assert igerman98_parts["Arbeits"] == Part("Arbeits", True, False, False)
    assert igerman98_parts["Arbeits-"] == Part("Arbeits-", False, False, True)
    # Capitalised nouns only start compounds; later parts are the lower-case entries.
    assert igerman98_parts["Haus"] == Part("Haus", True, False, False)
    assert igerman98_parts["haus"] == Part("haus", False, True, True)
