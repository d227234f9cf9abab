"""Frigiti rules: the rulebook's worked round, every refusal, and the secrets.

The worked example (English rulebook): Karen, Peter, Fred and Andrea; Karen
creates FRIGITI; Karen reads Peter's definition, Peter reads Andrea's, Fred
his own, Andrea Karen's; the circles give Karen 4, Peter 3, Fred 3, Andrea 2.
"""

from __future__ import annotations

import json
import random

import pytest
from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.frigiti.rules import DICE, MAX_DEFINITION, TOKENS

KAREN, PETER, FRED, ANDREA = range(4)
PLAYERS = ["Karen", "Peter", "Fred", "Andrea"]
DEFINITIONS = {KAREN: "Magazine for women who are over age 50.", PETER: "A small fridge.",
               FRED: "Eskimo woman after menopause.", ANDREA: "Aversion to fried fat."}
# Who reads whose sheet in the example: reader -> author.
EXAMPLE_DEAL = [PETER, ANDREA, FRED, KAREN]
FRIGITI_FACES = list("IIIGFTRBMZ")  # dice 0-2 are the vowel dice; G F T R on consonant dice


def frigiti_faces():
    faces = []
    for d, letter in enumerate(FRIGITI_FACES):
        assert letter in DICE[d], (d, letter)
        faces.append(letter)
    return faces


def frigiti_dice(faces):
    """F R I G I T I laid from the rolled dice."""
    order, free = [], list(range(len(faces)))
    for letter in "FRIGITI":
        die = next(d for d in free if faces[d] == letter)
        free.remove(die)
        order.append(die)
    return order


def written(seed: int, players=PLAYERS, language="en") -> dict:
    """A game at its first reading: word created, everyone's definition written."""
    state = engine.new_game("frigiti", players, {"language": language}, seed)
    state = engine.apply(state, {"type": "roll", "faces": frigiti_faces()})
    state = engine.apply(state, {"type": "create", "dice": frigiti_dice(state["faces"])})
    for player in range(len(players)):
        state = engine.apply(state, {"type": "write", "player": player, "text": DEFINITIONS.get(player, f"def {player}")})
    return state


def test_only_the_creator_rolls_and_only_the_reader_names_a_keyword():
    fresh = engine.new_game("frigiti", PLAYERS, {"language": "en"}, 1)
    creator = engine.view(fresh)["creator"]
    with pytest.raises(IllegalAction) as caught:
        engine.apply(fresh, {"type": "roll", "player": (creator + 1) % len(PLAYERS)})
    assert caught.value.code == "not_your_turn"
    assert engine.apply(fresh, {"type": "roll", "player": creator}) == engine.apply(fresh, {"type": "roll"})
    state = written(1)
    reader = engine.view(state)["reader"]
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, {"type": "keyword", "text": "fridge", "player": (reader + 1) % len(PLAYERS)})
    assert caught.value.code == "not_your_turn"
    assert engine.apply(state, {"type": "keyword", "text": "fridge", "player": reader})["keywords"][reader] == "fridge"


def test_the_rulebook_round_moves_the_tokens_as_printed():
    # The seat of the creator and the deal are drawn from the seed: find the seed that gives the example's.
    seed = next(s for s in range(5000) if written(s)["deal"] == EXAMPLE_DEAL and written(s)["start"] == KAREN)
    state = written(seed)
    assert engine.view(state)["order"] == [KAREN, PETER, FRED, ANDREA]
    assert engine.view(state, KAREN)["mine"]["to_read"] == "A small fridge."
    for keyword in ("fridge", "fried fat", "Eskimo woman", "magazine"):
        state = engine.apply(state, {"type": "keyword", "text": keyword})
    assert state["phase"] == "judge"
    assert engine.view(state, KAREN)["mine"]["own_reader"] == ANDREA  # Andrea read Karen's definition
    assert engine.view(state, FRED)["mine"]["own_reader"] == FRED  # Fred read his own
    picks = {KAREN: [KAREN, PETER], PETER: [FRED, ANDREA], FRED: [KAREN, ANDREA], ANDREA: [FRED, ANDREA]}
    for player, chosen in picks.items():
        state = engine.apply(state, {"type": "judge", "player": player, "picks": chosen})
    gained = state["rounds"][0]["gained"]
    assert gained == [4, 3, 3, 2]
    assert state["tokens"] == [TOKENS + 1, TOKENS, TOKENS, TOKENS - 1]
    assert state["round"] == 1 and state["phase"] == "create"
    assert engine.view(state)["creator"] == PETER  # the dice pass to the left


def test_an_existing_word_must_be_rolled_again_unless_the_table_keeps_it():
    state = engine.new_game("frigiti", PLAYERS, {"language": "de"}, 3)
    faces = list("AUETHSMBNZ")
    assert all(f in die for f, die in zip(faces, DICE))
    state = engine.apply(state, {"type": "roll", "faces": faces})
    haus = [faces.index("H"), faces.index("A"), faces.index("U"), faces.index("S")]
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, {"type": "create", "dice": haus})
    assert caught.value.code == "word_exists" and caught.value.params == {"word": "HAUS"}
    kept = engine.apply(state, {"type": "create", "dice": haus, "anyway": True})
    assert kept["word"]["text"] == "HAUS" and kept["events"][0]["known"]
    again = engine.apply(state, {"type": "roll"})  # or roll again
    assert again["rolls"] == 2 and again["faces"] != [None] * 10


def test_english_tables_check_english_words():
    state = engine.new_game("frigiti", PLAYERS, {"language": "en"}, 3)
    faces = list("AOETHSMLNZ")
    state = engine.apply(state, {"type": "roll", "faces": faces})
    with pytest.raises(IllegalAction) as caught:  # HOSE is English (and German)
        engine.apply(state, {"type": "create", "dice": [faces.index(c) for c in "HOSE"]})
    assert caught.value.code == "word_exists"
    made_up = engine.apply(state, {"type": "create", "dice": [faces.index(c) for c in "ZEMO"]})
    assert made_up["word"]["text"] == "ZEMO"


@pytest.mark.parametrize("action, code", [
    ({"type": "keyword", "text": "x"}, "wrong_phase"),
    ({"type": "write", "player": 0, "text": "x"}, "already_done"),
    ({"type": "write", "player": 9, "text": "x"}, "bad_player"),
    ({"type": "write", "player": 1, "text": "   "}, "bad_text"),
    ({"type": "write", "player": 1, "text": "x" * (MAX_DEFINITION + 1)}, "bad_text"),
    ({"type": "write", "player": 1, "text": "line\x00break"}, "bad_text"),
    ({"type": "roll"}, "wrong_phase"),
])
def test_refusals_change_nothing(action, code):
    state = engine.new_game("frigiti", PLAYERS, {}, 1)
    state = engine.apply(state, {"type": "roll", "faces": frigiti_faces()})
    state = engine.apply(state, {"type": "create", "dice": frigiti_dice(state["faces"])})
    state = engine.apply(state, {"type": "write", "player": 0, "text": "A small fridge."})
    before = json.dumps(state)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, action)
    assert caught.value.code == code
    assert json.dumps(state) == before


def test_judging_needs_two_other_keywords_and_never_the_own_one():
    state = written(7)
    for keyword in "abcd":
        state = engine.apply(state, {"type": "keyword", "text": keyword})
    own = engine.view(state, 0)["mine"]["own_reader"]
    others = [r for r in range(4) if r != own]
    for picks in ([others[0]], [others[0], others[0]], [own, others[0]], [others[0], 7], others, [[0], [1]]):
        with pytest.raises(IllegalAction) as caught:
            engine.apply(state, {"type": "judge", "player": 0, "picks": picks})
        assert caught.value.code == "bad_picks"
    state = engine.apply(state, {"type": "judge", "player": 0, "picks": others[:2]})
    with pytest.raises(IllegalAction):
        engine.apply(state, {"type": "judge", "player": 0, "picks": others[1:]})


def test_undo_takes_back_a_public_step_but_never_a_covered_secret_or_one_that_showed_anything():
    record = {**engine.record_of(engine.new_game("frigiti", PLAYERS, {}, 11)), "actions": []}
    state = engine.replay(record)["state"]
    actions = [{"type": "roll", "faces": frigiti_faces()}, {"type": "create", "dice": frigiti_dice(frigiti_faces())},
               {"type": "write", "player": 2, "text": "first"}]
    record["actions"] = actions[:2]
    assert engine.undo(record)["state"]["word"] is None  # the word taken is public: it may be taken back
    with pytest.raises(IllegalAction):  # the roll stays
        engine.undo({**record, "actions": actions[:1]})
    record["actions"] = actions
    with pytest.raises(IllegalAction):  # a covered definition: the next person at the device cannot undo it
        engine.undo(record)
    record["actions"] = actions + [{"type": "write", "player": p, "text": f"def {p}"} for p in (0, 1, 3)]
    with pytest.raises(IllegalAction):  # the last definition dealt the sheets: it stays
        engine.undo(record)
    state = engine.replay(record)["state"]
    assert state["phase"] == "read"


def test_keywords_are_suggested_from_the_text_read():
    state = written(2, language="de")
    reader = engine.view(state)["reader"]
    mine = engine.view(state, reader)["mine"]
    assert mine["suggestion"] in mine["to_read"]
    german = engine.new_game("frigiti", PLAYERS, {"language": "de"}, 1)
    from wortwurf.games.frigiti.rules import suggest_keyword
    assert suggest_keyword("Eine Zeitschrift für Frauen über fünfzig", "de") == "Zeitschrift"
    assert suggest_keyword("Magazine for women who are over age 50.", "en") == "Magazine"
    assert german["options"]["language"] == "de"


# --- random games: tokens, marks, secrets, round trips -----------------------------------------


def secret_free(view: dict, state: dict, player: int | None) -> None:
    """No unread definition of anyone else, no author, no one else's marks, before the tokens move."""
    text = json.dumps(view)
    read = {r["text"] for r in view["read"]}
    for author, definition in enumerate(state["definitions"]):
        if definition is None or author == player or definition in read:
            continue
        if view["mine"].get("to_read") == definition:
            continue  # the reader holds the sheet dealt to them
        assert definition not in text, (player, author)
    assert '"deal":' not in text and '"judgements":' not in text and '"author":' not in json.dumps(view["read"])
    assert set(view["mine"]) <= {"definition", "to_read", "suggestion", "own_reader", "picks"}


def playout(seed: int) -> None:
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(4, 6))]
    n = len(players)
    state = engine.new_game("frigiti", players, {"language": rng.choice(["de", "en"])}, seed)
    record = engine.record_of(state)

    def act(action):
        nonlocal state
        state = engine.apply(state, action)
        record["actions"].append(action)
        assert sum(state["tokens"]) == TOKENS * n
        for player in [None, *range(n)]:
            secret_free(engine.view(state, player), state, player)

    while not state["over"]:
        act({"type": "roll"})
        dice = rng.sample(range(len(DICE)), rng.randint(3, 7))
        act({"type": "create", "dice": dice, "anyway": True})
        for player in rng.sample(range(n), n):
            act({"type": "write", "player": player, "text": f"def {seed}-{state['round']}-{player} <b>&"})
        while state["phase"] == "read":
            act({"type": "keyword", "text": rng.choice(["Wort", "x", "<img src=x>"])})
        for player in rng.sample(range(n), n):
            own = engine.view(state, player)["mine"]["own_reader"]
            act({"type": "judge", "player": player, "picks": rng.sample([r for r in range(n) if r != own], 2)})
        last = state["rounds"][-1]
        assert len(last["movements"]) == 3 * n
        for judge in range(n):  # exactly the own mark and two picks each
            marks = [m for m in last["movements"] if m["from"] == judge]
            assert [m["kind"] for m in marks] == ["own", "pick", "pick"]
            assert marks[0]["to"] == judge
    assert len(state["rounds"]) == n
    assert json.loads(json.dumps(state)) == state
    assert engine.replay(record)["state"] == state
    assert state["tokens"] == [TOKENS - 3 * n + sum(r["gained"][p] for r in state["rounds"]) for p in range(n)]


@pytest.mark.parametrize("seed", range(40))
def test_random_games_conserve_tokens_keep_secrets_and_replay(seed):
    playout(seed)


# --- the Frigiti dictionary ------------------------------------------------------------------

from wortwurf.games.frigiti.collection import (  # noqa: E402
    MAX_COLLECTION_CHARS,
    MAX_COLLECTION_WORDS,
    MAX_WORD_DEFINITIONS,
    collection_entry,
    collection_limits,
    delete_definition,
    delete_word,
    empty_collection,
    merge_collection,
    read_collection,
)

def finished_round() -> dict:
    state = written(7)
    for keyword in "abcd":
        state = engine.apply(state, {"type": "keyword", "text": keyword})
    for player in range(4):
        own = engine.view(state, player)["mine"]["own_reader"]
        state = engine.apply(state, {"type": "judge", "player": player,
                                     "picks": [r for r in range(4) if r != own][:2]})
    return state


def test_a_round_is_kept_with_its_definitions_and_authors_and_survives_export():
    entry = collection_entry(finished_round())
    assert entry["word"] == "FRIGITI" and entry["language"] == "en"
    assert sorted((d["author"], d["text"]) for d in entry["definitions"]) == sorted(
        (PLAYERS[p], text) for p, text in DEFINITIONS.items())
    kept = merge_collection(empty_collection(), {**empty_collection(), "words": [entry]})
    exported = json.dumps(kept)
    assert read_collection(exported) == kept
    assert merge_collection(kept, read_collection(exported)) == kept  # importing twice adds nothing
    script = {**entry, "definitions": [{"text": '<img src=x onerror="alert(1)">', "author": "<b>Eve</b>"}]}
    merged = merge_collection(kept, {**empty_collection(), "words": [script]})
    assert merged["words"] == [{**entry, "definitions": entry["definitions"] + script["definitions"]}]  # as text
    with pytest.raises(IllegalAction) as caught:
        collection_entry(engine.new_game("frigiti", PLAYERS, {}, 1))
    assert caught.value.code == "nothing_to_keep"


@pytest.mark.parametrize("text", [
    "not json", "[]", json.dumps({"format": "wortwurf-record", "version": 1, "words": []}),
    json.dumps({"format": "wortwurf-frigiti-words", "version": 2, "words": []}),
    json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": [{"word": "AB", "language": "de",
                                                                           "definitions": [{"text": "x", "author": "y"}]}]}),
    json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": [{"word": "FRIGITI", "language": "fr",
                                                                           "definitions": [{"text": "x", "author": "y"}]}]}),
    json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": [{"word": "FRIGITI", "language": "de",
                                                                           "definitions": [{"text": "", "author": "y"}]}]}),
    json.dumps({"format": "wortwurf-frigiti-words", "version": 1, "words": [{"word": "FRIGITI"}]}),
    "x" * (MAX_COLLECTION_CHARS + 1),
])
def test_a_foreign_damaged_or_oversized_file_is_refused(text):
    with pytest.raises(IllegalAction) as caught:
        read_collection(text)
    assert caught.value.code == "bad_collection"


def test_a_dictionary_at_its_limits_reads_back_however_it_was_written():
    """Every entry at its longest, all of it text JSON may escape (emoji, umlauts), merged up to the word cap:
    written with indent 1 or 2, escaped or not, the file is read back whole (the bounds agree by construction)."""
    author = "👨‍👩‍👧" * 12 + "👍🏽" * 2  # 14 characters to the eye, 64 code points
    assert engine.new_game("frigiti", [author, "B", "C", "D"], {}, 1)["players"][0] == author

    def entry(i):
        word = "".join("ÄÖÜ"[i // 3**k % 3] for k in range(len(DICE)))
        return {"word": word, "language": "de",
                "definitions": [{"text": "😀" * MAX_DEFINITION, "author": author} for _ in range(MAX_WORD_DEFINITIONS)]}

    half = MAX_COLLECTION_WORDS // 2
    first = merge_collection(empty_collection(), {**empty_collection(), "words": [entry(i) for i in range(half)]})
    second = {**empty_collection(), "words": [entry(i) for i in range(half, MAX_COLLECTION_WORDS)]}
    full = merge_collection(first, second)
    assert len(full["words"]) == MAX_COLLECTION_WORDS
    for indent in (1, 2):
        for ensure_ascii in (True, False):
            assert read_collection(json.dumps(full, indent=indent, ensure_ascii=ensure_ascii)) == full
    with pytest.raises(IllegalAction) as caught:  # one word more does not fit
        merge_collection(full, {**empty_collection(), "words": [entry(MAX_COLLECTION_WORDS)]})
    assert caught.value.code == "bad_collection"
    assert collection_limits() == {"words": MAX_COLLECTION_WORDS, "chars": MAX_COLLECTION_CHARS}


def test_a_file_nested_deep_is_refused_before_it_is_parsed():
    for depth in (65, 4000):
        with pytest.raises(IllegalAction) as caught:
            read_collection("[" * depth + "]" * depth)
        assert caught.value.code == "bad_collection"


def dictionary(*entries) -> dict:
    return {**empty_collection(), "words": list(entries)}


def card(word, *texts, language="de") -> dict:
    return {"word": word, "language": language, "definitions": [{"text": t, "author": "Ada"} for t in texts]}


def test_a_word_kept_again_merges_onto_its_one_card_without_doubling_a_definition():
    kept = merge_collection(empty_collection(), dictionary(card("FRIGITI", "ein Hut"), card("ZAUBA", "ein Tanz")))
    merged = merge_collection(kept, dictionary(card("FRIGITI", "ein Hut", "ein Schal"), card("FRIGITI", "ein Hut",
                                                                                               language="en")))
    assert merged == dictionary(card("FRIGITI", "ein Hut", "ein Schal"), card("ZAUBA", "ein Tanz"),
                                card("FRIGITI", "ein Hut", language="en"))  # another language is another word
    assert read_collection(json.dumps(merged, indent=1)) == merged
    twice = merge_collection(empty_collection(), dictionary(card("ZAUBA", "a"), card("ZAUBA", "b", "a")))
    assert twice == dictionary(card("ZAUBA", "a", "b"))  # a file holding a word twice gives one card too


def test_a_merge_past_a_word_s_most_definitions_is_refused_and_changes_nothing():
    full = merge_collection(empty_collection(), dictionary(card("ZAUBA", *map(str, range(MAX_WORD_DEFINITIONS)))))
    before = json.dumps(full)
    assert merge_collection(full, dictionary(card("ZAUBA", "0", "1"))) == full  # nothing new: fits
    with pytest.raises(IllegalAction) as caught:
        merge_collection(full, dictionary(card("ZAUBA", "noch eine")))
    assert (caught.value.code, caught.value.params) == ("too_many_definitions",
                                                        {"word": "ZAUBA", "most": MAX_WORD_DEFINITIONS})
    assert json.dumps(full) == before
    with pytest.raises(IllegalAction) as caught:  # a file cannot hold more on one card either
        read_collection(json.dumps(dictionary(card("ZAUBA", *map(str, range(MAX_WORD_DEFINITIONS + 1))))))
    assert caught.value.code == "bad_collection"


def test_a_word_or_one_definition_is_deleted_and_the_last_definition_takes_its_card():
    kept = dictionary(card("FRIGITI", "ein Hut", "ein Schal"), card("ZAUBA", "ein Tanz"))
    before = json.dumps(kept)
    assert delete_word(kept, "FRIGITI", "de") == dictionary(card("ZAUBA", "ein Tanz"))
    assert delete_definition(kept, "FRIGITI", "de", 0) == dictionary(card("FRIGITI", "ein Schal"), card("ZAUBA", "ein Tanz"))
    assert delete_definition(kept, "ZAUBA", "de", 0) == dictionary(card("FRIGITI", "ein Hut", "ein Schal"))
    assert json.dumps(kept) == before  # the dictionary handed in is never changed
    for call, args in [(delete_word, ("FRIGITI", "en")), (delete_word, ("NIX", "de")),
                       (delete_definition, ("ZAUBA", "de", 1)), (delete_definition, ("ZAUBA", "de", -1)),
                       (delete_definition, ("ZAUBA", "de", True)), (delete_definition, ("ZAUBA", "de", "0"))]:
        with pytest.raises(IllegalAction) as caught:
            call(kept, *args)
        assert caught.value.code == "not_in_collection"
