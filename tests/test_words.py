"""The word graph and lexicon API, on tiny lexicons built in memory."""

from __future__ import annotations

import itertools
import random

import pytest

from wortwurf.games.dicewords import words as dicewords
from wortwurf.games.typdom import words as typdom
from wortwurf.words import Lexicon, compile_graph, normalize
from wortwurf.words.tags import BIT, bits

NOUN = bits("noun", "capitalised")
WORDS = {
    "WÜRFEL": NOUN, "WÜRFELN": bits("infinitive"), "GEHEN": bits("infinitive"), "GEHT": bits("verb_form", "lower"),
    "FEUER": NOUN, "EIS": NOUN, "REIS": NOUN, "REISE": NOUN, "MÜLLER": bits("name", "capitalised"),
    "STERN": NOUN, "NAHT": NOUN, "ÄRGER": NOUN, "ÖL": NOUN, "UND": bits("lower"),
    "USW": bits("abbreviation"), "ART": NOUN | bits("abbreviation"), "LIEBE": NOUN | bits("verb_form", "lower"),
    "MEXIKO": bits("place", "capitalised"), "RUDOLF": bits("first_name", "capitalised"),
}


@pytest.fixture(scope="module")
def lex():
    return Lexicon(compile_graph(WORDS.items()))


@pytest.mark.parametrize("text, canonical", [
    ("Würfel", "WÜRFEL"), ("straße", "STRASSE"), ("Café", "CAFE"), ("  naht ", "NAHT"), ("ÖL", "ÖL"),
    ("A-Team", None), ("R2D2", None), ("don't", None), ("zwei Wörter", None), ("", None), ("usw.", None),
])
def test_normalize(text, canonical):
    assert normalize(text) == canonical


def test_the_graph_lists_exactly_its_words_in_order(lex):
    assert list(lex.words()) == sorted(WORDS.items())


def test_every_word_is_found_with_its_tags_and_nothing_else(lex):
    for word, tag_bits in WORDS.items():
        entry = lex.lookup(word)
        assert entry is not None and entry.word == word and entry.bits == tag_bits
    for other in ["WÜRFE", "WÜRFELNS", "GEH", "FRIGITI", "REISEN", "E", "STERNE"]:
        assert lex.lookup(other) is None
    assert lex.forms == len(WORDS)


@pytest.mark.parametrize("typed, word", [
    ("würfel", "WÜRFEL"), ("WUERFEL", "WÜRFEL"), ("Wuerfeln", "WÜRFELN"), ("aerger", "ÄRGER"), ("OEL", "ÖL"),
    ("Müller", "MÜLLER"), ("MUELLER", "MÜLLER"), ("feuer", "FEUER"),
])
def test_any_spelling_a_player_types(lex, typed, word):
    assert lex.lookup(typed).word == word


def test_tags_and_sources_are_named(lex):
    entry = lex.lookup("liebe")
    assert entry.tags == ["verb_form", "noun", "capitalised", "lower"]
    assert entry.has("noun") and not entry.has("infinitive")


def brute_spellings(letters: str, jokers: int):
    """Words whose letters (Ü as Ü, or as U+E) fit the multiset with the jokers."""
    found = set()
    for word in WORDS:
        for choice in itertools.product(*[[c, {"Ä": "AE", "Ö": "OE", "Ü": "UE"}[c]] if c in "ÄÖÜ" else [c] for c in word]):
            pool = list(letters)
            missing = 0
            for ch in "".join(choice):
                if ch in pool:
                    pool.remove(ch)
                else:
                    missing += 1
            if missing <= jokers:
                found.add(word)
    return found


@pytest.mark.parametrize("seed", range(40))
def test_spellings_match_brute_force(lex, seed):
    rng = random.Random(seed)
    letters = "".join(rng.choice("AEEIORSTNLUHGWFÜÖÄDMK") for _ in range(rng.randint(2, 9)))
    jokers = rng.randint(0, 2)
    got = {s.word for s in lex.spellings(letters, jokers)}
    assert got == brute_spellings(letters, jokers)


def test_spelling_reports_the_tiles_used(lex):
    spelled = {s.word: s.tiles for s in lex.spellings("WUERFEL")}
    assert spelled["WÜRFEL"] == ("W", "UE", "R", "F", "E", "L")
    assert {s.word: s.tiles for s in lex.spellings("WÜRFL", 1)}["WÜRFEL"] == ("W", "Ü", "R", "F", "?", "L")
    assert {s.word for s in lex.spellings("EIS", min_length=3)} == {"EIS"}


def test_board_patterns_spell_umlauts_as_two_cells(lex):
    assert lex.matching("M.ELLER") == [("MUELLER", "MÜLLER", WORDS["MÜLLER"])]
    assert [w for _, w, _ in lex.matching(".EIS.")] == ["REISE"]
    assert lex.matching(".EIS.", letters="R") == []
    assert [laid for laid, _, _ in lex.matching("..", letters="OEL")] == []
    assert [laid for laid, _, _ in lex.matching("...", letters="OEL")] == ["OEL"]
    assert [w for _, w, _ in lex.matching("....", letters="", jokers=4)] == ["GEHT", "NAHT", "REIS"]
    assert [w for _, w, _ in lex.matching("....", letters="", jokers=3)] == []


def typdom_counts(tag_bits: int, verb_forms: bool = False, names: bool = False) -> bool:
    return typdom.counts({"verb_forms": verb_forms, "names": names}, tag_bits)


def test_game_rules_read_the_tags(lex):
    verdict = {w: (dicewords.counts(b), typdom_counts(b)) for w, b in WORDS.items()}
    assert verdict["GEHT"] == (True, False)  # TYP-DOM: no conjugated verbs
    assert verdict["GEHEN"] == (True, True)
    assert verdict["LIEBE"] == (True, True)  # a noun too
    assert verdict["USW"] == (False, False)  # abbreviations count nowhere
    assert verdict["ART"] == (True, True)  # also a noun
    assert verdict["MEXIKO"] == (False, True)  # places: TYP-DOM yes, DICEWORDS no
    assert verdict["RUDOLF"] == (False, True)
    assert verdict["MÜLLER"] == (False, False)  # family names count nowhere
    assert verdict["UND"] == (True, True)


@pytest.mark.parametrize("tags, in_dicewords, in_typdom", [
    (bits("name", "capitalised", "brands"), "brand", "brand"),  # SIEMENS
    (bits("name", "capitalised", "surnames"), "family_name", "family_name"),  # SCHMIDT
    (bits("name", "capitalised", "surnames", "noun", "morphy_nouns"), None, None),  # MÜLLER, the miller
    (bits("place", "capitalised"), "place", None),  # BERLIN
    (bits("place", "capitalised", "noun"), None, None),  # HALLE
    (bits("first_name", "capitalised"), "first_name", None),  # RUDOLF
    (bits("verb_form", "igerman98"), None, "verb_form"),  # LEG, an imperative and nothing else
    (bits("verb_form", "lower"), None, "verb_form"),  # GEHT
    (bits("lower"), None, None),  # WEIL
    (bits("abbreviation", "igerman98"), "abbreviation", "abbreviation"),  # QM
    (bits("abbreviation", "capitalised", "igerman98"), "abbreviation", "abbreviation"),  # FR, listed as Fr and Fr.
    (bits("abbreviation", "capitalised", "noun"), None, None),  # PIN, also der Pin
])
def test_each_game_says_why_a_word_does_not_count(tags, in_dicewords, in_typdom):
    assert dicewords.refusal(tags) == in_dicewords and dicewords.counts(tags) == (in_dicewords is None)
    assert typdom.refusal(tags) == in_typdom and typdom_counts(tags) == (in_typdom is None)


@pytest.mark.parametrize("tags, verb_forms, names, counts", [
    (bits("verb_form", "lower"), True, False, True),  # GEHT, where inflected verb forms count
    (bits("verb_form", "lower"), False, True, False),  # names do not bring verb forms in
    (bits("name", "capitalised", "brands"), False, True, True),  # SIEMENS, where brand names count
    (bits("name", "capitalised", "surnames"), False, True, True),  # SCHMIDT
    (bits("name", "capitalised", "brands"), True, False, False),
    (bits("abbreviation", "capitalised"), True, True, False),  # FR: no house rule lets an abbreviation count
    (bits("abbreviation"), True, True, False),  # QM
])
def test_typdoms_house_rules_let_verb_forms_or_brand_and_family_names_count(tags, verb_forms, names, counts):
    assert typdom_counts(tags, verb_forms, names) == counts


def test_compile_is_deterministic_and_refuses_non_canonical_words():
    items = list(WORDS.items())
    shuffled = items[:]
    random.Random(1).shuffle(shuffled)
    assert compile_graph(items) == compile_graph(shuffled)
    with pytest.raises(ValueError):
        compile_graph([("Würfel", 1)])
    with pytest.raises(ValueError):
        Lexicon(b"NOPE" + bytes(16))


def test_shared_suffixes_share_nodes():
    """Minimisation: 26 words with one ending need barely more graph than one."""
    one = compile_graph([("BAUM", 1)])
    many = compile_graph([(c + "AUM", 1) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"])
    assert len(many) - len(one) == 4 * 25  # only the root's 25 extra arcs


PARTS = {
    "HAUS": NOUN | bits("part_begin"), "ARBEITS": bits("part_begin", "part_middle"), "TÜR": NOUN | bits("part_end"),
    "AMT": NOUN | bits("part_end"), "GEHT": bits("verb_form", "lower", "part_end"), "BAU": bits("part_begin"),
}


@pytest.fixture(scope="module")
def compound_lex():
    return Lexicon(compile_graph({**WORDS, **PARTS}.items()))


@pytest.mark.parametrize("typed, word, tags", [
    ("Haustür", "HAUSTÜR", ["noun", "capitalised", "compound"]),
    ("HAUSTUER", "HAUSTÜR", ["noun", "capitalised", "compound"]),
    ("Arbeitsamt", "ARBEITSAMT", ["noun", "capitalised", "compound"]),
    ("Hausarbeitsamt", "HAUSARBEITSAMT", ["noun", "capitalised", "compound"]),
    ("Haus", "HAUS", ["noun", "capitalised"]),
])
def test_compounds_are_words_with_the_grammar_of_their_last_part(compound_lex, typed, word, tags):
    entry = compound_lex.lookup(typed)
    assert entry.word == word and entry.tags == tags


@pytest.mark.parametrize("typed", ["ARBEITS", "BAU", "TÜRHAUS", "HAUSHAUS", "HAUSARBEITS", "HAUSX", "BAUT"])
def test_parts_alone_or_in_the_wrong_place_are_not_words(compound_lex, typed):
    assert compound_lex.lookup(typed) is None


def test_compound_ending_in_a_conjugated_verb_counts_only_where_verb_forms_do(compound_lex):
    entry = compound_lex.lookup("BAUGEHT")
    assert entry.has("compound") and entry.has("verb_form")
    assert dicewords.counts(entry.bits) and not typdom_counts(entry.bits)


def test_enumerations_include_two_part_compounds_and_never_bare_parts(compound_lex):
    assert "HAUSTÜR" not in {s.word for s in compound_lex.spellings("HAUSTUER")}  # only when asked
    spelled = {s.word: s for s in compound_lex.spellings("HAUSTUER", compounds=True)}
    assert spelled["HAUSTÜR"].tiles == ("H", "A", "U", "S", "T", "UE", "R")
    assert spelled["HAUSTÜR"].bits & BIT["compound"]
    assert "HAUS" in spelled
    assert "ARBEITS" not in {s.word for s in compound_lex.spellings("ARBEITS", compounds=True)}
    assert compound_lex.matching("HAUS.UER") == []
    assert [(laid, w) for laid, w, _ in compound_lex.matching("HAUS.UER", compounds=True)] == [("HAUSTUER", "HAUSTÜR")]
    assert compound_lex.matching("ARBEITS", compounds=True) == []
    assert "ARBEITS" not in dict(compound_lex.words()) and "HAUS" in dict(compound_lex.words())


def test_a_forbidden_form_is_never_built_from_parts():
    lex = Lexicon(compile_graph({**WORDS, **PARTS, "ARBEITSAMT": bits("forbidden")}.items()))
    assert lex.lookup("ARBEITSAMT") is None
    assert lex.lookup("HAUSARBEITSAMT") is not None  # forbidden is the whole word only
    assert "ARBEITSAMT" not in {s.word for s in lex.spellings("ARBEITSAMT", compounds=True)}
    assert lex.matching("ARBEITSAMT", compounds=True) == []


class CountingGraph:
    """The word graph, counting every word of it read."""

    def __init__(self, graph):
        self.graph, self.reads = graph, 0

    def __getitem__(self, index):
        self.reads += 1
        return self.graph[index]


def graph_reads(text: str) -> int:
    counted = Lexicon(compile_graph({**WORDS, **PARTS}.items()))
    counted._graph = CountingGraph(counted._graph)
    counted.lookup(text)
    return counted._graph.reads


def test_the_readings_of_ae_oe_ue_are_walked_together_not_one_by_one():
    # 2**n readings of n UE pairs; walked together, the work grows with the length alone.
    assert graph_reads("HAUSTUER" + "UE" * 12) <= 3 * graph_reads("HAUSTUER" + "UE" * 6)
    assert graph_reads("UE" * 32) <= 3 * graph_reads("UE" * 16)


def test_a_long_word_keeps_few_walks_at_every_letter(compound_lex):
    walks = compound_lex._readings("HAUSTUER" * 3 + "UE" * 100)  # past the cap: the walk itself, uncapped
    assert max(len(here) for here in walks) <= 6


def test_a_word_longer_than_the_cap_is_no_word():
    from wortwurf.words.lexicon import MAX_LETTERS
    long = Lexicon(compile_graph([("A" * MAX_LETTERS, NOUN), ("A" * (MAX_LETTERS + 1), NOUN)]))
    assert long.lookup("A" * MAX_LETTERS).word == "A" * MAX_LETTERS
    assert long.lookup("A" * (MAX_LETTERS + 1)) is None
