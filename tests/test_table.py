"""A guest phone at a linked table (`wortwurf.table`): a turn taken through it, and hostile requests refused.

What every guest receives is checked against every game's `disguise` in the contract test (`contract.check_wire`);
here, requests one by one.
"""

from __future__ import annotations

import copy
import json

import pytest

import contract
from wortwurf import bridge, engine, table
from wortwurf.errors import IllegalAction
from wortwurf.games import REGISTRY
from wortwurf.games.presto import solver
from wortwurf.games.typdom.tiles import TILES


def kreuzwort() -> tuple[dict, int, int]:
    """A new Kreuzwort game for two: the state, the seat on turn and the other."""
    state = engine.new_game("typdom", ["Ada", "Bo"], {}, 20240611)
    on = engine.view(state)["current"]
    return state, on, 1 - on


def ask(state, seat, name, *args):
    return table.guest_request(state, seat, {"n": 7, "call": name, "args": list(args)})


def refused(state, seat, request) -> str:
    """`request` is refused, and the host's state is exactly as it was: the refusal's code."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        table.guest_request(state, seat, request)
    assert state == before
    return caught.value.code


def test_a_kreuzwort_turn_taken_on_a_guest_phone():
    state, on, off = kreuzwort()
    assert ask(state, on, "legal_actions") == {"n": 7, "answer": [{"type": "draw", "count": 1}]}
    assert ask(state, off, "legal_actions")["answer"] == []
    move = ask(state, on, "hint")["answer"]["move"]
    preview = ask(state, on, "preview", move["tiles"])["answer"]
    assert preview["problem"] is None and preview["words"]
    answer = table.guest_request(state, on, {"n": 8, "act": {"type": "place", "tiles": move["tiles"]}})
    taken = {"type": "place", "tiles": move["tiles"], "player": on}
    assert answer == {"n": 8, "action": taken, "state": engine.apply(state, taken)}
    after = answer["state"]
    laid = {(item["row"], item["col"]) for item in move["tiles"]}
    sent = table.guest_view(after, off)
    assert laid <= {(row, col) for row, col, *_ in sent["cells"]} and sent["current"] == off
    assert sent["rack"] == engine.view(after, off)["rack"] and sent == ask(after, off, "view")["answer"]
    assert ask(after, off, "legal_actions")["answer"] == [{"type": "draw", "count": 1}]


def test_the_guest_view_is_the_seat_s_own_and_holds_the_table_s():
    state, on, off = kreuzwort()
    for seat in (on, off):
        seen, shared = table.guest_view(state, seat), engine.view(state, None)
        assert seen == engine.view(state, seat) == ask(state, seat, "view", seat)["answer"]
        assert {name: value for name, value in seen.items() if name != "rack"} == \
            {name: value for name, value in shared.items() if name != "rack"}
    with pytest.raises(IllegalAction) as caught:
        table.guest_view(state, None)
    assert caught.value.code == "bad_player"


def test_an_action_for_another_seat_or_out_of_turn_is_refused():
    state, on, off = kreuzwort()
    move = engine.hint(state)["move"]
    for action in ({"type": "draw", "player": on}, {"type": "place", "tiles": move["tiles"], "player": on},
                   {"type": "draw", "player": True}, {"type": "draw", "player": "0"}, {"type": "draw", "player": 5}):
        assert refused(state, off, {"n": 1, "act": action}) == "not_your_seat", action
    assert refused(state, off, {"n": 1, "act": {"type": "draw"}}) == "not_your_turn"
    assert refused(state, off, {"n": 1, "act": {"type": "place", "tiles": move["tiles"]}}) == "not_your_turn"
    assert refused(state, off, {"n": 1, "act": {"type": "draw", "player": off}}) == "not_your_turn"


def test_an_overrule_is_the_table_s_and_so_the_host_s():
    state, on, off = kreuzwort()
    tiles = engine.hint(state)["move"]["tiles"]
    for overrule in (True, False):
        action = {"type": "place", "tiles": tiles, "overrule": overrule}
        assert refused(state, on, {"n": 1, "act": action}) == "for_the_table"
        assert refused(state, off, {"n": 1, "act": {**action, "player": on}}) == "for_the_table"
    dice = engine.new_game("dicewords", ["Ada", "Bo"], {"target": 50}, 3)
    for seat in (0, 1):
        assert refused(dice, seat, {"n": 1, "act": {"type": "overrule"}}) == "for_the_table"


@pytest.mark.parametrize("request_", [
    None, [], "x", 5, {}, {"act": {"type": "draw"}}, {"n": "1", "act": {"type": "draw"}}, {"n": -1, "act": {}},
    {"n": 2**53, "act": {"type": "draw"}}, {"n": True, "act": {"type": "draw"}}, {"n": 1.0, "act": {"type": "draw"}},
    {"n": None, "call": "view"}, {"n": 1}, {"n": 1, "act": {"type": "draw"}, "call": "view"},
    {"n": 1, "act": {"type": "draw"}, "args": []}, {"n": 1, "act": {"type": "draw"}, "seat": 0}, {"n": 1, "call": 5},
    {"n": 1, "call": ["view"]}, {"n": 1, "call": "view", "args": {}}, {"n": 1, "call": "view", "args": "x"},
    {"n": 1, "call": "view", "args": [], "player": 1},
], ids=repr)
def test_garbage_is_a_bad_message(request_):
    state, on, _ = kreuzwort()
    assert refused(state, on, request_) == "bad_message"


@pytest.mark.parametrize("action", ["draw", None, [], {}, {"type": "Draw"}, {"type": ["draw"]}])
def test_a_malformed_action_is_a_bad_action(action):
    state, on, _ = kreuzwort()
    assert refused(state, on, {"n": 1, "act": action}) == "bad_action"


@pytest.mark.parametrize("name", [
    "computer_action", "replay", "undo", "new_game", "apply", "review", "advice", "record_of", "result",
    "guest_request", "guest_view", "catalogue", "table_marks", "verdict", "lay_word", "__class__", "", "x" * 1000,
])
def test_a_call_not_on_the_game_s_list_is_not_for_guests(name):
    state, on, _ = kreuzwort()
    assert refused(state, on, {"n": 1, "call": name, "args": []}) == "not_for_guests"


def test_a_view_of_another_seat_or_of_the_table_is_refused():
    state, on, off = kreuzwort()
    for args in ([on], [None], ["1"], [True], [off, off], [1.0]):
        assert refused(state, off, {"n": 1, "call": "view", "args": args}) == "not_your_seat", args


def test_a_helper_is_asked_only_by_the_seat_on_turn_and_with_its_arguments():
    state, on, off = kreuzwort()
    tiles = engine.hint(state)["move"]["tiles"]
    assert refused(state, off, {"n": 1, "call": "hint", "args": []}) == "not_your_turn"
    assert refused(state, off, {"n": 1, "call": "preview", "args": [tiles]}) == "not_your_turn"
    assert refused(state, on, {"n": 1, "call": "preview", "args": []}) == "bad_call"
    assert refused(state, on, {"n": 1, "call": "hint", "args": [1]}) == "bad_call"
    assert refused(state, on, {"n": 1, "call": "legal_actions", "args": [on]}) == "bad_call"
    over = {**state, "over": True}
    assert refused(over, on, {"n": 1, "call": "hint", "args": []}) == "not_your_turn"


def test_a_preview_of_tiles_not_the_seat_s_own_tells_nothing_about_them():
    state, on, _ = kreuzwort()
    other_rack, pool = state["racks"][1 - on], state["pool"]
    for tile in (other_rack[0], pool[0]):
        problem = ask(state, on, "preview", [{"tile": tile, "row": 0, "col": 0}])["answer"]["problem"]
        assert problem["code"] == "tile_not_in_rack"


@pytest.mark.parametrize("seat", [None, 2, -1, True, "0", 1.0])
def test_only_a_seat_of_the_game_is_a_guest(seat):
    state, _, _ = kreuzwort()
    assert refused(state, seat, {"n": 1, "call": "view", "args": []}) == "bad_player"


def test_the_page_reaches_the_guest_calls_through_the_bridge():
    state, on, off = kreuzwort()

    def call(name, *args):
        return json.loads(bridge.call(json.dumps({"call": name, "args": list(args)})))

    assert call("guest_request", state, off, {"n": 3, "act": {"type": "draw", "player": on}})["error"]["code"] == \
        "not_your_seat"
    assert call("guest_request", state, on, {"n": 3, "call": "legal_actions"})["ok"] == {"n": 3, "answer": [
        {"type": "draw", "count": 1}]}
    assert call("guest_view", state, off)["ok"] == engine.view(state, off)
    assert call("guest_request", {**state, "racks": 5}, on, {"n": 3, "call": "view"})["error"]["code"] == "bad_state"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_game_lets_guests_ask_only_its_own_helpers_for_the_step_they_help(game):
    found = REGISTRY[game]
    helpers = {fn.__name__ for fn in table.HELPERS if getattr(found, fn.__name__)}
    offered = helpers | set(found.state_calls)
    for name, step in found.guest_calls.items():
        assert name in offered, name
        assert step is None or step in found.actions, (name, step)
    never = {"computer_action", "replay", "undo", "new_game", "review", "view", "legal_actions"}
    assert not never & set(found.guest_calls)
    if found.disguise:  # what the wire check asks each of them
        assert set(found.guest_calls) <= set(contract.GUEST_ARGS), game


# --- issue 43: what the host keeps of a guest's action --------------------------------------------------------


def nested(depth: int):
    """A list nested `depth` deep."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def replays(record: dict) -> dict:
    """The record replayed as the page replays a save: through the bridge, as JSON."""
    answer = json.loads(bridge.call(json.dumps({"call": "replay", "args": [record]})))
    assert "ok" in answer, answer
    return answer["ok"]["state"]


def hostile(action: dict) -> dict:
    """`action` with what a hostile guest adds: a field nested 60 deep, the state's own fields, 6 KB of text."""
    return {**action, "note": nested(60), "seed": 1, "racks": [[1, 2]], "state": {"over": True}, "x": "x" * 6000}


def test_a_guest_s_action_is_kept_as_its_game_reads_it_and_its_save_replays():
    state, on, _ = kreuzwort()
    request = json.dumps({"call": "guest_request", "args": [state, on, {"n": 1, "act": hostile({"type": "draw",
                                                                                                "count": 1})}]})
    answer = json.loads(bridge.call(request))["ok"]  # (a request the bridge's depth check lets through)
    assert answer["action"] == {"type": "draw", "count": 1, "player": on}
    record = {**engine.record_of(state), "actions": [answer["action"]]}
    assert replays(record) == answer["state"] == engine.apply(state, {"type": "draw", "count": 1, "player": on})


def test_a_guest_s_action_keeps_only_what_is_read_inside_it_too():
    state, on, _ = kreuzwort()
    tiles = engine.hint(state)["move"]["tiles"]
    stuffed = [{**tile, "junk": nested(40), "more": "y" * 500} for tile in tiles]
    taken = table.guest_request(state, on, {"n": 2, "act": {"type": "place", "tiles": stuffed, "why": "z"}})
    assert taken["action"] == {"type": "place", "tiles": tiles, "player": on}
    assert replays({**engine.record_of(state), "actions": [taken["action"]]}) == taken["state"]


def test_an_action_that_stays_too_large_as_read_is_refused(monkeypatch):
    """(No game takes an action near the bounds, see the next test: they are lowered here.)"""
    state, on, _ = kreuzwort()
    place = {"type": "place", "tiles": engine.hint(state)["move"]["tiles"]}
    assert table.guest_request(state, on, {"n": 1, "act": place})["action"]["tiles"] == place["tiles"]
    monkeypatch.setattr(table, "MAX_ACTION_DEPTH", 2)  # a placement nests 3 deep: its tiles, each an object
    assert refused(state, on, {"n": 1, "act": place}) == "action_too_large"
    monkeypatch.setattr(table, "MAX_ACTION_DEPTH", 3)
    monkeypatch.setattr(table, "MAX_ACTION_CHARS", 40)
    assert refused(state, on, {"n": 1, "act": place}) == "action_too_large"


@pytest.mark.parametrize(("game", "options"), contract.setups(), ids=repr)
def test_every_game_s_actions_fit_the_bound_and_replay_from_a_guest(game, options):
    """Every game played by its guests, each action sent with a hostile guest's extras: what the host keeps is
    what the game reads, within the bound, and the record replays to the same state."""
    import random  # noqa: PLC0415

    found = REGISTRY[game]
    if found.mover is None:
        pytest.skip("a game without seats to act for")
    rng = random.Random(f"{game}{options}")
    players = [f"P{i}" for i in range(found.players[2])]
    state = engine.new_game(game, players, {k: v for k, v in options.items() if k != "computer"}, 5)
    record, steps = engine.record_of(state), 0
    while not state["over"] and steps < 60:
        action = contract.step(rng, state)
        seat = action.get("player")
        seat = found.mover(state, action) if seat is None else seat
        if seat is None or table.for_the_table(action):
            state = engine.apply(state, action)
            record["actions"].append(action)
        else:
            taken = table.guest_request(state, seat, {"n": steps, "act": hostile(action)})
            assert not {"note", "seed", "racks", "state", "x"} & taken["action"].keys()
            assert len(json.dumps(taken["action"])) <= table.MAX_ACTION_CHARS
            state = taken["state"]
            record["actions"].append(taken["action"])
        steps += 1
    assert replays(record) == state


def test_a_racing_guest_is_given_the_solution_only_once_its_race_is_given_up():
    state = engine.new_game("presto", ["Ada", "Bo"], {}, 12)
    for seat in (0, 1):
        state = engine.apply(state, {"type": "go", "player": seat, "clock": 1000})
    for args in ([], [1]):
        assert refused(state, 1, {"n": 1, "call": "solution", "args": args}) == "race_on"
    assert refused(state, 1, {"n": 1, "call": "solution", "args": [0]}) == "not_your_seat"
    state = table.guest_request(state, 1, {"n": 2, "act": {"type": "give_up", "seconds": 3}})["state"]
    found = ask(state, 1, "solution")["answer"]
    assert {tile for tile, _ in found["cells"].values()} <= set(state["hands"][1]) and found["solved"]
    assert refused(state, 1, {"n": 1, "call": "solution", "args": [0]}) == "not_your_seat"  # Ada races on
    assert refused(state, 0, {"n": 1, "call": "solution", "args": []}) == "race_on"


def racing(minutes: int = 1) -> dict:
    """Presto for Ada on the host and Bo on a guest phone, both racing since the host's "Los" at 1,000 ms."""
    state = engine.new_game("presto", ["Ada", "Bo"], {"minutes": minutes}, 12)
    return engine.apply(engine.apply(state, {"type": "go", "player": 0, "clock": 1000}),
                        {"type": "go", "player": 1, "clock": 1000})


def step_at(state: dict, now: float, action: dict) -> dict:
    """Bo's `action` as the host takes it at its clock `now`."""
    return table.guest_request(state, 1, {"n": 1, "act": action}, now)


def test_a_guest_s_race_starts_and_runs_on_the_host_s_clock():
    state = engine.new_game("presto", ["Ada", "Bo"], {}, 12)
    taken = step_at(state, 5000, {"type": "go", "clock": 99})
    assert taken["action"] == {"type": "go", "player": 1, "clock": 5000}
    hand = taken["state"]["hands"][1]
    cells = {"0,0": [hand[0], TILES[hand[0]][0]]}
    kept = step_at(taken["state"], 7500, {"type": "arrange", "cells": cells, "seconds": 250})
    assert kept["action"]["seconds"] == 2.5 and kept["state"]["seconds"][1] == 2.5  # not the guest's 250
    assert step_at(taken["state"], 7500, {"type": "arrange", "cells": cells, "seconds": 0})["action"]["seconds"] == 2.5


def test_a_guest_s_finish_after_its_time_is_its_time_up_not_a_place():
    state = racing()
    found = solver.solve(state["hands"][1], state["options"])
    assert found["solved"]
    late = step_at(state, 1000 + 61_000, {"type": "done", "cells": found["cells"], "seconds": 59})
    assert late["action"] == {"type": "time_up", "player": 1, "cells": found["cells"]}
    assert late["state"]["status"][1] == "out" and late["state"]["seconds"][1] == 60.0
    on_time = step_at(state, 1000 + 59_000, {"type": "done", "cells": found["cells"], "seconds": 1})
    assert on_time["state"]["status"][1] == "finished" and on_time["state"]["seconds"][1] == 59.0


def test_a_guest_whose_clock_jumps_is_not_out_before_the_host_s_clock_says_so():
    state = racing()
    with pytest.raises(IllegalAction) as caught:
        step_at(state, 1000 + 20_000, {"type": "time_up"})
    assert caught.value.code == "time_left"
    assert step_at(state, 1000 + 60_000, {"type": "time_up"})["state"]["status"][1] == "out"


def test_the_host_ends_a_guest_s_race_when_its_time_is_up():
    state = racing()
    assert table.guest_due(state, [1], 30_000) == {"actions": [], "at": 61_000}
    assert table.guest_due(state, [1], 61_000) == {"actions": [{"type": "time_up", "player": 1}], "at": None}
    ended = engine.apply(state, {"type": "time_up", "player": 1})
    assert table.guest_due(ended, [1], 99_000) == {"actions": [], "at": None}
    assert table.guest_due(kreuzwort()[0], [1], 5) == {"actions": [], "at": None}  # (a game without races)
    for seats, now in (([2], 5), ([None], 5), ("1", 5), ([1], -1), ([1], "5")):
        with pytest.raises(IllegalAction):
            table.guest_due(state, seats, now)
    answer = json.loads(bridge.call(json.dumps({"call": "guest_due", "args": [state, [1], 61_000]})))
    assert answer == {"ok": {"actions": [{"type": "time_up", "player": 1}], "at": None}}


def test_a_guest_names_the_dice_only_at_a_table_of_real_dice():
    import random  # noqa: PLC0415

    from wortwurf.games.forgetit.playout import table_faces  # noqa: PLC0415
    from wortwurf.games.frigiti.rules import DICE  # noqa: PLC0415

    state = engine.new_game("frigiti", ["Ada", "Bo", "Cy", "Di"], {}, 4)  # (Frigiti: the app rolls, always)
    roller = engine.view(state)["creator"]
    faces = engine.apply(state, {"type": "roll"})["faces"]
    chosen = [die[0] for die in DICE]  # (what the roller would like: faces its dice can show)
    assert engine.apply(state, {"type": "roll", "faces": chosen})["faces"] == chosen  # (natively: tests pin them)
    assert refused(state, roller, {"n": 1, "act": {"type": "roll", "faces": chosen}}) == "faces_need_real_dice"
    assert table.guest_request(state, roller, {"n": 1, "act": {"type": "roll"}})["state"]["faces"] == faces
    for physical in (True, False):
        dice = engine.new_game("forgetit", ["Ada", "Bo"], {"physical": physical}, 3)
        typed = {"type": "roll", "faces": table_faces(random.Random(1), dice)}
        if physical:  # real dice: the person rolling enters them, on their own phone too
            assert table.guest_request(dice, 0, {"n": 1, "act": typed})["action"]["faces"] == typed["faces"]
        else:
            assert refused(dice, 0, {"n": 1, "act": typed}) == "faces_need_real_dice"
