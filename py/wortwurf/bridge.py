"""The page's only way into the engine: JSON in, JSON out, an allow-list of calls.

The worker hands over one JSON request string {"call", "args"} and gets one JSON
string back: {"ok": value} or {"error": {"code", "params", "message"}}. Only
`IllegalAction` becomes an error answer; anything else is a bug and propagates
to the worker, which reports it.

What comes in is the page's, so it may be damaged, and damaged input must be
refused, not crash the worker:

- The request is refused (`bad_request`) unless it is JSON of bounded size and
  depth, measured before parsing (see `jsontext`): Pyodide does not survive a
  stack overflow.
- A game state handed back gets a first look where it enters the engine
  (`engine._game_of`: the fields every game's state holds). No check short of
  replaying the game could tell every tampered field, and the games read a
  state as they wrote it; so an error of the kinds in DAMAGE raised while a
  call reads a state the page handed back is that state's fault: it answers
  `bad_state`, with the error's repr in the message for developers. Native
  tests call the engine directly and so still see every error it raises.
- Records need no such care: replaying one checks it action by action.
- Every call may be given a time budget (`budget`): the searches among them answer with the best they found
  when it runs out. The page gives one to every call; natively there is none.
- A guest phone's request at a linked table comes in whole as one argument of `guest_request` (so
  within the same bounds) and is checked there (see `table`).
"""

from __future__ import annotations

import json

from . import budget, dictionary, engine, jsontext, table
from .errors import IllegalAction
from .games import REGISTRY
from .games.descriptor import takes

FACADE = (
    engine.catalogue, engine.new_game, engine.apply, engine.view, engine.result, engine.legal_actions,
    engine.record_of, engine.replay, engine.undo, engine.hint, engine.computer_action, engine.review,
    engine.advice, engine.prepare, dictionary.describe, table.guest_request, table.guest_view, table.guest_due,
)
# The calls whose first argument is a game state handed back by the page.
FACADE_STATE_CALLS = frozenset({
    "apply", "view", "result", "legal_actions", "record_of", "hint", "computer_action", "advice", "prepare",
    "guest_request", "guest_view", "guest_due",
})
BASE_REQUEST = 4096  # a request's own characters beside the longest text a game lets its calls carry
# What a state damaged past the engine's first look raises when read.
DAMAGE = (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, StopIteration, RecursionError)


def calls() -> dict:
    """The allow-list: the facade's calls and the calls each registered game declares, by name."""
    return {fn.__name__: fn for fn in (*FACADE, *(fn for game in REGISTRY.values() for fn in game.calls))}


HELPERS = frozenset({"hint", "advice", "computer_action", "review", "prepare"})  # the facade's calls that search


def searches() -> frozenset:
    """The calls that search (the page runs them on a worker of their own, see web/engine.js `SEARCHES`)."""
    return HELPERS.union(*(game.searches for game in REGISTRY.values()))


def state_calls() -> frozenset:
    return FACADE_STATE_CALLS.union(*(game.state_calls for game in REGISTRY.values()))


def call(request: str, seconds: float | None = None) -> str:
    """One request answered; a search in it stops after `seconds` (None: at its own bounds)."""
    try:
        with budget.limited(seconds):
            answer = {"ok": _dispatch(_parsed(request))}
    except IllegalAction as error:
        answer = {"error": error.as_dict()}
    return json.dumps(answer, separators=(",", ":"))


def max_request() -> int:
    """The longest request: the longest text any game's calls carry, and the request around it."""
    return BASE_REQUEST + max(game.request_chars for game in REGISTRY.values())


def _parsed(request) -> object:
    most = max_request()
    try:
        return jsontext.loads(request, most)
    except ValueError as error:
        raise IllegalAction("bad_request", max=most, depth=jsontext.MAX_DEPTH) from error


def _dispatch(request) -> object:
    name = request.get("call") if isinstance(request, dict) else None
    fn = calls().get(name) if isinstance(name, str) else None
    if fn is None:
        raise IllegalAction("unknown_call", name=str(name)[:40])
    args = request.get("args", [])
    if not isinstance(args, list):
        raise IllegalAction("bad_call", name=name)
    if not takes(fn, len(args)):
        raise IllegalAction("bad_call", name=name)
    if name not in state_calls():
        return fn(*args)
    try:
        return fn(*args)
    except IllegalAction:
        raise
    except DAMAGE as error:
        raise _damaged(error) from error


def _damaged(error: Exception) -> IllegalAction:
    refusal = IllegalAction("bad_state")
    refusal.message = f"{refusal.message} ({error!r})"[:500]
    return refusal
