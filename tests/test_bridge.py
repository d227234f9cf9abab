"""The JSON bridge: the page's calls, their answers, and junk of every kind answered, never crashed on.

The fuzzer builds requests from real ones (states a few steps into each game,
records, dictionaries) and damages them as a page, a stale save or a person
with the developer tools might: keys removed, values of the wrong type, lists
shortened or lengthened, numbers out of range, text truncated. Every answer
must be {"ok": ...} or {"error": {...}} with a known code. It is seeded, so a
failure replays.
"""

from __future__ import annotations

import json
import random

import pytest

from wortwurf import bridge, engine, jsontext
from wortwurf.errors import MESSAGES
from wortwurf.games.frigiti import collection as frigiti
from wortwurf.games.frigiti.rules import own_reader


def call(name, *args):
    return json.loads(bridge.call(json.dumps({"call": name, "args": list(args)})))


def new(players=("Ada",), seed=7):
    """A game with real dice, whose rolls are stated."""
    return engine.new_game("forgetit", list(players), {"physical": True}, seed)


def roll(state, *faces):
    return engine.apply(state, {"type": "roll", "faces": list(faces)})


def showing(state, number):
    return [slot for slot, d in enumerate(state["turn"]["dice"]) if not d["aside"] and d["face"] == number]


def test_bridge_round_trip():
    answer = call("new_game", "forgetit", ["Ada", "Bo"], {"physical": True}, 5)
    state = answer["ok"]
    assert state == new(["Ada", "Bo"], seed=5)
    state = call("apply", state, {"type": "roll", "faces": [3, 3, 1, 1, 2, 2, 4, 5, "IT"]})["ok"]
    assert state == roll(new(["Ada", "Bo"], seed=5), 3, 3, 1, 1, 2, 2, 4, 5, "IT")
    view = call("view", state)["ok"]
    assert view["turn"]["syllables"] == {"FOR": 0, "GET": 0, "IT": 1}
    assert call("view", state, 1)["ok"] == view
    assert call("legal_actions", state)["ok"] == engine.legal_actions(state)
    assert call("result", state) == {"ok": None}
    record = call("record_of", state)["ok"]
    assert record["seed"] == 5 and record["actions"] == []


def test_bridge_answers_compact_json():
    text = bridge.call('{"call":"result","args":[' + json.dumps(new()) + "]}")
    assert text == '{"ok":null}'


def test_the_catalogue_lists_every_game_as_the_setup_reads_it():
    games = {game["id"]: game for game in call("catalogue")["ok"]}
    assert list(games) == ["forgetit", "dicewords", "frigiti", "typdom", "presto", "bluff"]
    assert games["frigiti"]["players"] == {"min": 4, "max": 6, "table": 4}
    assert games["frigiti"]["options"] == [{"name": "language", "kind": "choice", "default": "de", "values": ["de", "en"]}]
    assert games["dicewords"]["options"][0] == {"name": "target", "kind": "int", "default": 400, "low": 50, "high": 5000}
    assert {"name": "computer", "kind": "seats", "default": [], "values": [1, 2, 3]} in games["typdom"]["options"]
    assert games["forgetit"]["helpers"] == ["hint", "computer", "advice", "review"]
    assert [g["calls"] for g in games.values()] == [
        [], ["lay_word"], ["collection_entry", "read_collection", "merge_collection", "empty_collection",
                           "collection_limits", "delete_word", "delete_definition"], ["preview"], ["table_marks", "race_hint", "solution", "puzzle_of_the_day", "daily_record", "deal_code",
                                            "join_deal", "shared_result", "verify", "shared_standings"], ["verdict", "finishing_tiles", "words_with"]]


def test_the_page_s_calls_are_all_allowed():
    assert set(bridge.calls()) == {
        "catalogue", "apply", "view", "preview", "lay_word", "read_collection", "merge_collection",
        "empty_collection", "collection_limits", "collection_entry", "delete_word", "delete_definition", "describe", "hint", "advice", "review",
        "computer_action", "replay", "undo", "record_of", "new_game", "legal_actions", "result", "solution",
        "puzzle_of_the_day", "daily_record", "table_marks", "race_hint", "deal_code", "join_deal", "shared_result", "verify",
        "shared_standings",
        "verdict", "finishing_tiles", "words_with", "guest_request", "guest_view", "guest_due", "prepare"}


def test_the_dictionarys_limits_are_one_call():
    assert call("collection_limits") == {"ok": {"words": frigiti.MAX_COLLECTION_WORDS,
                                                "chars": frigiti.MAX_COLLECTION_CHARS}}


@pytest.mark.parametrize(
    "request_text, code",
    [
        ('{"call": "format_disk", "args": []}', "unknown_call"),
        ('{"call": "_copy", "args": [{}]}', "unknown_call"),
        ('{"args": []}', "unknown_call"),
        ('[]', "unknown_call"),
        ('{"call": "new_game", "args": []}', "bad_call"),
        ('{"call": "result", "args": 5}', "bad_call"),
        ('{"call": "apply", "args": [{}]}', "bad_call"),
        ('{"call": "view", "args": [{}, 0, 1]}', "bad_call"),
        ('{"call": "new_game", "args": ["forgetit", ["Ada"], {}, 1, 2]}', "bad_call"),
        ('{"call": "new_game", "args": ["forgetit", [], {}, 1]}', "bad_players"),
        ('{"call": "new_game", "args": ["chess", ["Ada"], {}, 1]}', "unknown_game"),
        ('{"call": "result", "args": [[]]}', "bad_state"),
        ('{"call": "apply", "args": [{"game": "forgetit"}, {"type": "roll"}]}', "bad_state"),
        ('{"call": "view", "args": [{}, 0]}', "unknown_game"),
        ('not json', "bad_request"),
        ('{"call": "result", "args": [', "bad_request"),
        ('{"call": "new_game", "args": ["forgetit", ["Ada"], {}, NaN]}', "bad_request"),
        ('{"call": "new_game", "args": ["forgetit", ["Ada"], {}, 1e400]}', "bad_request"),
        ('{"call": "new_game", "args": ["forgetit", ["Ada"], {}, ' + "9" * 5000 + "]}", "bad_request"),
        ('{"call": "describe", "args": [' + "[" * 3000 + "]" * 3000 + "]}", "bad_request"),
        ('{"call": "describe", "args": [' + "[" * 65 + "]" * 65 + "]}", "bad_request"),
        ('{"call": "describe", "args": ["' + "[" * 3000 + '"]}', None),  # brackets in a string are text
        (None, "bad_request"),
    ],
)
def test_bridge_errors(request_text, code):
    answer = json.loads(bridge.call(request_text))
    if code is None:
        assert answer == {"ok": None}
        return
    assert list(answer) == ["error"]
    assert answer["error"]["code"] == code
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
    assert isinstance(answer["error"]["params"], dict)


def test_a_state_damaged_past_the_first_look_is_a_bad_state_naming_the_error_for_developers():
    state = roll(new(), 3, 1, 1, 1, 2, 2, 4, 5, "IT")
    del state["turn"]["dice"]
    answer = call("view", state)
    assert answer["error"]["code"] == "bad_state" and answer["error"]["params"] == {}
    assert "KeyError('dice')" in answer["error"]["message"]


def test_a_state_with_more_dice_than_the_game_has_is_refused_before_any_search():
    # The helpers' search grows sixfold with every FOR-GET-IT die: 18 dice would never be answered.
    state = roll(new(), 3, 1, 1, 1, 2, 2, 4, 5, "IT")
    state["turn"]["dice"] *= 2
    words = engine.new_game("dicewords", ["Ada"], None, 1)
    words["turn"]["faces"] *= 3
    for name, damaged in [("hint", state), ("advice", state), ("computer_action", state), ("hint", words),
                          ("computer_action", words)]:
        assert call(name, damaged)["error"]["code"] == "bad_state"


def test_bridge_illegal_action_becomes_an_error_answer():
    answer = call("apply", new(), {"type": "stop"})
    assert answer == {"error": {"code": "must_roll_first", "params": {},
                                "message": "roll the dice before doing anything else"}}
    rolled = roll(new(), 3, 1, 1, 1, 2, 2, 4, 5, "IT")
    answer = call("apply", rolled, {"type": "set_aside", "dice": showing(rolled, 3)})
    assert answer["error"]["code"] == "need_pair"
    answer = call("undo", engine.record_of(new()))
    assert answer["error"]["code"] == "nothing_to_undo"


def test_depth_is_measured_without_recursion_and_ignores_strings():
    assert jsontext.depth('{"a": [1, {"b": "]]]]"}], "c": "[[[\\"[["}') == 3
    assert jsontext.depth("[" * 100_000) == 100_000
    assert jsontext.depth('"unterminated [[[') == 3  # counted, so refused before a parser could go deep


# --- the fuzzer ---------------------------------------------------------------------------------

REQUESTS = 3000
JUNK = [None, True, 0, -1, 1.5, 10**18, -(10**18), "", "x", "forgetit", [], {}, [None], [[]], [{}], {"": None},
        [0] * 12, "FOR", "?", "*", "0,0"]


def played(game, players, options, seed, steps):
    """A state `steps` into a game, and its record, driven by the computer's or the first legal choice."""
    state = engine.new_game(game, players, options, seed)
    record = engine.record_of(state)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = engine.legal_actions(state)
        if game == "frigiti":
            action = frigiti_action(state, rng, legal)
        elif game == "typdom":
            move = engine.hint(state)["move"]
            action = {"type": "place", "tiles": move["tiles"]} if move and rng.random() < 0.7 else legal[0]
        elif game == "dicewords" and state["turn"]["rolls"]:
            best = engine.hint(state)["best"]
            action = {"type": "declare", "dice": best["dice"], "letters": best["letters"]} if best else legal[-1]
        else:
            action = rng.choice(legal)
        state = engine.apply(state, action)
        record["actions"].append(action)
    return state, record


def frigiti_action(state, rng, legal):
    players = range(len(state["players"]))
    if state["phase"] == "create":
        return legal[0] if not state["rolls"] else {"type": "create", "dice": [0, 3, 1, 4], "anyway": True}
    if state["phase"] == "write":
        return {"type": "write", "player": state["definitions"].index(None), "text": "ein Wort 👨‍👩‍👧"}
    if state["phase"] == "read":
        return {"type": "keyword", "text": "Wort"}
    judge = state["judgements"].index(None)
    own = own_reader(state, judge)
    return {"type": "judge", "player": judge, "picks": [r for r in players if r != own][:2]}


@pytest.fixture(scope="module")
def material():
    """Real arguments to damage: states and records of every game a few steps in, dictionaries, actions."""
    games = [
        ("forgetit", ["Ada", "Bo"], {}, 3, 5), ("forgetit", ["Ada"], {"physical": True}, 4, 0),
        ("dicewords", ["Ada", "Bo"], {"target": 50}, 5, 3), ("dicewords", ["Ada"], {"computer": [2]}, 6, 1),
        ("frigiti", ["A", "B", "C", "D"], {}, 7, 9), ("frigiti", ["A", "B", "C", "D", "E"], {}, 8, 24),
        ("typdom", ["Ada", "Bo"], {}, 9, 2), ("typdom", ["Ada", "Bo"], {"variant": "point", "computer": [1, 1]}, 10, 1),
    ]
    played_games = [played(*game) for game in games]
    finished, _ = played("frigiti", ["A", "B", "C", "D"], {}, 11, 14 * 4)
    collection = frigiti.merge_collection(frigiti.empty_collection(),
                                          {**frigiti.empty_collection(), "words": [frigiti.collection_entry(finished)]})
    return {
        "states": [state for state, _ in played_games] + [finished],
        "records": [record for _, record in played_games],
        "collection": collection,
        "games": games,
    }


def arguments(rng, name, material):
    """Real arguments for the call `name`."""
    state = rng.choice(material["states"])
    record = rng.choice(material["records"])
    collection = material["collection"]
    action = rng.choice(record["actions"] or [{"type": "roll"}])
    game, players, options, seed, _ = rng.choice(material["games"])
    quick = rng.choice([s for s in material["states"] if s["game"] != "dicewords"])  # its advice takes seconds
    return {
        "advice": [quick],
        "new_game": [game, players, options, seed],
        "apply": [state, action],
        "view": [state, rng.choice([None, 0, 1])],
        "replay": [record], "undo": [record], "review": [record],
        "preview": [state, [{"tile": 3, "row": 0, "col": 0}, {"tile": 40, "row": 0, "col": 1}]],
        "lay_word": [state, rng.choice([{"dice": [0, 1, 2]}, {"text": "WUERFEL"}])],
        "read_collection": [json.dumps(collection, indent=1)],
        "merge_collection": [collection, collection],
        "empty_collection": [], "collection_limits": [],
        "describe": [rng.choice(["Würfel", "UEBERTRAGUNG", "haustuer"])],
    }.get(name, [state])


def damaged(rng, value, depth=0):
    """`value` with one random thing somewhere in it damaged."""
    if isinstance(value, dict) and value and depth < 6 and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        if rng.random() < 0.15:
            return {k: v for k, v in value.items() if k != key}
        return {**value, key: damaged(rng, value[key], depth + 1)}
    if isinstance(value, list) and value and depth < 6 and rng.random() < 0.8:
        i = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.1:
            return value[:i]
        if roll < 0.15:
            return value + value[:3]
        return [*value[:i], damaged(rng, value[i], depth + 1), *value[i + 1:]]
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return rng.choice([-value - 1, value + 1, value * 1000, 2**53, -(2**40)])
    if isinstance(value, str) and value and rng.random() < 0.3:
        return value[: rng.randrange(len(value))]
    return rng.choice(JUNK)


def junk_request(rng, material):
    name = rng.choice(sorted(bridge.calls()))
    args = arguments(rng, name, material)
    for _ in range(rng.choice([1, 1, 2, 3])):
        args = damaged(rng, args)
    text = json.dumps({"call": name, "args": args})
    if rng.random() < 0.03:
        text = text[: rng.randrange(len(text))]
    return name, text


def test_every_junk_request_gets_an_answer(material):
    rng = random.Random(19)
    seen = {}
    for _ in range(REQUESTS):
        name, text = junk_request(rng, material)
        answer = json.loads(bridge.call(text))  # raises if anything but IllegalAction came out
        assert list(answer) in (["ok"], ["error"]), text
        if "error" in answer:
            assert answer["error"]["code"] in MESSAGES, text
        seen.setdefault(name, set()).add(list(answer)[0] if "ok" in answer else answer["error"]["code"])
    assert set(seen) == set(bridge.calls())
    assert any("ok" in kinds for kinds in seen.values()) and sum("bad_state" in kinds for kinds in seen.values()) > 3


def test_the_page_runs_every_search_apart():
    """web/engine.js sends the calls that search to a worker of their own, with a time budget: its list must be
    the engine's (a search it missed would hold the page's other calls; a call it named wrongly would never
    reach the engine's worker)."""
    from pathlib import Path
    import re

    source = (Path(__file__).parents[1] / "web" / "engine.js").read_text(encoding="utf-8")
    listed = re.search(r"export const SEARCHES = new Set\(\[([^\]]*)\]\)", source).group(1)
    assert set(json.loads(f"[{listed}]")) == bridge.searches()
    assert bridge.searches() <= set(bridge.calls())


def test_a_time_budget_ends_a_search_with_the_best_found_and_changes_nothing_else():
    """DICEWORDS' advice on a roll it weighs long: given no time it still answers, with its first choice weighed
    (the race's leader), and the same position without a budget gets the whole search, as before."""
    state = engine.apply(engine.new_game("dicewords", ["Ada"], {}, 3), {"type": "roll", "keep": []})
    whole = call("advice", state)["ok"]
    cut = json.loads(bridge.call(json.dumps({"call": "advice", "args": [state]}), 0.0))["ok"]
    assert cut["choices"] and len(cut["choices"]) < len(whole["choices"])
    assert cut["choices"][0]["finalist"]
    assert call("advice", state)["ok"] == whole  # (a budget given once is not kept)


def test_every_game_can_be_prepared_for_its_searches_and_a_state_that_is_none_is_refused():
    """The page's search worker prepares for a game before it takes its searches: for every game that is a
    call answered with nothing (what it made is kept in the worker), and junk is refused as any state is."""
    from wortwurf.games import REGISTRY

    for game in REGISTRY:
        fewest = REGISTRY[game].players[0]
        state = engine.new_game(game, [f"P{n}" for n in range(max(fewest, 2))], None, 5)
        assert call("prepare", state) == {"ok": None}
    assert call("prepare", {"game": "dicewords"})["error"]["code"] == "bad_state"
