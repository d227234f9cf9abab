"""One table, several phones: what a guest phone may do and see of the game its host holds (issue 36).

The host's page holds the state and is the game's only engine. A guest phone holds one seat and sends
requests over a data channel; the host's page hands each one here with the guest's seat (the host knows
which link is which seat, a request never says). A request is the guest's, so it may be anything: it is
shape-checked here, and everything it asks is answered only as that seat may know it.

- `{"n": n, "act": action}` takes an action for the seat. The action names the seat as its `player` (one
  naming none gets it put in; one naming another seat is `not_your_seat`), so the engine's mover check
  refuses what is not the seat's step, as on one device. An overrule is `for_the_table`: the host's page
  asks the table and takes it itself. The answer `{"n": n, "action": action, "state": new_state}` is the
  HOST's: its page keeps the action as taken (with the seat as its player, so the record replays) and the
  state it leads to, saves them and sends every guest its `guest_view`. The state itself never goes to a
  guest (it holds every rack and the seed).
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

from . import engine
from .errors import IllegalAction
from .games.descriptor import takes

MAX_NUMBER = engine.MAX_SEED  # the largest whole number JavaScript holds exactly
HELPERS = (engine.hint, engine.advice)  # the facade's helpers a game may list as `guest_calls`


def guest_view(state: dict, seat: int) -> dict:
    """What the host sends a guest after every change: the seat's own view, which holds the table's too."""
    _game_at(state, seat)
    return engine.view(state, seat)


def guest_request(state: dict, seat: int, request) -> dict:
    """The answer to one request of the guest at `seat` (see the module's text); IllegalAction if refused."""
    game = _game_at(state, seat)
    number = request.get("n") if isinstance(request, dict) else None
    if type(number) is not int or not 0 <= number <= MAX_NUMBER:
        raise IllegalAction("bad_message")
    if request.keys() == {"n", "act"}:
        action = _as_seat(request["act"], seat)
        return {"n": number, "action": action, "state": engine.apply(state, action)}
    args = request.get("args", [])
    if request.keys() - {"args"} == {"n", "call"} and isinstance(request["call"], str) and isinstance(args, list):
        return {"n": number, "answer": _answer(game, state, seat, request["call"], args)}
    raise IllegalAction("bad_message")


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
