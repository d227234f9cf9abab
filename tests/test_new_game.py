"""A game added as one folder (tests/new_game/highdie) appears in the catalogue and passes the contract once
registered. (tests/test_new_game_site.py starts it from the page's setup screen.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import contract
from wortwurf import bridge, engine
from wortwurf.errors import IllegalAction
from wortwurf.games import REGISTRY, register

sys.path.insert(0, str(Path(__file__).parent / "new_game"))
from highdie import GAME as HIGHEST_DIE  # noqa: E402  (a game from outside the package, as a newcomer adds one)


@pytest.fixture
def registered():
    before = dict(REGISTRY)
    yield register(HIGHEST_DIE)
    REGISTRY.clear()
    REGISTRY.update(before)


def test_it_appears_in_the_catalogue_and_at_the_bridge(registered):
    shown = json.loads(bridge.call(json.dumps({"call": "catalogue", "args": []})))["ok"]
    assert shown[-1] == {
        "id": "highdie", "players": {"min": 2, "max": 2, "table": 2},
        "options": [{"name": "colour", "kind": "choice", "default": "red", "values": ["red", "blue"]}],
        "actions": ["roll"], "calls": ["peek"], "helpers": [], "undo": False,
    }
    state = engine.new_game("highdie", ["Ada", "Bo"], {"colour": "blue"}, 3)
    assert json.loads(bridge.call(json.dumps({"call": "peek", "args": [state]}))) == {"ok": [None, None]}
    with pytest.raises(IllegalAction) as refusal:
        engine.hint(state)
    assert refusal.value.code == "no_hint"


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("options", HIGHEST_DIE.setups)
def test_it_passes_the_contract(registered, options, seed):
    assert ("highdie", options) in contract.setups()
    assert contract.playout("highdie", options, seed) > 0


def test_it_is_gone_once_unregistered():
    assert "highdie" not in REGISTRY
    assert json.loads(bridge.call(json.dumps({"call": "peek", "args": [{}]})))["error"]["code"] == "unknown_call"
