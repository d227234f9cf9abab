"""A throwaway game for the tests: "Highest die", in one folder and nothing else.

Each of two players rolls one die (or types in what a real one shows); the higher wins, a tie rolls again.
The tests register it natively (tests/test_new_game.py) and build a site with it
(`python3 build.py build --game tests/new_game/highdie`, tests/test_new_game_site.py); nothing outside this
folder names it.
"""

from __future__ import annotations

import sys

from wortwurf.chance import keyed
from wortwurf.errors import IllegalAction
from wortwurf.games import Game, Option
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


GAME = Game(
    id="highdie", rules=sys.modules[__name__],  # this file is the game's rules module
    players=(2, 2, 2), options=(Option("colour", "choice", "red", ("red", "blue")),),
    actions=frozenset({"roll"}), accounted=lambda state: len(state["dice"]) == 2, calls=(peek,),
    state_calls=frozenset({"peek"}), setups=({}, {"colour": "blue"}),
)
