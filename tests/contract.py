"""The engine contract's checks, played the same way for every registered game and setup (design.md).

Shared by `tests/test_contract.py` (a few seeded games per setup) and `python3 build.py soak N` (N per
setup). A game is played out at random (its descriptor's `step`, else a listed action), and after every
step: every listed legal action is taken by `apply`; malformed and junk actions are refused and change
nothing; only a real seat has a view; no view shows the seed before the game is over, nor anything a seat
may not know yet (another's rack, definition or marks: a game's `disguise` changes them, and the view must
not change); the state survives
a JSON round trip; every die, tile and token is accounted for; an action that may be undone did not hang
on chance (taken again under another seed, it leaves the same state); an action naming its player is taken
from the seat whose step it is and refused from every other (half the actions are recorded so). At the end
the record replays to the same state, and `undo` gives the record one action shorter or refuses.

A guest phone at a linked table (`wortwurf.table`) is checked at the wire: what a seat receives (its view
after every change, the answer to everything it may ask) is the same when what it may not know is changed,
and its actions are taken and refused exactly as the engine takes and refuses them naming its seat, and
refused naming another.
"""

from __future__ import annotations

import copy
import json
import random

from wortwurf import engine, table as linked
from wortwurf.errors import IllegalAction
from wortwurf.games import REGISTRY
from wortwurf.games.typdom.table import key

STEPS = 10_000  # a game that has not ended by then fails
MALFORMED = [{"type": []}, {"type": {}}, {"type": [["roll"]]}, {"type": None}, {"type": 3}, {"type": "Roll"}, {},
             ["roll"], "roll", None, 7]
JUNK = [None, [], {}, "x", "", -1, 10**20, 1.5, True, [[]], [{}], [None], {"0": []}, [0, 0], [-1], [1e300]]
FIELDS = ["faces", "dice", "keep", "letters", "player", "text", "picks", "tiles", "cell", "tile", "count", "anyway"]
NOT_SEATS = [-1, True, False, 1.0, "0", "x", [0]]


def _next_to_table(seen: dict) -> tuple[int, int]:
    """A free cell at the right end of a row of the table (the middle of an empty one)."""
    row = seen["cells"][-1][0] if seen["cells"] else 0
    return row, max((col for r, col, *_ in seen["cells"] if r == row), default=-1) + 1


def _placements(seen: dict) -> list[list]:
    """TYP-DOM's preview asked of the seat's own first tile beside the table, and of a tile not its own."""
    row, col = _next_to_table(seen)
    own = [item["tile"] for item in seen["rack"]]
    foreign = min(set(range(len(own) + 1)) - set(own))
    return [[[{"tile": tile, "row": row, "col": col}]] for tile in [*own[:1], foreign]]


def _lay(seen: dict) -> list[list]:
    """Wer behält recht?'s verdict on the seat's own first tile beside the table, with an announcement."""
    row, col = _next_to_table(seen)
    return [[{"type": "lay", "tile": item["tile"], "row": row, "col": col, "word": "ABEND"}]
            for item in seen["rack"][:1]]


def _own_table(seen: dict, seat: int) -> list[list]:
    """Presto's marks asked of the seat's own table as it lies (empty before its race), and of an empty one."""
    cells = seen["tables"].get(seat, {"cells": []})["cells"]
    return [[{key(row, col): [tile, letter] for row, col, _, letter, _, tile in cells}], [{}]]


# A guest's plausible arguments to each call a game with secrets lets it ask, from the seat's view.
GUEST_ARGS = {
    "hint": lambda seen, seat: [[]],
    "race_hint": lambda seen, seat: [[], [seat]],
    "preview": lambda seen, seat: _placements(seen),
    "verdict": lambda seen, seat: _lay(seen),
    "words_with": lambda seen, seat: [["AB"]],
    "finishing_tiles": lambda seen, seat: [[]] if seen["phase"] == "forced" else [],  # asked in a forced finish
    "table_marks": _own_table,
    "solution": lambda seen, seat: [[]],
    "collection_entry": lambda seen, seat: [[]],
}
SEARCHES = {"hint", "race_hint", "solution"}  # the guest calls that search (up to seconds): asked at one position in SEARCHED
SEARCHED = 10  # (soak plays many more positions)


def setups() -> list[tuple[str, dict]]:
    """Every registered game with each option set its descriptor asks to be played."""
    return [(game.id, options) for game in REGISTRY.values() for options in game.setups]


def refused(state: dict, action, before: dict | None = None) -> IllegalAction:
    """`action` is refused, and the state handed in is exactly as it was (`before`: a copy of it, if one is made)."""
    before = copy.deepcopy(state) if before is None else before
    try:
        engine.apply(state, action)
    except IllegalAction as refusal:
        assert state == before, action
        return refusal
    raise AssertionError(f"taken: {action!r}")


def check_position(rng: random.Random, state: dict) -> int:
    """Every check of one position; the number of actions tried."""
    game = REGISTRY[state["game"]]
    before = copy.deepcopy(state)  # (one copy for every check below that the state stays as it was)
    for action in MALFORMED:
        assert refused(state, action, before).code == "bad_action"
    for _ in range(12):  # known types with junk in their fields: refused or taken, never a crash
        action = {"type": rng.choice(sorted(game.actions)), rng.choice(FIELDS): rng.choice(JUNK)}
        try:
            engine.apply(state, action)
        except IllegalAction:
            pass
        assert state == before, action
    legal = engine.legal_actions(state)
    for action in legal:
        engine.apply(state, action)  # raises if a listed action is refused
    players = len(state["players"])
    for seat in [players, players + 1, *NOT_SEATS]:
        try:
            engine.view(state, seat)
        except IllegalAction as refusal:
            assert refusal.code == "bad_player"
        else:
            raise AssertionError(f"a view for seat {seat!r}")
    assert json.loads(json.dumps(state)) == state
    for seat in [None, *range(players)]:
        check_no_seed(state, engine.view(state, seat))
        check_secrets_kept(rng, state, seat)
    assert game.accounted(state), "a die, tile or token is missing or doubled"
    return len(MALFORMED) + 12 + len(legal)


def check_no_seed(state: dict, shown: dict) -> None:
    """Before the end, nothing shown holds the seed (seeds here have 15 or 16 digits, so no other number does)."""
    if state["over"]:
        assert shown["seed"] == state["seed"]
    else:
        assert "seed" not in shown and str(state["seed"]) not in json.dumps(shown)


def check_secrets_kept(rng: random.Random, state: dict, seat: int | None) -> None:
    """What `seat` may not know yet, changed (the game's `disguise`), leaves its view as it is, and
    everything a guest phone at the seat receives."""
    disguise = REGISTRY[state["game"]].disguise
    if disguise:
        other = disguise(rng, copy.deepcopy(state), seat)
        assert engine.view(other, seat) == engine.view(state, seat), f"seat {seat} sees what is hidden from it"
        if seat is not None:
            check_wire(state, other, seat, searching=rng.randrange(SEARCHED) == 0)


def check_wire(state: dict, other: dict, seat: int, searching: bool = True) -> None:
    """A guest at `seat` receives the same of `other` (`state` disguised for the seat) as of `state`: the
    view the host sends after a change, and the answer (or refusal) to each call it may make (those in
    SEARCHES only when `searching`)."""
    assert linked.guest_view(other, seat) == linked.guest_view(state, seat), f"a guest at seat {seat} is sent a secret"
    for request in guest_calls(state, seat, searching):
        assert guest_answer(other, seat, request) == guest_answer(state, seat, request), \
            f"a guest at seat {seat} is told what is hidden from it: {request}"


def guest_calls(state: dict, seat: int, searching: bool = True) -> list[dict]:
    """Every call a guest at `seat` may make, with plausible arguments (`GUEST_ARGS`); those in SEARCHES
    only when `searching`."""
    seen = engine.view(state, seat)
    asked = [("view", []), ("view", [seat]), ("legal_actions", [])]
    asked += [(name, args) for name in REGISTRY[state["game"]].guest_calls if searching or name not in SEARCHES
              for args in GUEST_ARGS[name](seen, seat)]
    return [{"n": n, "call": name, "args": args} for n, (name, args) in enumerate(asked)]


def guest_answer(state: dict, seat: int, request: dict):
    """What the host sends back to a guest's request: the answer, or the refusal."""
    try:
        return linked.guest_request(state, seat, request)
    except IllegalAction as refusal:
        return refusal.as_dict()


def guest_refused(state: dict, seat: int, action, before: dict | None = None) -> IllegalAction:
    """A guest at `seat` is refused `action`, and the host's state is exactly as it was (`before`: a copy of
    it, if one is made)."""
    before = copy.deepcopy(state) if before is None else before
    try:
        linked.guest_request(state, seat, {"n": 0, "act": action})
    except IllegalAction as refusal:
        assert state == before, action
        return refusal
    raise AssertionError(f"taken from a guest at seat {seat}: {action!r}")


def check_undo_needs_no_chance(before: dict, action: dict, after: dict) -> None:
    """If `action` may be undone, it hung on no chance: under another seed it leaves the same state."""
    undoable = getattr(REGISTRY[after["game"]].rules, "undoable", None)
    if undoable and undoable(after):
        other = engine.apply({**before, "seed": before["seed"] ^ 1}, action)
        assert {**other, "seed": after["seed"]} == after, f"undoable, yet it rolled: {action!r}"


def named_player(rng: random.Random, state: dict, action: dict) -> dict:
    """`action` naming the seat whose step it is (see `Game.mover`; the seat on turn, where the view names
    one) is taken as it is without the name, and refused from any other seat; returned with that name half
    the time, so records carry it too. A guest phone's action goes the same way: the guest puts its seat in
    (so it is taken or refused as the engine takes or refuses that seat's), and naming another seat is
    refused."""
    mover = REGISTRY[state["game"]].mover
    players = len(state["players"])
    overrule = linked.for_the_table(action)
    before = copy.deepcopy(state) if mover is not None else None  # (one copy for every refusal below)
    for guest in range(players):
        named = action.get("player")
        if mover is not None and named != guest:
            other = {**action, "player": (guest + 1) % players if named is None else named}
            refusal = guest_refused(state, guest, other, before)
            assert refusal.code == ("for_the_table" if overrule else "not_your_seat"), \
                f"a guest at {guest} acts for another: {other}"
    if mover is None or action.get("player") is not None:
        return action
    seat, taken = mover(state, action), engine.apply(state, action)
    assert seat in (None, engine.view(state).get("current", seat)), "the mover is not the seat on turn"
    for player in range(players):
        if overrule:
            assert guest_refused(state, player, action, before).code == "for_the_table", player
        elif seat in (None, player):
            assert linked.guest_request(state, player, {"n": 0, "act": action})["state"] == taken, player
        else:
            assert guest_refused(state, player, action, before).code == "not_your_turn", player
    return {**action, "player": seat} if seat is not None and rng.random() < 0.5 else action


def step(rng: random.Random, state: dict) -> dict:
    """The computer player's action at its seat; else a random action that moves the game on."""
    game = REGISTRY[state["game"]]
    if game.computer:
        try:
            return engine.computer_action(state)
        except IllegalAction as refusal:
            assert refusal.code == "not_computer"
    return game.step(rng, state) if game.step else rng.choice(engine.legal_actions(state))


def playout(game_id: str, options: dict, seed: int, most_steps: int = STEPS) -> int:
    """One seeded game, checked at every step; the number of actions tried."""
    rng = random.Random(f"{game_id}{options}{seed}")
    game = REGISTRY[game_id]
    names = [f"P{i}" for i in range(game.players[2])]
    state = engine.new_game(game_id, names, options, rng.randrange(10**14, 2**53))
    record = engine.record_of(state)
    assert record["seed"] == state["seed"]
    tried = 0
    while not state["over"] and len(record["actions"]) < most_steps:
        tried += check_position(rng, state) + 1
        action = named_player(rng, state, step(rng, state))
        before, state = state, engine.apply(state, action)
        check_undo_needs_no_chance(before, action, state)
        record["actions"].append(action)
    check_no_seed(state, engine.view(state))
    assert game.accounted(state)
    if most_steps == STEPS:
        assert state["over"] and engine.legal_actions(state) == []
    assert engine.replay(json.loads(json.dumps(record)))["state"] == state
    check_undo(record, state)
    return tried


def check_undo(record: dict, state: dict) -> None:
    """`undo` gives the record without its last action when the game allows it, else refuses and keeps it."""
    undoable = getattr(REGISTRY[state["game"]].rules, "undoable", None)
    try:
        undone = engine.undo(record)
    except IllegalAction as refusal:
        assert refusal.code == "nothing_to_undo"
        assert not record["actions"] or not undoable or not undoable(state)
        return
    assert undoable(state) and undone["record"]["actions"] == record["actions"][:-1]
    assert undone["state"] == engine.replay(undone["record"])["state"]
