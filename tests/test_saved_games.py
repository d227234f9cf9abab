"""Saved games: a record replays to its game exactly, and a damaged one is refused as a whole.

Each fixture is a record played before the games moved into packages of their own (FOR-GET-IT and
DICEWORDS also with real dice, Frigiti, TYP-DOM's Kreuzwort-Spiel and Point) and the SHA-256 of the state
it replayed to then: saved games of that format still load, to the very same state.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from test_forgetit import new, record_with
from wortwurf import engine
from wortwurf.errors import IllegalAction

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_saved_game_of_the_earlier_format_replays_to_the_same_state(path):
    saved = json.loads(path.read_text(encoding="utf-8"))
    state = engine.replay(saved["record"])["state"]
    assert state["over"] == saved["over"]
    assert hashlib.sha256(json.dumps(state, sort_keys=True, ensure_ascii=False).encode()).hexdigest() \
        == saved["state_sha256"]


def test_every_kind_of_game_has_a_saved_game():
    kinds = {(s["record"]["game"], s["record"]["options"].get("physical", False),
              s["record"]["options"].get("variant")) for s in map(lambda p: json.loads(p.read_text()), FIXTURES)}
    assert kinds >= {("forgetit", False, None), ("forgetit", True, None), ("dicewords", False, None),
                     ("dicewords", True, None), ("frigiti", False, None), ("typdom", False, "kreuzwort"),
                     ("typdom", False, "point")}


def test_new_game_without_seed_draws_and_keeps_one():
    state = engine.new_game("forgetit", ["Ada"])
    assert isinstance(state["seed"], int) and 0 <= state["seed"] <= 2**53 - 1
    assert engine.replay(engine.record_of(state))["state"] == state


# --- damaged records ---------------------------------------------------------------


def good_record():
    return record_with(new(["Ada", "Bo"], seed=8), [{"type": "roll", "faces": [1, 1, 2, 2, 3, 3, 4, 5, "FOR"]}, {"type": "stop"}])


def tampered(**changes):
    record = good_record()
    for key, value in changes.items():
        if value is KeyError:
            del record[key]
        else:
            record[key] = value
    return record


@pytest.mark.parametrize(
    "record",
    [
        tampered(format="something-else"),
        tampered(format=KeyError),
        tampered(version=0),
        tampered(version="2"),
        tampered(version=True),
        tampered(actions="roll"),
        tampered(actions=KeyError),
        tampered(actions=[{"type": "fly"}]),
        tampered(actions=[{"type": "set_aside", "dice": [0, 1]}]),
        tampered(actions=[{"type": "roll", "faces": [1, 1]}]),
        tampered(actions=[{"type": "roll", "faces": [1] * 9}, "stop"]),
        tampered(seed="8"),
        tampered(seed=-1),
        tampered(game="dicewords"),
        tampered(game=KeyError),
        tampered(players=[]),
        tampered(players=KeyError),
        tampered(options={"physical": "yes"}),
        [],
        "wortwurf-record",
    ],
)
def test_replay_of_a_damaged_record_is_corrupt_save(record):
    with pytest.raises(IllegalAction) as caught:
        engine.replay(record)
    assert caught.value.code == "corrupt_save"


@pytest.mark.parametrize("seed", [KeyError, None], ids=["missing", "null"])
def test_replay_of_a_record_without_its_seed_is_corrupt_save(seed):
    # A record without its seed cannot replay its keyed rolls; drawing a fresh
    # seed would silently rebuild a different game (rules notes: "Every new game
    # has a seed, shown in its log, so a game replays exactly").
    record = tampered(seed=seed, actions=[{"type": "roll"}])
    with pytest.raises(IllegalAction) as caught:
        engine.replay(record)
    assert caught.value.code == "corrupt_save"


def test_a_record_of_a_newer_format_is_kept_for_the_newer_build_not_read_as_damaged():
    with pytest.raises(IllegalAction) as caught:
        engine.replay(tampered(version=engine.SAVE_VERSION + 1))
    assert (caught.value.code, caught.value.params) == ("newer_save", {"version": engine.SAVE_VERSION + 1})


def test_a_record_of_today_s_format_loads_after_a_format_change(monkeypatch):
    """Today's record, written before a (pretended) change of the save format: the next version's migration
    brings it up to date and it replays to the same game."""
    record = tampered(options={}, actions=[{"type": "roll"}])  # the app's own dice
    before = engine.replay(record)["state"]
    version = engine.SAVE_VERSION
    monkeypatch.setattr(engine, "SAVE_VERSION", version + 1)
    monkeypatch.setitem(engine.MIGRATIONS, version, lambda old: {**old, "version": version + 1, "moved": True})
    assert engine.replay(record)["state"] == before
    monkeypatch.delitem(engine.MIGRATIONS, version)
    with pytest.raises(IllegalAction) as caught:  # an older format without a way forward is damaged
        engine.replay(record)
    assert caught.value.code == "corrupt_save"


def test_undo_of_a_damaged_record_is_corrupt_save():
    with pytest.raises(IllegalAction) as caught:
        engine.undo(tampered(version=0))
    assert caught.value.code == "corrupt_save"


def test_a_word_a_newer_lexicon_refuses_stays_laid_as_the_tables_overrule():
    """The TYP-DOM Point fixture laid KM and QM, which the lexicon refused from issue 25 on (units), and FR,
    refused from issue 37 on (an abbreviation however written): the game still loads, those placements now
    marked as the table's overrule (its stored digest was remade each time)."""
    saved = json.loads((Path(__file__).parent / "fixtures" / "typdom-point.json").read_text(encoding="utf-8"))
    log = engine.replay(saved["record"])["log"]
    assert [e["overruled"] for events in log for e in events if e.get("overruled")] == [["KM"], ["FR"], ["QM"]]
