"""FOR-GET-IT for two: the table of winning chances and the advice built on it.

The table is kept in the sources (working it out takes minutes), so these tests hold it to the rules: rows
are recomputed from the row after them with the plain-number solver the advice uses, and the last row by the
array solver that made the table.
"""

from __future__ import annotations

import pytest

from forgetit_rolls import roll
from wortwurf import engine
from wortwurf.games.forgetit import players, race, solver
from wortwurf.games.forgetit.rules import current_player

ROUNDING = 1.5 / race.SCALE  # the table keeps whole millionths; a row is worked out from the rounded next one


def at(turn_index, behind, players=("Ada", "Bo"), seed=7, physical=False):
    """A two-player game at `turn_index` whose player on turn trails the other by `behind` points (with real
    dice when `physical`)."""
    state = engine.new_game("forgetit", list(players), {"physical": True} if physical else None, seed)
    state = dict(state, turn_index=turn_index)
    pad = [[{"points": 500}] for _ in players]
    pad[current_player(state)] = [{"points": 500 - behind}]
    return dict(state, pad=pad)


@pytest.mark.parametrize("seen", [True, False], ids=["seen", "real dice"])
@pytest.mark.parametrize("turn_index, behind", [(23, 0), (23, 40), (22, -15), (17, 120), (6, -60), (0, 0)])
def test_each_row_follows_from_the_next_by_the_solver(turn_index, behind, seen):
    advised = engine.advice(at(turn_index, behind, physical=not seen))
    assert [option["action"] for option in advised["options"]] == [{"type": "roll"}]
    assert advised["chance"] == pytest.approx(race.win_chance(turn_index, -behind, seen), abs=ROUNDING)


@pytest.mark.parametrize("seen", [True, False], ids=["seen", "real dice"])
def test_the_last_row_is_what_the_array_solver_makes(seen):
    made = race.win_table(first=race.TURNS - 1, seen=seen)[race.TURNS - 1]
    assert [round(float(chance) * race.SCALE) for chance in made] == [
        round(race.win_chance(race.TURNS - 1, difference, seen) * race.SCALE)
        for difference in range(-race.SPREAD, race.SPREAD + 1)]


def test_the_tables_differ_where_seeing_the_syllables_helps():
    """Before the last turn, 60 behind: seeing which syllables the dice carry makes the needed run likelier."""
    assert race.win_chance(race.TURNS - 1, -60, False) < race.win_chance(race.TURNS - 1, -60, True) - 0.01


def test_the_table_reads_as_the_game_is_won():
    last = race.TURNS - 1
    assert race.win_chance(last, 1) == 1.0  # ahead before the last turn: any score wins
    assert 0.5 < race.win_chance(last, 0) < 1.0  # level: a score wins, a bust shares
    assert race.win_chance(race.TURNS, 0) == 0.5 and race.win_chance(race.TURNS, -1) == 0.0
    for turn_index in (0, 11, last):
        row = [race.win_chance(turn_index, d) for d in range(-race.SPREAD, race.SPREAD + 1)]
        assert row == sorted(row)  # a bigger lead never hurts
        assert race.win_chance(turn_index, 10**6) == row[-1]  # beyond the table: as at its edge
    # Going second is worth something: the second player knows what it must beat.
    assert race.win_chance(0, 0) < 0.5


def test_the_leader_stops_where_points_would_roll_on():
    """The last turn, 25 behind: three fives (30 in a doubled round) win outright, so stopping is certain,
    while the most points come from rolling on."""
    state = roll(at(race.TURNS - 1, 25), 5, 5, 5, "FOR", "GET", 1, 2, 3, 4)
    fives = [slot for slot, die in enumerate(state["turn"]["dice"]) if die["face"] == 5]
    advised = engine.advice(state)
    best = advised["options"][0]
    assert best["action"] == {"type": "set_aside", "dice": fives} and best["then"] == "stop"
    assert best["win"] == advised["chance"] == 1.0
    points = engine.hint(state)["options"][0]
    assert points["action"] == best["action"] and points["then"] == "roll"
    assert points["value"] > best["points"] - 1e-9 and points["value"] > 30
    # The optimal computer player, two at the table, plays to win: it sets the fives aside and stops.
    assert players.optimal(state) == best["action"]
    assert players.optimal(engine.apply(state, best["action"])) == {"type": "stop"}


def test_advice_for_two_players_only_and_never_changes_the_state():
    for players in (("Ada",), ("Ada", "Bo", "Cy")):
        assert engine.advice(roll(at(4, 0, players), 1, 1, 2, 3, "FOR", 4, 4, 5, 5)) == {"options": [], "chance": None}
    state = roll(at(4, 0), 1, 1, 2, 3, "FOR", 4, 4, 5, 5)
    before = repr(state)
    advised = engine.advice(state)
    assert repr(state) == before
    wins = [option["win"] for option in advised["options"]]
    assert wins == sorted(wins, reverse=True) and advised["chance"] == wins[0]
    points = {repr(o["action"]): o["value"] for o in engine.hint(state)["options"]}
    for option in advised["options"]:  # the same choice, by points, where the hint lists it with the same dice
        if repr(option["action"]) in points:
            assert option["points"] == pytest.approx(points[repr(option["action"])])


def test_out_of_time_the_advice_is_an_estimate_that_says_so_and_the_next_call_goes_on_to_the_exact_one():
    """On a phone the turn's solve for the win may not fit a call's time budget: the answer is then the
    expected points' choices, in their order, with the chance of scoring them, marked as an estimate; calls
    with a little time each finish the solve, and the last is the exact advice."""
    from wortwurf import budget

    state = roll(at(9, 35, seed=11), 5, 5, 2, "FOR", 4, 3, 1, "GET", 2)
    exact = engine.advice(state)
    race._winning.cache_clear()  # (the solve made for the exact answer is forgotten)
    with budget.limited(0):
        estimated = engine.advice(state)
    assert estimated["estimate"] is True and exact["estimate"] is False
    points = engine.hint(state)["options"]
    assert [option["action"] for option in estimated["options"]] == [option["action"] for option in points]
    assert [option["points"] for option in estimated["options"]] == [option["value"] for option in points]
    assert all(0 <= option["win"] <= 1 for option in estimated["options"])
    race._winning.cache_clear()
    solver._rolls_before.cache_clear()  # (the fresh hand's rolls alone take far longer than one budget)
    for calls in range(1, 500):
        with budget.limited(0.02):
            answer = engine.advice(state)
        if not answer["estimate"]:
            break
    assert calls > 1 and answer == exact
