"""A game added in one file and one registration call appears in the catalogue and passes the contract.

"Highest die": each of two players rolls one die (or types in what a real one shows); the higher wins,
a tie rolls again. Nothing outside this file names it.
"""

from __future__ import annotations

import json
import sys

import pytest

import contract
from wortwurf import bridge, engine
from wortwurf.chance import keyed
from wortwurf.errors import IllegalAction
from wortwurf.games import REGISTRY, Game, Option, register
from wortwurf.games.options import standings

FACES = range(1, 7)


def new_game(players, options, seed):
    return {"game": "highdie", "seed": seed, "players": players, "options": options, "throws": 0,
            "dice": [None, None], "over": False, "events": []}


def apply(state, action):
    face = action.get("face")
    if state["over"]:
        raise IllegalAction("game_over")
    if face is None:
        face = 1 + keyed(state["seed"], state["throws"]) % 6
    elif type(face) is not int or face not in FACES:
        raise IllegalAction("bad_faces", count=1)
    dice = [*state["dice"]]
    dice[state["throws"] % 2] = face
    over = state["throws"] % 2 == 1 and dice[0] != dice[1]
    return {**state, "throws": state["throws"] + 1, "dice": dice, "over": over,
            "events": [{"e": "rolled", "face": face}]}


def view(state, player=None):
    return {k: v for k, v in state.items() if k != "seed"}


def result(state):
    return standings([int(d == max(state["dice"])) for d in state["dice"]]) if state["over"] else None


def legal_actions(state):
    return [] if state["over"] else [{"type": "roll"}, *({"type": "roll", "face": f} for f in FACES)]


def peek(state):
    """The game's own extra call: the dice showing."""
    return list(state["dice"])


HIGHEST_DIE = Game(
    id="highdie", rules=sys.modules[__name__],  # this file is the game's rules module
    players=(2, 2, 2), options=(Option("colour", "choice", "red", ("red", "blue")),),
    actions=frozenset({"roll"}), accounted=lambda state: len(state["dice"]) == 2, calls=(peek,),
    state_calls=frozenset({"peek"}), setups=({}, {"colour": "blue"}),
)


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
