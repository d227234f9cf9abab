"""DICEWORDS rules: the rulebook's worked examples and turn, and every refusal."""

from __future__ import annotations

import json
import random

import pytest

from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.dicewords.rules import DICE, JOKER, VALUES, lay_word, word_score

COLOUR = {colour: d for d, (colour, _, _) in enumerate(DICE)}


@pytest.mark.parametrize("tiles, points", [
    ("WÜRFEL", 84), ("WUERFEL", 98), ("QUERKÖPFIG", 290), ("SCHENK", 66), ("SCHINKEN", 104),
    ("SCHICKEN", 120), ("SCHMINKE", 120), ("KIRSCHEN", 104), ("KNIRSCHEN", 126),
    ("SCHI?KEN", 80), ("SCH?INKE", 80),
])
def test_the_rulebook_scores(tiles, points):
    assert word_score(list(tiles)) == points


def test_dice_table_and_identifier_letters():
    assert [mark for _, mark, _ in DICE] == ["E", "E", "J", "Q", "V", "W", "X", "Y", "Z", "?"]
    assert all(len(faces) == 6 for _, _, faces in DICE)
    assert set(VALUES) >= {face for _, _, faces in DICE for face in faces}
    assert VALUES[JOKER] == -2


def game(**options):
    """A game with real dice, so that rolls can be stated (or as `options` say)."""
    return engine.new_game("dicewords", ["Ada", "Bo"], {"target": 100, "physical": True, **options}, 42)


def roll(state, faces, keep=()):
    """Roll every die not kept, stating the faces in die order."""
    return engine.apply(state, {"type": "roll", "keep": list(keep), "faces": list(faces)})


def dice_for(state, word):
    """The dice laying `word` (letters in order, each die once), greedy left to right."""
    faces = state["turn"]["faces"]
    used = []
    for letter in word:
        used.append(next(d for d in range(len(DICE)) if faces[d] == letter and d not in used))
    return used


def test_the_rulebook_turn_replays():
    # The rulebook's first roll (letters SCHIKENBVH), each letter on a die that can show it.
    state = game()
    first = {"gold": "E", "dunkelblau": "I", "orange": "B", "lila": "S", "hellblau": "V", "braun": "N",
             "gruen": "H", "rot": "K", "schwarz": "C", "silber": "H"}
    state = roll(state, [first[c] for c, _, _ in DICE])
    assert sorted(state["turn"]["faces"]) == sorted("SCHIKENBVH")
    schenk = engine.apply(state, {"type": "declare", "dice": dice_for(state, "SCHENK")})
    assert schenk["pad"][0][0]["points"] == 66  # available at once; the player rolls on instead
    # re-roll orange, light blue and silver: orange shows R, light blue L, silver F
    keep = [d for d in range(10) if DICE[d][0] not in ("orange", "hellblau", "silber")]
    state = roll(state, ["R", "L", "F"], keep)
    assert sorted(state["turn"]["faces"]) == sorted("SCHIKENRLF")
    # keep KIRSCHEN, re-roll light blue and silver: C and N
    keep = [d for d in range(10) if DICE[d][0] not in ("hellblau", "silber")]
    state = roll(state, ["C", "N"], keep)
    assert sorted(state["turn"]["faces"]) == sorted("KIRSCHENCN")
    with pytest.raises(IllegalAction) as caught:
        roll(state, ["C"], [d for d in range(10) if d != COLOUR["silber"]])
    assert caught.value.code == "no_rolls_left"
    state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "KNIRSCHEN")})
    assert state["pad"][0] == [{"word": "KNIRSCHEN", "points": 126, "value": 126, "valid": True,
                                "overruled": False, "dice": state["pad"][0][0]["dice"]}]
    assert state["scores"] == [126, 0]


def test_wuerfel_with_two_dice_for_ue_but_not_wuerfel_with_the_umlaut():
    state = game()
    # braun shows W, so its Ü is not showing: WÜRFEL cannot be laid, WUERFEL can (U gold, E dunkelblau...)
    faces = {"gold": "U", "dunkelblau": "E", "orange": "R", "lila": "F", "hellblau": "L", "braun": "W",
             "gruen": "E", "rot": "A", "schwarz": "N", "silber": "F"}
    state = roll(state, [faces[c] for c, _, _ in DICE])
    assert "Ü" not in state["turn"]["faces"]
    state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "WUERFEL")})
    assert state["pad"][0][0]["points"] == 98 and state["pad"][0][0]["valid"]


def test_the_joker_stands_for_a_letter_and_costs_two():
    state = game()
    faces = {"gold": "E", "dunkelblau": "I", "orange": "J", "lila": "S", "hellblau": "C", "braun": "N",
             "gruen": "H", "rot": "K", "schwarz": "N", "silber": "?"}
    state = roll(state, [faces[c] for c, _, _ in DICE])
    dice = [COLOUR[c] for c in ("lila", "hellblau", "gruen", "dunkelblau", "silber", "rot", "gold", "braun")]
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, {"type": "declare", "dice": dice})
    assert caught.value.code == "joker_letter"
    state = engine.apply(state, {"type": "declare", "dice": dice, "letters": {str(COLOUR["silber"]): "c"}})
    assert state["pad"][0][0] == {"word": "SCHICKEN", "points": 80, "value": 80, "valid": True,
                                  "overruled": False, "dice": dice}


def test_refused_word_scores_nothing_unless_the_table_overrules():
    state = roll(game(), list("EAJQVWXYZ?"))
    dice = [COLOUR[c] for c in ("schwarz", "rot", "lila")]  # Z Y Q
    state = engine.apply(state, {"type": "declare", "dice": dice})
    assert state["pad"][0][0]["valid"] is False and state["scores"] == [0, 0]
    value = word_score(list("ZYQ"))
    with pytest.raises(IllegalAction) as caught:  # Bo is on turn now, not Ada
        engine.apply(state, {"type": "roll", "keep": [], "faces": list("EAJQVWXYZ?"), "player": 0})
    assert caught.value.code == "not_your_turn"
    assert engine.apply(state, {"type": "overrule", "player": 0}) == engine.apply(state, {"type": "overrule", "player": 1})
    state = engine.apply(state, {"type": "overrule"})  # the table's call: any seat may enter it
    assert state["scores"] == [value, 0] and state["pad"][0][0]["overruled"] is True
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, {"type": "overrule"})
    assert caught.value.code == "nothing_to_overrule"


@pytest.mark.parametrize("action, code", [
    ({"type": "declare", "dice": [0, 0, 1]}, "die_used_twice"),
    ({"type": "declare", "dice": [0, 1]}, "word_too_short"),
    ({"type": "declare", "dice": [0, 1, 99]}, "bad_dice"),
    ({"type": "roll", "keep": [0, 0]}, "bad_dice"),
    ({"type": "roll", "keep": [], "faces": ["E"] * 10}, "bad_letters"),
    ({"type": "roll", "keep": [0, 1, 2, 3, 4, 5, 6, 7, 8], "faces": [""]}, "bad_letters"),
    ({"type": "roll", "keep": [0, 1, 2, 3, 4, 5, 6, 7, 8], "faces": ["FH"]}, "bad_letters"),
    ({"type": "overrule"}, "nothing_to_overrule"),
])
def test_refusals_change_nothing(action, code):
    state = roll(game(), list("EAJQVWXYZ?"))
    before = json.dumps(state)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, action)
    assert caught.value.code == code
    assert json.dumps(state) == before


def test_bad_dice_names_the_ten_dice():
    state = roll(game(), list("EAJQVWXYZ?"))
    for action in ({"type": "declare", "dice": [0, 1, 10]}, {"type": "roll", "keep": [10]}):
        with pytest.raises(IllegalAction) as caught:
            engine.apply(state, action)
        assert caught.value.params == {"last": 9} and "0 to 9" in caught.value.message


def test_the_app_s_dice_cannot_be_dictated():
    """Without real dice the app rolls: faces handed in would let a player choose the roll."""
    state = game(physical=False)
    with pytest.raises(IllegalAction) as caught:
        roll(state, list("EAJQVWXYZ?"))
    assert caught.value.code == "faces_need_real_dice"
    state = engine.apply(state, {"type": "roll", "keep": []})
    before = json.dumps(state)
    with pytest.raises(IllegalAction) as caught:
        roll(state, ["E"], keep=range(9))
    assert caught.value.code == "faces_need_real_dice" and json.dumps(state) == before


def test_must_roll_before_declaring_or_passing_and_locked_keeps():
    state = game(locked_keeps=True)
    for action in ({"type": "pass"}, {"type": "declare", "dice": [0, 1, 2]}):
        with pytest.raises(IllegalAction) as caught:
            engine.apply(state, action)
        assert caught.value.code == "must_roll_first"
    state = roll(state, list("EAJQVWXYZ?"))
    state = roll(state, list("AIEGPHACF"), keep=[0])
    with pytest.raises(IllegalAction) as caught:
        roll(state, list("AEJQVWXYZ?"))
    assert caught.value.code == "die_locked"


def test_game_ends_when_the_round_is_complete_and_ties_share():
    state = engine.new_game("dicewords", ["Ada", "Bo"], {"target": 50, "physical": True}, 3)
    laid = {"gold": "E", "dunkelblau": "I", "orange": "R", "lila": "S", "hellblau": "C", "braun": "N",
            "gruen": "H", "rot": "K", "schwarz": "N", "silber": "F"}
    for _ in range(2):  # both lay SCHINKEN for 104
        state = roll(state, [laid[c] for c, _, _ in DICE])
        state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "SCHINKEN")})
    assert state["over"] and engine.result(state) == {"scores": [104, 104], "winners": [0, 1]}
    with pytest.raises(IllegalAction):
        engine.apply(state, {"type": "pass"})


def test_first_player_over_the_target_waits_for_the_round():
    state = engine.new_game("dicewords", ["Ada", "Bo"], {"target": 50, "physical": True}, 3)
    laid = {"gold": "E", "dunkelblau": "I", "orange": "R", "lila": "S", "hellblau": "C", "braun": "N",
            "gruen": "H", "rot": "K", "schwarz": "N", "silber": "F"}
    state = roll(state, [laid[c] for c, _, _ in DICE])
    state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "SCHINKEN")})
    assert not state["over"] and engine.view(state)["current"] == 1
    state = roll(state, [laid[c] for c, _, _ in DICE])
    state = engine.apply(state, {"type": "pass"})
    assert state["over"] and engine.result(state)["winners"] == [0]


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts_keep_ten_dice_scores_and_replay(seed):
    rng = random.Random(seed)
    players = [f"P{p}" for p in range(1 + seed % 4)]
    state = engine.new_game("dicewords", players, {"target": 150}, seed)
    record = engine.record_of(state)
    for _ in range(2000):
        if state["over"]:
            break
        turn = state["turn"]
        if turn["rolls"] < 3 and (turn["rolls"] == 0 or rng.random() < 0.6):
            keep = [] if turn["rolls"] == 0 else sorted(rng.sample(range(10), rng.randint(0, 9)))
            action = {"type": "roll", "keep": keep}
        elif rng.random() < 0.2:
            action = {"type": "pass"}
        else:
            dice = rng.sample(range(10), rng.randint(3, 8))
            letters = {str(d): rng.choice("AEIRST") for d in dice if turn["faces"][d] == JOKER}
            action = {"type": "declare", "dice": dice, "letters": letters}
        state = engine.apply(state, action)
        record["actions"].append(action)
        if state["events"] and state["events"][-1]["e"] == "declared" and not state["events"][-1]["valid"] \
                and rng.random() < 0.3:
            state = engine.apply(state, {"type": "overrule"})
            record["actions"].append({"type": "overrule"})
        assert len(state["turn"]["faces"]) == 10
        assert all(f is None or f in DICE[d][2] for d, f in enumerate(state["turn"]["faces"]))
        assert state["scores"] == [sum(e["points"] for e in column) for column in state["pad"]]
        assert json.loads(json.dumps(state)) == state
    assert state["over"]
    assert engine.replay(record)["state"] == state


# --- the best-word helper ---------------------------------------------------------------

from wortwurf.games.dicewords.rules import best_word  # noqa: E402
from wortwurf.words import Lexicon, compile_graph, default_lexicon  # noqa: E402
from wortwurf.games.dicewords.words import counts as counts_in_dicewords  # noqa: E402

UMLAUT = {"Ä": "AE", "Ö": "OE", "Ü": "UE"}


def brute_best(words: dict[str, int], faces: list[str]) -> int:
    """The best score over every word and every way of laying it from the faces."""
    best = 0

    def lay(word, at, free, tiles):
        nonlocal best
        if at == len(word):
            if len(tiles) >= 3:
                best = max(best, word_score(tiles))
            return
        letter = word[at]
        ways = [[letter]] + ([list(UMLAUT[letter])] if letter in UMLAUT else [])
        for way in ways:  # each letter on a die showing it, or on the joker
            chosen, left = [], list(free)
            for part in way:
                die = next((d for d in left if faces[d] == part), None)
                if die is None:
                    die = next((d for d in left if faces[d] == JOKER), None)
                    if die is None:
                        break
                    chosen.append(JOKER)
                else:
                    chosen.append(part)
                left.remove(die)
            else:
                lay(word, at + 1, left, tiles + chosen)

    for word, bits in words.items():
        if len(word) >= 3 and counts_in_dicewords(bits):
            lay(word, 0, list(range(len(faces))), [])
    return best


def letter_mask(letters, bit: dict[str, int]) -> int:
    """A set of letters as one int, a bit per letter (`bit`: letter -> its bit; letters without one are left out)."""
    return sum(bit[letter] for letter in set(letters) if letter in bit)


@pytest.fixture(scope="module")
def lexicon_by_letters():
    """Every DICEWORDS word of the full lexicon, grouped by its set of letters (a quick filter per roll), each
    set as a bit mask: (letter -> bit, {mask: {word: bits}})."""
    groups: dict[frozenset, dict[str, int]] = {}
    for word, bits in default_lexicon().words():
        if 3 <= len(word) <= 10 and counts_in_dicewords(bits):
            groups.setdefault(frozenset(word), {})[word] = bits
    bit = {letter: 1 << n for n, letter in enumerate(sorted(set().union(*groups)))}
    return bit, {letter_mask(letters, bit): words for letters, words in groups.items()}


def words_within_reach(groups, faces) -> dict[str, int]:
    """The words whose letters the faces could show, counting a joker for one missing letter
    and an umlaut as reachable from its vowel or an E (the exact check is brute_best's)."""
    bit, by_mask = groups
    showing = {f for f in faces if f != JOKER}
    reach = letter_mask(showing | {u for u, (base, e) in UMLAUT.items() if base in showing or e in showing}, bit)
    jokers = faces.count(JOKER)
    return {w: b for mask, words in by_mask.items() if (mask & ~reach).bit_count() <= jokers for w, b in words.items()}


def test_best_word_finds_knirschen_and_prefers_wuerfel():
    assert best_word(list("EIRSCNHKNN"))["points"] == 126  # the rulebook's last roll: KNIRSCHEN
    faces = {"gold": "U", "dunkelblau": "E", "orange": "R", "lila": "F", "hellblau": "L", "braun": "Ü",
             "gruen": "E", "rot": "L", "schwarz": "N", "silber": "H"}
    hint = best_word([faces[c] for c, _, _ in DICE])
    assert hint["points"] >= 98  # WUERFEL (98) at least, never WÜRFEL (84)


@pytest.mark.parametrize("seed", range(300))
def test_best_word_matches_brute_force_over_the_whole_lexicon(lexicon_by_letters, seed):
    rng = random.Random(seed)
    faces = [rng.choice(sides) for _, _, sides in DICE]
    hint = best_word(faces)
    expected = brute_best(words_within_reach(lexicon_by_letters, faces), faces)
    assert (hint["points"] if hint else 0) == expected
    if hint:  # and the hint is a declaration the engine accepts for those points
        state = engine.new_game("dicewords", ["Ada"], {"physical": True}, 1)
        state = engine.apply(state, {"type": "roll", "keep": [], "faces": faces})
        state = engine.apply(state, {"type": "declare", "dice": hint["dice"], "letters": hint["letters"]})
        assert state["pad"][0][0]["value"] == hint["points"]
        assert state["pad"][0][0]["word"] == _as_typed(hint, faces)


def _as_typed(hint, faces):
    """The word as its dice spell it (UE for Ü when laid with two dice)."""
    return "".join(hint["letters"].get(str(d), faces[d]) for d in hint["dice"])


def test_the_joker_may_be_half_of_an_umlaut():
    faces = {"gold": "U", "dunkelblau": "A", "orange": "R", "lila": "F", "hellblau": "L", "braun": "W",
             "gruen": "E", "rot": "A", "schwarz": "N", "silber": "?"}
    rolled = [faces[c] for c, _, _ in DICE]
    only = Lexicon(compile_graph([("WÜRFEL", default_lexicon().lookup("WÜRFEL").bits)]))
    hint = best_word(rolled, only)  # W U ? R F E L: 11 x 7 = 77, better than W ? R F E L (9 x 6)
    assert hint["points"] == 77 and hint["letters"] == {str(COLOUR["silber"]): "E"}
    state = engine.apply(engine.new_game("dicewords", ["Ada"], {"physical": True}, 1),
                         {"type": "roll", "keep": [], "faces": rolled})
    state = engine.apply(state, {"type": "declare", "dice": hint["dice"], "letters": hint["letters"]})
    assert state["pad"][0][0]["points"] == 77 and state["pad"][0][0]["word"] == "WUERFEL"


# --- typing a word ----------------------------------------------------------------------

from wortwurf.games.dicewords.rules import match_typed  # noqa: E402


def rulebook_last_roll():
    faces = {"gold": "E", "dunkelblau": "I", "orange": "R", "lila": "S", "hellblau": "C", "braun": "N",
             "gruen": "H", "rot": "K", "schwarz": "C", "silber": "N"}
    return [faces[c] for c, _, _ in DICE]


@pytest.mark.parametrize("typed, points", [("knirschen", 126), ("Kirschen", 104), ("SCHICKEN", 120)])
def test_typed_words_are_matched_to_dice(typed, points):
    faces = rulebook_last_roll()
    match = match_typed(faces, typed)
    assert match["points"] == points
    assert "".join(faces[d] for d in match["dice"]) == typed.upper()
    assert len(set(match["dice"])) == len(match["dice"])


def test_typed_umlauts_take_the_better_laying_and_the_joker_fills_in():
    faces = {"gold": "U", "dunkelblau": "E", "orange": "R", "lila": "F", "hellblau": "L", "braun": "Ü",
             "gruen": "E", "rot": "A", "schwarz": "N", "silber": "?"}
    rolled = [faces[c] for c, _, _ in DICE]
    for typed in ("würfel", "WUERFEL"):
        match = match_typed(rolled, typed)  # W on the joker; UE on two dice beats the Ü die
        assert match["letters"] == {str(COLOUR["silber"]): "W"}
        assert match["points"] == word_score(list("?UERFEL"))
    with pytest.raises(IllegalAction) as caught:
        match_typed(rolled, "SCHWARZ")
    assert caught.value.code == "not_on_dice"
    with pytest.raises(IllegalAction):
        match_typed(rolled, "A-B")


def test_a_typed_ue_is_an_umlaut_only_where_the_word_has_one():
    faces = {"gold": "U", "dunkelblau": "E", "orange": "R", "lila": "E", "hellblau": "Ä", "braun": "Ü",
             "gruen": "E", "rot": "A", "schwarz": "N", "silber": "F"}
    rolled = [faces[c] for c, _, _ in DICE]
    match = match_typed(rolled, "FEUER")
    assert "".join(rolled[d] for d in match["dice"]) == "FEUER"  # never F E Ü R


# --- the live score while building, and the hint ------------------------------------------


def test_a_word_in_progress_is_scored_live_as_tapped_or_typed():
    state = roll(game(), rulebook_last_roll())
    growing = lay_word(state, {"dice": dice_for(state, "KN")})
    assert (growing["word"], growing["sum"], growing["length"], growing["points"]) == ("KN", 4, 2, 8)
    typed = lay_word(state, {"text": "knirschen"})
    assert (typed["word"], typed["sum"], typed["length"], typed["points"]) == ("KNIRSCHEN", 14, 9, 126)
    declared = engine.apply(state, {"type": "declare", "dice": typed["dice"], "letters": typed["letters"]})
    assert declared["pad"][0][0]["points"] == 126
    for bad, code in [({"dice": [0, 0]}, "die_used_twice"), ({"text": "QUARK"}, "not_on_dice"), ([], "bad_dice")]:
        with pytest.raises(IllegalAction) as caught:
            lay_word(state, bad)
        assert caught.value.code == code
    with pytest.raises(IllegalAction) as caught:
        lay_word(game(), {"dice": []})
    assert caught.value.code == "must_roll_first"


def test_the_live_verdict_says_whether_the_word_counts_unless_the_table_turned_it_off():
    state = roll(game(), rulebook_last_roll())
    verdicts = [lay_word(state, request)["counts"] for request in ({"text": "knirschen"}, {"text": "KNIRS"},
                                                                     {"dice": dice_for(state, "KN")})]
    assert verdicts == [True, False, None]  # (two dice are no word yet)
    without = roll(game(verdict=False), rulebook_last_roll())
    assert lay_word(without, {"text": "KNIRS"})["counts"] is None  # found out on declaring, as with the box
    laid = lay_word(without, {"text": "KNIRS"})
    declared = engine.apply(without, {"type": "declare", "dice": laid["dice"], "letters": laid["letters"]})
    assert declared["pad"][0][0]["valid"] is False


def test_a_joker_in_progress_needs_its_letter_and_counts_minus_two():
    faces = {"gold": "E", "dunkelblau": "I", "orange": "R", "lila": "S", "hellblau": "C", "braun": "N",
             "gruen": "H", "rot": "K", "schwarz": "C", "silber": "?"}
    state = roll(game(), [faces[c] for c, _, _ in DICE])
    joker = COLOUR["silber"]
    with pytest.raises(IllegalAction) as caught:
        lay_word(state, {"dice": [COLOUR["lila"], COLOUR["schwarz"], COLOUR["gruen"], COLOUR["dunkelblau"], joker]})
    assert caught.value.code == "joker_letter"
    laid = lay_word(state, {"dice": [COLOUR["lila"], COLOUR["schwarz"], COLOUR["gruen"], COLOUR["dunkelblau"], joker],
                            "letters": {str(joker): "n"}})
    assert laid["word"] == "SCHIN" and laid["letters"] == {str(joker): "N"} and laid["points"] == (1 + 3 + 2 + 1 - 2) * 5


def test_the_hint_names_the_best_word_now_and_the_one_missed_after_the_turn():
    state = game()
    assert engine.hint(state) == {"best": None, "missed": None, "played_best": False}
    state = roll(state, rulebook_last_roll())
    now = engine.hint(state)
    assert now["best"]["points"] == 126 and now["missed"] is None
    state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "KIRSCHEN")})
    after = engine.hint(state)
    assert after["best"] is None and after["missed"] == now["best"] and not after["played_best"]
    with pytest.raises(IllegalAction) as caught:
        engine.hint(engine.new_game("frigiti", ["Ada", "Bo", "Cy", "Di"], {}, 1))
    assert caught.value.code == "no_hint"


def test_an_overrule_that_decides_the_game_says_so_in_the_log():
    state = roll(engine.new_game("dicewords", ["Ada"], {"target": 50, "physical": True}, 1), rulebook_last_roll())
    state = engine.apply(state, {"type": "declare", "dice": dice_for(state, "KRISCHEN")})  # no word: 0
    assert not state["over"]
    state = engine.apply(state, {"type": "overrule"})
    assert state["over"] and state["events"][-1] == {"e": "over", "scores": [104], "winners": [0]}


def test_the_view_says_when_the_round_under_way_is_the_last():
    state = engine.new_game("dicewords", ["Ada", "Bo"], {"target": 50, "physical": True}, 3)
    assert not engine.view(state)["last_round"]
    state = {**state, "scores": [60, 0]}  # Ada has reached the target: Bo's turn completes the round
    state = {**state, "turn_index": 1}
    assert engine.view(state)["last_round"]
