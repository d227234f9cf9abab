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
from .games import REGISTRY
from .games.options import check_table_size, checked_options, places

MAX_SEED = 2**53 - 1  # the largest whole number JavaScript holds exactly
MAX_NAME = text.MAX_NAME
SAVE_FORMAT = "wortwurf-record"
SAVE_VERSION = 1
# How a record of an older save format becomes one of the next: {version: migrate(record) -> record}. A record
# of a newer format is refused as such (the page keeps it for the newer build), never read as damaged.
MIGRATIONS: dict = {}


def catalogue() -> list[dict]:
    """Every registered game as the page's setup reads it: players, options, actions, calls and helpers."""
    return [game.as_json() for game in REGISTRY.values()]


def _game(name):
    if not isinstance(name, str) or name not in REGISTRY:
        raise IllegalAction("unknown_game", game=str(name)[:40])
    return REGISTRY[name]


def _game_of(state):
    """The game of a state, after a look at what every game's state holds (and, where a game's helpers
    search, the sizes they rely on): a state comes back from the page, so it may be anything (a deeper
    tamper is the bridge's to catch, see `bridge`)."""
    if not isinstance(state, dict):
        raise IllegalAction("bad_state")
    game = _game(state.get("game"))
    fewest, most, _ = game.players
    players, seed = state.get("players"), state.get("seed")
    if (
        not isinstance(players, list) or not fewest <= len(players) <= most
        or not all(isinstance(name, str) for name in players)
        or type(seed) is not int or not isinstance(state.get("options"), dict)
        or type(state.get("over")) is not bool or not isinstance(state.get("events"), list)
        or hasattr(game.rules, "sound") and not game.rules.sound(state)
    ):
        raise IllegalAction("bad_state")
    return game


def _check_players(game, players) -> list[str]:
    fewest, most, _ = game.players
    if not isinstance(players, list) or not fewest <= len(players) <= most:
        raise IllegalAction("bad_players", min=fewest, max=most)
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
    found = _game(game)
    names = _check_players(found, players)
    chosen = checked_options({} if options is None else options, found.options)
    check_table_size(chosen, found.options, len(names))
    return found.rules.new_game(names, chosen, _check_seed(seed))


def apply(state: dict, action: dict) -> dict:
    """The state after one action; raises IllegalAction and changes nothing on bad input."""
    game = _game_of(state)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or action["type"] not in game.actions:
        raise IllegalAction("bad_action")
    if action.get("player") is not None:
        _check_mover(game, state, action)
    return game.rules.apply(state, action)


def _check_mover(game, state: dict, action: dict) -> None:
    """An action that names its player (null names none) is that seat's to take, or it is refused (see
    `Game.mover`); a finished game's own rules say what it still takes."""
    player = action["player"]
    if type(player) is not int or not 0 <= player < len(state["players"]):
        raise IllegalAction("bad_player")
    if game.mover is None:
        raise IllegalAction("bad_action")
    mover = None if state["over"] else game.mover(state, action)
    if mover not in (None, player):
        raise IllegalAction("not_your_turn", player=player, mover=mover)


def view(state: dict, player: int | None = None) -> dict:
    """What seat `player` may see (None: what everyone at the table may see).

    No view holds the seed before the game is over: every roll, rack and deal
    is keyed to it, so whoever knew it could work out what is still hidden. A
    finished game's view has it, to tell the game again (the record keeps it).
    """
    game = _game_of(state)
    if player is not None and (type(player) is not int or not 0 <= player < len(state["players"])):
        raise IllegalAction("bad_player")
    seen = game.rules.view(state, player)
    if not state["over"]:
        return seen
    ended = game.rules.result(state)  # the end screen ranks everyone: the places come with the result
    return {**seen, "seed": state["seed"], "result": {**ended, "places": places(ended["scores"])}}


def result(state: dict) -> dict | None:
    return _game_of(state).rules.result(state)


def hint(state: dict) -> dict:
    """The game's help for the position: DICEWORDS names the best word (and the one just missed), FOR-GET-IT
    values every choice open now, TYP-DOM shows a possible placement."""
    return _helper(_game_of(state).hint, "no_hint")(state)


def advice(state: dict) -> dict:
    """DICEWORDS: every keep choice before a re-roll with the final score it is expected to bring. FOR-GET-IT
    for two: every choice with the chance of winning the game it leaves."""
    return _helper(_game_of(state).advice, "no_hint")(state)


def prepare(state: dict) -> None:
    """Take in what the game's searches need (its tables, word finders) before the first of them is asked: the
    page's search worker does, unhurried, so that no person waits for it."""
    game = _game_of(state)
    if game.prepare is not None:
        game.prepare(state)


def computer_action(state: dict) -> dict:
    """The action the computer player whose turn it is takes (its strength is in the options)."""
    return _helper(_game_of(state).computer, "not_computer")(state)


def review(record: dict) -> dict | None:
    """The last finished turn of a recorded game, decision by decision, by the game's strategy (FOR-GET-IT
    has one); None before any turn has finished."""
    name = record.get("game") if isinstance(record, dict) else None
    game = REGISTRY.get(name) if isinstance(name, str) else None
    review_turn = _helper(game and game.review, "no_hint")
    replay(record)  # a bad record is refused here, before its actions are read
    return review_turn(replay(dict(record, actions=[]))["state"], record["actions"])


def _helper(fn, refusal: str):
    """A game's helper, or the refusal a game without it answers."""
    if fn is None:
        raise IllegalAction(refusal)
    return fn


def legal_actions(state: dict) -> list[dict]:
    return _game_of(state).rules.legal_actions(state)


def record_of(state: dict) -> dict:
    """The empty record a new game starts from."""
    _game_of(state)
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
    record = _current_format(record)
    if (
        not isinstance(record.get("actions"), list)
        or record.get("seed") is None  # without its seed the dice would roll differently
    ):
        raise IllegalAction("corrupt_save")
    try:
        state = new_game(record.get("game"), record.get("players"), record.get("options"), record.get("seed"))
        log = [state["events"]]
        for action in record["actions"]:
            state = _replayed(state, action)
            log.append(state["events"])
    except IllegalAction as error:
        raise IllegalAction("corrupt_save") from error
    return {"state": state, "log": log}


def _current_format(record) -> dict:
    """`record` in today's save format: migrated step by step from an older one; a newer one is `newer_save`."""
    if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT or type(record.get("version")) is not int:
        raise IllegalAction("corrupt_save")
    if record["version"] > SAVE_VERSION:
        raise IllegalAction("newer_save", version=record["version"])
    while record["version"] < SAVE_VERSION:
        if record["version"] not in MIGRATIONS:
            raise IllegalAction("corrupt_save")
        record = MIGRATIONS[record["version"]](record)
    return record


def _replayed(state: dict, action) -> dict:
    """One recorded action again. A word laid when the lexicon let it count stays laid after a newer lexicon
    has come to refuse it (a saved game must not be lost to a better word list): it is replayed as if the
    table had overruled, which the game's log then says."""
    try:
        return apply(state, action)
    except IllegalAction as error:
        if error.code != "not_a_word" or not isinstance(action, dict) or "overrule" in action:
            raise
        return apply(state, {**action, "overrule": True})


def undo(record: dict) -> dict:
    """The record without its last action, if that action may be taken back.

    A game says which actions are decisions that can be undone; a chance event
    the app drew (a roll) never can, so undo cannot change what the dice showed
    (real dice typed in may be corrected: the table still sees them).
    """
    rebuilt = replay(record)
    actions = record["actions"]
    undoable = getattr(REGISTRY[record["game"]].rules, "undoable", None)
    if not actions or undoable is None or not undoable(rebuilt["state"]):
        raise IllegalAction("nothing_to_undo")
    shorter = dict(record, actions=actions[:-1])
    return dict(replay(shorter), record=shorter)
