"""The facade every game shares; the page and the tests speak only to this.

States, actions and records are plain JSON data. No function here mutates its
input: a game's `apply` builds a new state (copying only what an action can
change), so an `IllegalAction` leaves the caller's state exactly as it was.

A *record* is what a saved game is: the game, the players, the options, the
seed and the list of actions taken. Because every chance outcome is keyed to the
seed and the position in the game, replaying a record rebuilds the state
exactly, and that replay is also how a saved game is checked on load.
"""

from __future__ import annotations

import os

from . import text
from .errors import IllegalAction
from .games import (
    checked_options, dicewords, dicewords_strategy, forgetit, forgetit_race, forgetit_strategy, frigiti, typdom,
    typdom_moves,
)

GAMES = {"forgetit": forgetit, "dicewords": dicewords, "frigiti": frigiti, "typdom": typdom}
# Where a game's hints and computer players live in a module of their own (else: the game's module).
PLAYERS = {"dicewords": dicewords_strategy, "forgetit": forgetit_strategy, "typdom": typdom_moves}
# The slower advice, asked for separately: DICEWORDS' keep choices, FOR-GET-IT's chances of winning for two.
ADVISERS = {"dicewords": dicewords_strategy, "forgetit": forgetit_race}

MAX_SEED = 2**53 - 1  # the largest whole number JavaScript holds exactly
MAX_NAME = text.MAX_NAME
SAVE_FORMAT = "wortwurf-record"
SAVE_VERSION = 1


def _module(name):
    if not isinstance(name, str) or name not in GAMES:
        raise IllegalAction("unknown_game", game=str(name)[:40])
    return GAMES[name]


def _module_of(state):
    """The module of a state's game, after a look at what every game's state holds (and, where a game's
    helpers search, the sizes they rely on): a state comes back from the page, so it may be anything (a
    deeper tamper is the bridge's to catch, see `bridge`)."""
    if not isinstance(state, dict):
        raise IllegalAction("bad_state")
    module = _module(state.get("game"))
    players, seed = state.get("players"), state.get("seed")
    if (
        not isinstance(players, list) or not module.MIN_PLAYERS <= len(players) <= module.MAX_PLAYERS
        or not all(isinstance(name, str) for name in players)
        or type(seed) is not int or not isinstance(state.get("options"), dict)
        or type(state.get("over")) is not bool or not isinstance(state.get("events"), list)
        or hasattr(module, "sound") and not module.sound(state)
    ):
        raise IllegalAction("bad_state")
    return module


def _check_players(module, players) -> list[str]:
    if not isinstance(players, list) or not module.MIN_PLAYERS <= len(players) <= module.MAX_PLAYERS:
        raise IllegalAction("bad_players", min=module.MIN_PLAYERS, max=module.MAX_PLAYERS)
    names = [text.name(name) for name in players]
    if None in names:
        raise IllegalAction("bad_player_name", max=MAX_NAME, code_points=text.MAX_NAME_CODE_POINTS)
    return names


def _check_seed(seed) -> int:
    if seed is None:
        return int.from_bytes(os.urandom(8), "big") % (MAX_SEED + 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise IllegalAction("bad_seed")
    return seed


def new_game(game: str, players: list, options: dict | None = None, seed: int | None = None) -> dict:
    """A fresh state; without a seed, one is drawn once and kept in the state."""
    module = _module(game)
    names = _check_players(module, players)
    chosen = checked_options({} if options is None else options, module.OPTIONS, module.VALID_OPTIONS)
    return module.new_game(names, chosen, _check_seed(seed))


def apply(state: dict, action: dict) -> dict:
    """The state after one action; raises IllegalAction and changes nothing on bad input."""
    module = _module_of(state)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) \
            or action["type"] not in module.ACTION_TYPES:
        raise IllegalAction("bad_action")
    return module.apply(state, action)


def view(state: dict, player: int | None = None) -> dict:
    """What seat `player` may see (None: what everyone at the table may see).

    No view holds the seed before the game is over: every roll, rack and deal
    is keyed to it, so whoever knew it could work out what is still hidden. A
    finished game's view has it, to tell the game again (the record keeps it).
    """
    module = _module_of(state)
    if player is not None and (type(player) is not int or not 0 <= player < len(state["players"])):
        raise IllegalAction("bad_player")
    seen = module.view(state, player)
    return {**seen, "seed": state["seed"]} if state["over"] else seen


def result(state: dict) -> dict | None:
    return _module_of(state).result(state)


def hint(state: dict) -> dict:
    """The game's help for the position: DICEWORDS names the best word (and the one just missed), FOR-GET-IT
    values every choice open now, TYP-DOM shows a possible placement."""
    game = _module_of(state)
    module = next((m for m in (PLAYERS.get(state["game"]), game) if hasattr(m, "hint")), None)
    if module is None:
        raise IllegalAction("no_hint")
    return module.hint(state)


def advice(state: dict) -> dict:
    """DICEWORDS: every keep choice before a re-roll with the final score it is expected to bring. FOR-GET-IT
    for two: every choice with the chance of winning the game it leaves."""
    _module_of(state)
    module = ADVISERS.get(state["game"])
    if not hasattr(module, "advice"):
        raise IllegalAction("no_hint")
    return module.advice(state)


def computer_action(state: dict) -> dict:
    """The action the computer player whose turn it is takes (its strength is in the options)."""
    game = _module_of(state)
    module = PLAYERS.get(state["game"], game)
    if not hasattr(module, "computer_action"):
        raise IllegalAction("not_computer")
    return module.computer_action(state)


def review(record: dict) -> dict | None:
    """The last finished turn of a recorded game, decision by decision, by the game's strategy (FOR-GET-IT
    has one); None before any turn has finished."""
    game = record.get("game") if isinstance(record, dict) else None
    module = PLAYERS.get(game) if isinstance(game, str) else None
    if not hasattr(module, "review"):
        raise IllegalAction("no_hint")
    replay(record)  # a bad record is refused here, before its actions are read
    return module.review(replay(dict(record, actions=[]))["state"], record["actions"])


def legal_actions(state: dict) -> list[dict]:
    return _module_of(state).legal_actions(state)


def record_of(state: dict) -> dict:
    """The empty record a new game starts from."""
    _module_of(state)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": state["game"],
        "players": list(state["players"]),
        "options": dict(state["options"]),
        "seed": state["seed"],
        "actions": [],
    }


def replay(record: dict) -> dict:
    """Rebuild a game from its record: {"state", "log"}; a bad record is `corrupt_save`.

    `log` holds, per action, the events that action produced, which is what the
    page turns into the readable game log.
    """
    if (
        not isinstance(record, dict)
        or record.get("format") != SAVE_FORMAT
        or record.get("version") != SAVE_VERSION
        or not isinstance(record.get("actions"), list)
        or record.get("seed") is None  # without its seed the dice would roll differently
    ):
        raise IllegalAction("corrupt_save")
    try:
        state = new_game(record.get("game"), record.get("players"), record.get("options"), record.get("seed"))
        log = [state["events"]]
        for action in record["actions"]:
            state = apply(state, action)
            log.append(state["events"])
    except IllegalAction as error:
        raise IllegalAction("corrupt_save") from error
    return {"state": state, "log": log}


def undo(record: dict) -> dict:
    """The record without its last action, if that action may be taken back.

    A game says which actions are decisions that can be undone; a chance event
    (a roll) never can, so undo cannot change what the dice showed.
    """
    rebuilt = replay(record)
    actions = record["actions"]
    module = GAMES[record["game"]]
    if not actions or not module.undoable(rebuilt["state"]):
        raise IllegalAction("nothing_to_undo")
    shorter = dict(record, actions=actions[:-1])
    return dict(replay(shorter), record=shorter)
