"""The engine contract (design.md), proved the same way for every registered game and setup.

The checks are in `contract` (`python3 build.py soak N` plays them N times per setup); here a few seeded
games per setup, so a failure replays: the first as the descriptor sets it up (its strongest computers
too), the others with its computers at the weakest strength (`weakest`). Names are checked here too:
they are the facade's.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import contract
from wortwurf import engine, table as linked
from wortwurf.errors import IllegalAction
from wortwurf.games import REGISTRY

SEEDS = range(2)
SETUPS = contract.setups()


def weakest(options: dict) -> dict:
    """The setup with every computer seat at strength 1. The contract holds whatever a computer chooses: the
    strong ones' searches (FOR-GET-IT's race for the win: seconds a game) are played in the first seed, and
    their strength is proved in the games' own tests."""
    if "computer" not in options:
        return options
    return {**options, "computer": [min(strength, 1) for strength in options["computer"]]}


PLAYOUTS = [(game, options if seed == SEEDS[0] else weakest(options), seed)
            for game, options in SETUPS for seed in SEEDS]


def test_every_variant_and_real_dice_are_played():
    for game in REGISTRY.values():
        for option in game.options:
            wanted = option.values if option.name == "variant" else (True,) if option.name == "physical" else ()
            played = [options.get(option.name, option.default) for options in game.setups]
            assert all(value in played for value in wanted), (game.id, option.name)


@pytest.mark.parametrize("game, options, seed", PLAYOUTS, ids=[f"{g}-{json.dumps(o)}-{s}" for g, o, s in PLAYOUTS])
def test_the_contract_holds_at_every_step_of_random_games(game, options, seed):
    assert contract.playout(game, options, seed) > 0


def test_every_setup_plays_once_as_its_descriptor_sets_it_up():
    assert [(game, options) for game, options, seed in PLAYOUTS if seed == SEEDS[0]] == SETUPS
    assert any(options != weakest(options) for _, options in SETUPS)  # (some seat is stronger than 1)


GAMES_WITH_SECRETS = sorted(game.id for game in REGISTRY.values() if game.disguise)


def test_the_games_with_secrets_say_what_they_are():
    assert GAMES_WITH_SECRETS == ["bluff", "frigiti", "presto", "typdom"]  # racks and hands; definitions and marks (the others: the seed)


@pytest.mark.parametrize("game", GAMES_WITH_SECRETS)
def test_a_view_that_shows_a_secret_fails_the_contract(game, monkeypatch):
    """The secrets check is not empty: a view that also shows the whole state (but the seed) is caught."""
    rules = REGISTRY[game].rules
    honest = rules.view
    monkeypatch.setattr(rules, "view", lambda state, player=None: {
        **honest(state, player), "all": {key: value for key, value in state.items() if key != "seed"}})
    with pytest.raises(AssertionError, match="sees what is hidden"):
        for seed in range(5):
            contract.playout(game, {}, seed, most_steps=60)


def table(game: str) -> list[str]:
    return [f"P{i}" for i in range(REGISTRY[game].players[2])]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_the_log_of_a_new_game_shows_no_seed(game):
    state = engine.new_game(game, table(game), None, 123456789012345)
    assert "123456789012345" not in json.dumps(engine.replay(engine.record_of(state))["log"])
    assert "123456789012345" not in json.dumps(engine.view(state))


EXTRA_CALLS = {  # what a game's own calls are asked, one step into a game
    "lay_word": lambda state: [state, {"dice": [0, 1, 2]}],
    "preview": lambda state: [state, engine.hint(state)["move"]["tiles"]],
    "collection_entry": None,  # needs a finished round
}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_helpers_show_no_seed(game):
    rng = random.Random(game)
    state = engine.new_game(game, table(game), None, 987654321098765)
    record = engine.record_of(state)
    action = contract.step(rng, state)
    state = engine.apply(state, action)
    record["actions"].append(action)
    found = REGISTRY[game]
    shown = [engine.hint(state)] if found.hint else []
    shown += [engine.review(record)] if found.review else []
    shown += [engine.advice(state)] if found.advice and game != "dicewords" else []  # DICEWORDS': seconds
    for fn in found.calls:
        if fn.__name__ in found.state_calls and EXTRA_CALLS.get(fn.__name__):
            shown.append(fn(*EXTRA_CALLS[fn.__name__](state)))
    assert "987654321098765" not in json.dumps(shown)


@pytest.mark.parametrize("field", ["game", "players", "seed", "options", "over", "events"])
@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_state_without_what_every_state_holds_is_refused(game, field):
    state = engine.new_game(game, table(game), None, 5)
    for damaged in ({k: v for k, v in state.items() if k != field}, {**state, field: "x"}):
        for ask in (lambda s: engine.view(s), engine.result, engine.legal_actions, engine.record_of,
                    lambda s: engine.apply(s, {"type": "roll"})):
            with pytest.raises(IllegalAction) as caught:
                ask(damaged)
            assert caught.value.code in ("bad_state", "unknown_game")


# --- names -----------------------------------------------------------------------------------------


def names_taken(*names):
    return engine.new_game("forgetit", list(names), None, 1)["players"]


@pytest.mark.parametrize("name", ["👨‍👩‍👧 Fam", "\u200fאדם", "Ada\u200f", "🇩🇪 Jörg", "👍🏽 Bo", "Zoë", "Zoe\u0308"])
def test_names_count_what_a_person_sees(name):
    assert names_taken(name) == [name]


def test_names_show_at_most_24_characters():
    for unit in ("x", "é", "e\u0301", "🇩🇪", "👍🏽", "😀"):  # one or two code points each
        assert names_taken(unit * 2 + " " + unit * 21) == [unit * 2 + " " + unit * 21]  # 24 seen
        with pytest.raises(IllegalAction) as caught:
            names_taken(unit * 2 + " " + unit * 22)  # 25 seen
        assert caught.value.code == "bad_player_name"
        assert caught.value.params == {"max": 24, "code_points": 64}


def test_player_names_are_trimmed_and_may_be_24_long():
    assert names_taken("  Ada ", "x" * 24, "Jürgen  Groß") == ["Ada", "x" * 24, "Jürgen Groß"]


@pytest.mark.parametrize("name", [
    "", "   ", "x" * 25, "a\nb", "tab\there", "a\u2028b", "\u200f", "\u200d\u200d", "\u0301", " \u200b ",
    "👨‍👩‍👧" * 13, 5, None, ["Ada"],
])
def test_bad_player_name(name):
    with pytest.raises(IllegalAction) as caught:
        names_taken("Ada", name)
    assert caught.value.code == "bad_player_name"


# --- the wire to a guest phone (wortwurf.table) ----------------------------------------------------


def test_a_guest_view_that_sends_a_secret_fails_the_contract(monkeypatch):
    """The wire check is not empty: a guest sent the other racks beside its view is caught."""
    honest = linked.guest_view
    monkeypatch.setattr(linked, "guest_view", lambda state, seat: {**honest(state, seat), "racks": state["racks"]})
    with pytest.raises(AssertionError, match="is sent a secret"):
        contract.playout("typdom", {}, 0, most_steps=5)


def test_a_guest_call_that_tells_a_secret_fails_the_contract(monkeypatch):
    """A guest call answering with more than the seat may know (here a hint with the pool) is caught."""
    game = REGISTRY["typdom"]

    def leaky(state):
        return {**engine.hint(state), "pool": state["pool"]}

    monkeypatch.setitem(REGISTRY, "typdom", dataclasses.replace(game, calls=(leaky,), guest_calls={"leaky": "place"}))
    monkeypatch.setitem(contract.GUEST_ARGS, "leaky", lambda seen, seat: [[]])
    with pytest.raises(AssertionError, match="is told what is hidden"):
        contract.playout("typdom", {}, 0, most_steps=5)


def test_a_guest_acting_for_another_seat_fails_the_contract(monkeypatch):
    """The guests' actions are checked: a table that lets a guest name another seat is caught."""
    monkeypatch.setattr(linked, "_as_seat", lambda action, seat: action if isinstance(action, dict) else {})
    with pytest.raises(AssertionError, match="taken from a guest|acts for another"):
        contract.playout("typdom", {}, 0, most_steps=5)
