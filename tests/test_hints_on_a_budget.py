"""The TYP-DOM family's hints, solutions and computer racers on a phone's time budget (issue 42): out of time
they still offer a placement wherever they found one with all the time there is, and Presto's solver, which
cannot answer with half a crossword, goes on over calls to the very table it finds at once.

Seeded games the strongest computers play forward; each position's hint is asked with no time at all
(`budget.limited(0)`: every search is out of time from its start) and without a budget."""

from __future__ import annotations

import pytest

from wortwurf import budget, engine
from wortwurf.games.presto import solver

POSITIONS = 10


def positions(game: str, players: int, options: dict, seed: int):
    """The states of a seeded game the computers play forward, one a move."""
    names = [f"P{i}" for i in range(players)]
    state = engine.new_game(game, names, {**options, "computer": [3] * players}, seed)
    for _ in range(POSITIONS):
        if state["over"]:
            return
        yield state
        state = engine.apply(state, engine.computer_action(state))


@pytest.mark.parametrize("game, players, options", [
    ("typdom", 2, {}), ("typdom", 2, {"variant": "point"}), ("bluff", 3, {}),
])
@pytest.mark.parametrize("seed", [3, 8])
def test_a_hint_out_of_time_offers_a_placement_wherever_one_with_all_the_time_does(game, players, options, seed):
    offered = 0
    for state in positions(game, players, options, seed):
        unbounded = engine.hint(state)
        with budget.limited(0):
            hurried = engine.hint(state)
        assert bool(hurried["move"]) == bool(unbounded["move"])
        if hurried["move"]:  # (a placement that is allowed; TYP-DOM's hint names the tiles of a "place")
            engine.apply(state, hurried["move"] if "type" in hurried["move"] else {"type": "place", **hurried["move"]})
            offered += 1
    assert offered >= 3


def _ask_until_whole(call, state) -> tuple[dict, int]:
    """A Presto call on no time at all, asked again while it says it is still working: (answer, calls)."""
    for calls in range(1, 100_000):
        with budget.limited(0):
            answer = call(state)
        if not answer["working"]:
            return answer, calls
    raise AssertionError("the solve never ended")


@pytest.mark.parametrize("seed", range(1, 7))
def test_presto_out_of_time_goes_on_over_calls_to_the_hint_and_solution_it_finds_at_once(seed):
    state = engine.apply(engine.new_game("presto", ["Ada"], {}, seed), {"type": "go", "player": 0})
    given_up = engine.apply(state, {"type": "give_up", "player": 0, "seconds": 60})
    solver._solves.clear()
    at_once = solver.race_hint(state), solver.solution(given_up, 0)
    assert at_once[0]["word"] and at_once[1]["solved"] and not any(answer["working"] for answer in at_once)
    solver._solves.clear()
    (hint, hint_calls), (solution, _) = (_ask_until_whole(solver.race_hint, state),
                                         _ask_until_whole(lambda s: solver.solution(s, 0), given_up))
    assert (hint, solution) == at_once and hint_calls > 1


def test_a_computer_racer_out_of_time_lays_what_it_has_and_races_on_to_the_table_it_finds_at_once():
    state = engine.new_game("presto", ["Ada", "Bot"], {"computer": [0, 3]}, 5)
    state = engine.apply(state, engine.computer_action(state))  # its "go"
    finish = engine.computer_action(state)
    solver._solves.clear()
    steps = []
    while True:
        with budget.limited(0):
            action = engine.computer_action(state)
        steps.append(action["type"])
        if action["type"] != "arrange":
            break
        assert action["seconds"] == state["seconds"][1]  # (its race's clock is the one its finish names)
        state = engine.apply(state, action)
    assert action == finish and steps.count("arrange") >= 1
