"""The page's only way into the engine: JSON in, JSON out, an allow-list of calls.

The worker hands over one JSON request string {"call", "args"} and gets one JSON
string back: {"ok": value} or {"error": {"code", "params", "message"}}. Only
`IllegalAction` becomes an error answer; anything else is a bug and propagates
to the worker, which reports it.
"""

from __future__ import annotations

import json

from . import engine, words
from .errors import IllegalAction
from .games import dicewords, frigiti, typdom

CALLS = {
    fn.__name__: fn
    for fn in (
        engine.new_game,
        engine.apply,
        engine.view,
        engine.result,
        engine.legal_actions,
        engine.record_of,
        engine.replay,
        engine.undo,
        engine.hint,
        engine.computer_action,
        engine.review,
        engine.advice,
        typdom.preview,
        dicewords.lay_word,
        frigiti.collection_entry,
        frigiti.read_collection,
        frigiti.merge_collection,
        frigiti.empty_collection,
        words.describe,
    )
}


def call(request: str) -> str:
    try:
        answer = {"ok": _dispatch(json.loads(request))}
    except IllegalAction as error:
        answer = {"error": error.as_dict()}
    return json.dumps(answer, separators=(",", ":"))


def _dispatch(request) -> object:
    name = request.get("call") if isinstance(request, dict) else None
    fn = CALLS.get(name) if isinstance(name, str) else None
    if fn is None:
        raise IllegalAction("unknown_call", name=str(name)[:40])
    args = request.get("args", [])
    if not isinstance(args, list):
        raise IllegalAction("bad_call", name=name)
    code = fn.__code__  # (not inspect: it is slow to import in the browser)
    if not code.co_argcount - len(fn.__defaults__ or ()) <= len(args) <= code.co_argcount:
        raise IllegalAction("bad_call", name=name)
    return fn(*args)
