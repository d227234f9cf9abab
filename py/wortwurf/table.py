"""One table, several phones: what a guest phone may do and see of the game its host holds (issue 36).

The host's page holds the state and is the game's only engine. A guest phone holds one seat and sends
requests over a data channel; the host's page hands each one here with the guest's seat (the host knows
which link is which seat, a request never says). A request is the guest's, so it may be anything: it is
shape-checked here, and everything it asks is answered only as that seat may know it.

- `{"n": n, "act": action}` takes an action for the seat. The action names the seat as its `player` (one
  naming none gets it put in; one naming another seat is `not_your_seat`), so the engine's mover check
  refuses what is not the seat's step, as on one device. An overrule is `for_the_table`: the host's page
  asks the table and takes it itself. A roll's outcome (`faces`) comes from a guest only at a table playing
  with real dice (every game's `physical` option; Frigiti has none). What the host decides of the action is
  put in by the host (`now`, the host's clock: a game's rules may read a guest's step on it, `hosted`:
  Presto times a guest's race so). The action is then kept as its game reads it (`as_read`): only the fields
  the game read, so that a guest's extra fields (a seed, a state, deep nesting, kilobytes of text) never
  reach the save, and bounded (MAX_ACTION_CHARS, MAX_ACTION_DEPTH: a record of such actions always replays);
  the state is the one that kept action leads to. The answer `{"n": n, "action": action, "state":
  new_state}` is the HOST's: its page keeps the action and the state, saves them and sends every guest its
  `guest_view`. The state itself never goes to a guest (it holds every rack and the seed).
- `{"n": n, "call": name, "args": [...]}` asks what decides nothing, of the host's state: `view` (the seat's
  own; `args` [] or [seat]), `legal_actions` (the listed ones the seat may take now; no `args`) or one of
  the game's `guest_calls` (see `Game`; `args` are the call's after the state; a call whose last parameter
  is `player` helps that seat, so the guest's own is put in, and another refused). The answer
  `{"n": n, "answer": value}` holds only what the seat may know (the contract test checks every one against
  the game's `disguise`), so it may go to the guest as it is.

`n` is the guest's number for its request (a whole number from 0 to 2**53 - 1), echoed so that the guest
can pair an answer with its request and the host can tell a request sent twice. A request of another
shape is `bad_message`, a call no guest may make `not_for_guests`, a helper asked off the seat's step
`not_your_turn`; a refused request changes nothing.
"""

from __future__ import annotations

import json

from . import engine, jsontext
from .errors import IllegalAction
from .games.descriptor import takes

MAX_NUMBER = engine.MAX_SEED  # the largest whole number JavaScript holds exactly
HELPERS = (engine.hint, engine.advice)  # the facade's helpers a game may list as `guest_calls`
# A guest's action as kept: no game's action is a tenth this long or nests half this deep (a test plays
# every game to check), and a record of such actions is far inside what a replay's request may nest
# (jsontext.MAX_DEPTH).
MAX_ACTION_CHARS = 8192
MAX_ACTION_DEPTH = 8


def guest_view(state: dict, seat: int) -> dict:
    """What the host sends a guest after every change: the seat's own view, which holds the table's too."""
    _game_at(state, seat)
    return engine.view(state, seat)


def guest_request(state: dict, seat: int, request, now=None) -> dict:
    """The answer to one request of the guest at `seat` (see the module's text), taken at the host's clock
    `now` (milliseconds; None natively: the action as sent); IllegalAction if refused."""
    game = _game_at(state, seat)
    number = request.get("n") if isinstance(request, dict) else None
    if type(number) is not int or not 0 <= number <= MAX_NUMBER:
        raise IllegalAction("bad_message")
    if now is not None and (type(now) not in (int, float) or not 0 <= now <= MAX_NUMBER):
        raise IllegalAction("bad_time")
    if request.keys() == {"n", "act"}:
        action = _as_seat(request["act"], seat)
        if action.get("faces") is not None and state["options"].get("physical") is not True:
            raise IllegalAction("faces_need_real_dice")  # (a roll's outcome is the host's to draw, unless real dice)
        hosted = getattr(game.rules, "hosted", None)
        if hosted is not None and now is not None and action.get("type") in game.actions:
            action = hosted(state, action, now)
        action = as_read(state, action)
        return {"n": number, "action": action, "state": engine.apply(state, action)}
    args = request.get("args", [])
    if request.keys() - {"args"} == {"n", "call"} and isinstance(request["call"], str) and isinstance(args, list):
        return {"n": number, "answer": _answer(game, state, seat, request["call"], args)}
    raise IllegalAction("bad_message")


def guest_due(state: dict, seats, now) -> dict:
    """What falls to the host to take for the seats on their own phones (`seats`) at its clock `now`
    (milliseconds), as a game's rules say (`due`; Presto ends a guest's race when its time is up):
    {"actions": [...], "at": when to ask again (milliseconds) or None}."""
    game = engine._game_of(state)
    if not isinstance(seats, list) or len(seats) > len(state["players"]):
        raise IllegalAction("bad_player")
    for seat in seats:
        _game_at(state, seat)
    if type(now) not in (int, float) or not 0 <= now <= MAX_NUMBER:
        raise IllegalAction("bad_time")
    due = getattr(game.rules, "due", None)
    return {"actions": [], "at": None} if due is None or state["over"] else due(state, seats, now)


def as_read(state: dict, action) -> dict:
    """`action` as its game reads it at `state`: only the fields the engine and the game's rules read (in
    every object of it; a list is kept whole), so that whatever else came with it is not kept. Refused if
    the game refuses it, or if even so it is longer than MAX_ACTION_CHARS or nests deeper than
    MAX_ACTION_DEPTH (no game's action does)."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action")
    reading = _Reading(action)
    engine.apply(state, reading)
    kept = reading.as_read()
    text = json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_ACTION_CHARS or jsontext.depth(text) > MAX_ACTION_DEPTH:
        raise IllegalAction("action_too_large", chars=MAX_ACTION_CHARS, depth=MAX_ACTION_DEPTH)
    return kept


class _Reading(dict):
    """An object of an action, noting which of its fields are read (all of them once it is gone through
    whole: iterated, copied, compared); its objects, in lists or not, are `_Reading` too."""

    def __init__(self, fields: dict):
        super().__init__((name, _reading(value)) for name, value in fields.items())
        self.read = {"type", "player"} & fields.keys()  # (the engine's own: always kept)

    def __getitem__(self, name):
        self.read.add(name)
        return super().__getitem__(name)

    def get(self, name, default=None):
        self.read.add(name)
        return super().get(name, default)

    def __contains__(self, name):
        self.read.add(name)
        return super().__contains__(name)

    def _whole(self):
        self.read.update(dict.keys(self))

    def __iter__(self):
        self._whole()
        return super().__iter__()

    def keys(self):
        self._whole()
        return super().keys()

    def items(self):
        self._whole()
        return super().items()

    def values(self):
        self._whole()
        return super().values()

    def copy(self):
        self._whole()
        return dict(super().items())

    def __eq__(self, other):
        self._whole()
        return super().__eq__(other)

    def as_read(self) -> dict:
        return {name: _as_read(value) for name, value in dict.items(self) if name in self.read}


def _reading(value):
    if isinstance(value, dict):
        return _Reading(value)
    if isinstance(value, list):
        return [_reading(item) for item in value]
    return value


def _as_read(value):
    if isinstance(value, _Reading):
        return value.as_read()
    if isinstance(value, list):
        return [_as_read(item) for item in value]
    return value


def seat_actions(state: dict, seat: int) -> list[dict]:
    """The listed legal actions `seat` may take now: its own steps and the table's (the next deal)."""
    mover = _game_at(state, seat).mover
    return [action for action in engine.legal_actions(state)
            if action.get("player") in (None, seat) and mover(state, action) in (None, seat)]


def for_the_table(action: dict) -> bool:
    """Whether `action` is an overrule (any game's: the table lets a word the lexicon refuses count), which
    is the table's to agree and so the host's to take."""
    return action.get("type") == "overrule" or "overrule" in action


def _game_at(state, seat):
    """The game of `state`, with `seat` one of its seats (the table's view is no guest's)."""
    game = engine._game_of(state)
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_player")
    return game


def _as_seat(action, seat: int) -> dict:
    """`action` taken as the seat's: naming it as its player. Naming another seat is refused, and so is an
    overrule (`for_the_table`)."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action")
    if for_the_table(action):
        raise IllegalAction("for_the_table")
    player = action.get("player")
    if player is None:
        return {**action, "player": seat}
    if type(player) is not int or player != seat:
        raise IllegalAction("not_your_seat", seat=seat)
    return action


def _answer(game, state: dict, seat: int, name: str, args: list):
    """A call that decides nothing, answered as `seat` may know it."""
    if name == "view":
        if len(args) > 1 or args and (type(args[0]) is not int or args[0] != seat):
            raise IllegalAction("not_your_seat", seat=seat)
        return engine.view(state, seat)
    if name == "legal_actions":
        if args:
            raise IllegalAction("bad_call", name=name)
        return seat_actions(state, seat)
    if name not in game.guest_calls:
        raise IllegalAction("not_for_guests", name=name[:40])
    fn = next(fn for fn in (*HELPERS, *game.calls) if fn.__name__ == name)
    args = _for_seat(fn, args, seat)
    step = game.guest_calls[name]
    mover = None if step is None or state["over"] else game.mover(state, {"type": step, "player": seat})
    if step is not None and mover != seat:
        raise IllegalAction("not_your_turn", player=seat, mover=mover)
    if not takes(fn, 1 + len(args)):
        raise IllegalAction("bad_call", name=name)
    return fn(state, *args)


def _for_seat(fn, args: list, seat: int) -> list:
    """`args` for a call that helps the seat its last parameter names (`player`: Presto's races, several at
    once): the guest's own seat put in where it names none; naming another is refused."""
    code = fn.__code__
    if code.co_varnames[code.co_argcount - 1] != "player":
        return args
    if len(args) == code.co_argcount - 1 and not (type(args[-1]) is int and args[-1] == seat):
        raise IllegalAction("not_your_seat", seat=seat)
    return [*args, seat] if len(args) == code.co_argcount - 2 else args
