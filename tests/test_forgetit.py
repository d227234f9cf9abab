"""FOR-GET-IT through the public facade: every rule of rulebook 003 and the rules notes.

Outcomes are pinned by stating the faces of each roll (a multiset for the dice in
hand), exactly as players do with dice at the table: `new` plays with real dice unless
told otherwise, since only then may a roll's faces be stated.
"""

from __future__ import annotations

import json

import pytest

from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.forgetit import rules as forgetit

SYL = ("FOR", "GET", "IT")


# --- small helpers -------------------------------------------------------------


def new(players=("Ada",), seed=7, **options):
    """A game with real dice (faces stated), or as `options` say."""
    return engine.new_game("forgetit", list(players), {"physical": True, **options}, seed)


def digital(players=("Ada",), seed=7):
    """A game whose dice the app rolls, keyed to the seed."""
    return new(players, seed, physical=False)


def roll(state, *faces):
    return engine.apply(state, {"type": "roll", "faces": list(faces)})


def set_aside(state, slots):
    return engine.apply(state, {"type": "set_aside", "dice": list(slots)})


def stop(state):
    return engine.apply(state, {"type": "stop"})


def turn(state):
    return engine.view(state)["turn"]


def showing(state, number):
    """Slots of the dice in hand showing `number`."""
    return [d["slot"] for d in turn(state)["dice"] if not d["aside"] and d["face"] == number]


def keep(state, number, how_many=None):
    slots = showing(state, number)
    return set_aside(state, slots if how_many is None else slots[:how_many])


def refused(state, action, code):
    """The action is refused with `code`, and the state passed in is untouched."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, action)
    assert caught.value.code == code
    assert json.dumps(state, sort_keys=True) == before
    return caught.value


def score_turn(state, number, count):
    """One whole turn: a roll with `count` dice showing `number`, keep them, stop."""
    filler = 1 if number != 1 else 2
    state = roll(state, *([number] * count + [filler] * (9 - count)))
    if count:
        state = keep(state, number)
    return stop(state)


def example_first_pass(state):
    """The rulebook's turn example up to 'sechs 3er, einmal GET und zweimal IT'."""
    state = roll(state, 2, 2, 3, 3, 3, 4, 4, 5, "GET")
    state = keep(state, 3)
    state = roll(state, 3, 4, 5, 5, "IT")
    state = keep(state, 3)
    state = roll(state, 1, 3, "IT")
    state = keep(state, 3)
    for face in (2, 2, 4):
        state = roll(state, face)
    state = roll(state, 3)
    return keep(state, 3)


def example_second_pass(state):
    """The rulebook's continuation: all nine picked up again, 108 points."""
    state = roll(state, 1, 1, 1, 2, 2, 3, 4, 5, 5)
    state = keep(state, 3)
    state = roll(state, 1, 1, 2, 2, 4, 4, 4, "FOR")
    state = roll(state, 1, 3, 3, 4, "FOR", "GET", "GET")
    return keep(state, 3)


def result_is_none(state):
    return engine.result(state) is None and engine.view(state)["result"] is None


def kinds(state):
    return sorted(d["kind"] for d in turn(state)["dice"])


# --- the rulebook's worked examples ------------------------------------------------


def test_rulebook_turn_example_first_pass_step_by_step():
    state = roll(new(), 2, 2, 3, 3, 3, 4, 4, 5, "GET")
    t = turn(state)
    assert t["syllables"] == {"FOR": 0, "GET": 1, "IT": 0}  # GET goes aside by itself
    assert len(t["hand"]) == 8 and t["number"] is None and t["first_needs_pair"] is True
    state = keep(state, 3)
    t = turn(state)
    assert (t["number"], t["count"], t["multiplier"], t["stop_score"], t["to_roll"]) == (3, 3, 1, 9, 5)

    state = roll(state, 3, 4, 5, 5, "IT")
    state = keep(state, 3)
    t = turn(state)
    assert (t["count"], t["multiplier"], t["stop_score"], t["to_roll"]) == (4, 2, 24, 3)

    state = roll(state, 1, 3, "IT")
    state = keep(state, 3)
    t = turn(state)
    assert (t["count"], t["multiplier"], t["stop_score"], t["to_roll"]) == (5, 3, 45, 1)

    for face in (2, 2, 4):  # the last die, rolled again and again without a 3
        state = roll(state, face)
        assert turn(state)["to_roll"] == 1 and turn(state)["count"] == 5
    state = roll(state, 3)
    state = keep(state, 3)
    t = turn(state)
    assert t["count"] == 6 and t["number"] == 3
    assert t["syllables"] == {"FOR": 0, "GET": 1, "IT": 2}
    assert t["all_aside"] is True and t["hand"] == []
    assert t["multiplier"] == 4
    assert t["stop_score"] == 72  # 6 x 3 = 18, times four
    assert t["rolls"] == 7 and t["passes"] == 0
    assert kinds(state) == sorted(SYL * 3)


def test_rulebook_turn_example_second_pass_scores_108():
    state = example_first_pass(new())
    assert turn(state)["to_roll"] == 9  # all nine are picked up again
    state = roll(state, 1, 1, 1, 2, 2, 3, 4, 5, 5)
    assert state["events"][0]["picked_up"] is True
    t = turn(state)
    assert t["passes"] == 1 and t["syllables"] == {"FOR": 0, "GET": 0, "IT": 0}
    assert len(t["hand"]) == 9 and t["count"] == 6
    state = keep(state, 3)  # one 3 is enough: no pair needed in the new pass
    assert turn(state)["count"] == 7
    state = roll(state, 1, 1, 2, 2, 4, 4, 4, "FOR")
    assert turn(state)["syllables"] == {"FOR": 1, "GET": 0, "IT": 0}
    state = roll(state, 1, 3, 3, 4, "FOR", "GET", "GET")
    t = turn(state)
    assert t["syllables"] == {"FOR": 2, "GET": 2, "IT": 0}
    assert state["events"] == [{"e": "rolled", "player": 0, "faces": [1, 3, 3, 4, "FOR", "GET", "GET"], "picked_up": False}]
    state = keep(state, 3)
    t = turn(state)
    assert (t["count"], t["multiplier"], t["stop_score"]) == (9, 4, 108)  # 27 x 4
    state = stop(state)
    assert state["events"][0] == {"e": "stopped", "player": 0, "number": 3, "count": 9, "points": 108}
    pad = engine.view(state)["pad"]
    assert pad["rows"][0] == [{"points": 108, "bust": False}]
    assert pad["totals"] == [108]


@pytest.mark.parametrize("round_no", [11, 12])
def test_rulebook_example_in_doubled_rounds_scores_216(round_no):
    state = new()
    for _ in range(round_no - 1):
        state = score_turn(state, 2, 2)  # 4 points a turn
    view = engine.view(state)
    assert view["round"] == round_no and view["doubled"] is True
    state = example_first_pass(state)
    assert turn(state)["stop_score"] == 144
    state = example_second_pass(state)
    assert turn(state)["stop_score"] == 216
    state = stop(state)
    pad = engine.view(state)["pad"]
    assert pad["rows"][round_no - 1] == [{"points": 216, "bust": False}]
    assert pad["subtotals"] == [40]
    assert pad["totals"] == [4 * 10 + 8 * (round_no - 11) + 216]


def test_round_ten_is_not_doubled():
    state = new()
    for _ in range(9):
        state = score_turn(state, 2, 2)
    assert engine.view(state)["round"] == 10 and engine.view(state)["doubled"] is False
    state = stop(example_second_pass(example_first_pass(state)))
    assert engine.view(state)["pad"]["rows"][9] == [{"points": 108, "bust": False}]


# --- multipliers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, factor", [(0, 1), (1, 1), (2, 1), (3, 1), (4, 2), (5, 3), (6, 4), (7, 4), (9, 4), (18, 4)]
)
def test_multiplier(count, factor):
    assert forgetit.multiplier(count) == factor


@pytest.mark.parametrize(
    "count, points", [(2, 10), (3, 15), (4, 40), (5, 75), (6, 120), (7, 140), (8, 160), (9, 180)]
)
def test_stop_score_uses_multiplier(count, points):
    state = roll(new(), *([5] * count + [1] * (9 - count)))
    state = keep(state, 5)
    assert turn(state)["stop_score"] == points
    state = stop(state)
    assert engine.view(state)["pad"]["totals"] == [points]


def test_multiplier_counts_the_whole_turn_across_rolls():
    state = roll(new(), 4, 4, 1, 1, 1, 2, 2, 2, 5)
    state = keep(state, 4)
    assert turn(state)["stop_score"] == 8
    state = roll(state, 4, 4, 1, 1, 1, 2, 2)
    state = keep(state, 4, 1)
    assert turn(state)["stop_score"] == 12
    state = keep(state, 4)  # the other 4 of the same roll, a second set-aside
    assert turn(state)["stop_score"] == 32  # four 4s: 16 doubled
    state = roll(state, 4, 1, 1, 1, 1)
    state = keep(state, 4)
    assert turn(state)["stop_score"] == 60  # five 4s: 20 trebled


# --- collecting a number -----------------------------------------------------------


def test_pair_rule_and_one_number_per_turn():
    state = roll(new(), 3, 3, 4, 4, 4, 1, 2, 5, "FOR")
    three = showing(state, 3)
    four = showing(state, 4)
    refused(state, {"type": "set_aside", "dice": three[:1]}, "need_pair")
    refused(state, {"type": "set_aside", "dice": [three[0], four[0]]}, "mixed_numbers")
    refused(state, {"type": "set_aside", "dice": three + four}, "mixed_numbers")
    state = set_aside(state, three)
    assert (turn(state)["number"], turn(state)["count"]) == (3, 2)
    assert turn(state)["first_needs_pair"] is False
    refused(state, {"type": "set_aside", "dice": four}, "wrong_number")
    state = roll(state, 4, 4, 4, 3, 1, 2)
    error = refused(state, {"type": "set_aside", "dice": showing(state, 4)[:1]}, "wrong_number")
    assert error.params == {"number": 3, "face": 4}
    state = keep(state, 3)  # a single die is fine once the number is fixed
    assert (turn(state)["number"], turn(state)["count"], turn(state)["stop_score"]) == (3, 3, 9)


def test_legal_set_asides_follow_the_pair_rule():
    state = roll(new(), 3, 3, 4, 1, 1, 1, 2, 5, "FOR")
    asides = [a["dice"] for a in engine.legal_actions(state) if a["type"] == "set_aside"]
    threes, ones = showing(state, 3), showing(state, 1)
    assert threes in asides and ones in asides and ones[:2] in asides
    assert all(len(d) >= 2 for d in asides)
    assert not any(showing(state, 4)[0] in d for d in asides)
    assert {"type": "roll"} not in engine.legal_actions(state)  # real dice: a roll needs the faces the table sees
    assert {"type": "stop"} in engine.legal_actions(state)
    state = set_aside(state, threes)
    state = roll(state, 3, 4, 4, 1, 1, 1)
    asides = [a["dice"] for a in engine.legal_actions(state) if a["type"] == "set_aside"]
    assert asides == [showing(state, 3)]


def test_setting_aside_numbers_is_never_compulsory():
    state = roll(new(), 1, 2, 3, 4, 5, 1, 2, 3, 4)
    state = roll(state, 1, 2, 3, 4, 5, 1, 2, 3, 4)  # roll again, nothing set aside
    t = turn(state)
    assert (t["rolls"], t["number"], t["count"], len(t["hand"])) == (2, None, 0, 9)
    state = keep(state, 4)
    state = roll(state, 1, 1, 2, 2, 3, 3, 5)  # no 4: roll on anyway
    state = roll(state, 1, 1, 2, 2, 3, 3, 5)
    t = turn(state)
    assert (t["rolls"], t["number"], t["count"], len(t["hand"])) == (4, 4, 2, 7)


def test_set_aside_bad_dice():
    state = roll(new(), 3, 3, 3, 1, 1, 2, 2, 5, "FOR")
    three = showing(state, 3)
    for_slot = next(d["slot"] for d in turn(state)["dice"] if d["face"] == "FOR")
    refused(state, {"type": "set_aside", "dice": []}, "nothing_set_aside")
    refused(state, {"type": "set_aside", "dice": [three[0], three[0]]}, "bad_dice")
    assert refused(state, {"type": "set_aside", "dice": [9, three[0]]}, "bad_dice").params == {"last": 8}
    refused(state, {"type": "set_aside", "dice": [True, three[0]]}, "bad_dice")
    refused(state, {"type": "set_aside", "dice": "01"}, "bad_dice")
    refused(state, {"type": "set_aside"}, "bad_dice")
    refused(state, {"type": "set_aside", "dice": [for_slot, three[0]]}, "die_not_showing")
    state = set_aside(state, three[:2])
    refused(state, {"type": "set_aside", "dice": three[:2]}, "die_not_showing")


# --- syllables and busting ---------------------------------------------------------


def test_syllables_are_set_aside_automatically_and_never_rolled_again():
    state = roll(new(), 1, 1, 2, 2, 3, 4, 5, "FOR", "IT")
    t = turn(state)
    syllable_dice = [d for d in t["dice"] if d["face"] in SYL]
    assert len(syllable_dice) == 2
    assert all(d["aside"] and d["kind"] == d["face"] for d in syllable_dice)
    assert t["syllables"] == {"FOR": 1, "GET": 0, "IT": 1}
    assert sorted(t["hand"]) == sorted(d["slot"] for d in t["dice"] if d["face"] not in SYL)
    refused(state, {"type": "set_aside", "dice": [syllable_dice[0]["slot"]]}, "die_not_showing")
    state = roll(state, 1, 1, 2, 2, 3, 4, 5)
    assert turn(state)["syllables"] == {"FOR": 1, "GET": 0, "IT": 1}
    assert turn(state)["to_roll"] == 7


def test_all_three_syllables_in_one_roll_bust_at_once():
    state = new(["Ada", "Bo"])
    first = engine.view(state)["current"]
    state = roll(state, 3, 3, 3, 3, 1, 1, "FOR", "GET", "IT")
    assert [e["e"] for e in state["events"]] == ["rolled", "bust"]
    view = engine.view(state)
    assert view["pad"]["rows"][0][first] == {"points": 0, "bust": True}
    assert view["current"] == 1 - first
    assert view["turn"]["rolls"] == 0 and view["turn"]["count"] == 0
    assert view["last_turn"]["bust"] is True and view["last_turn"]["points"] == 0


def test_bust_loses_the_points_collected():
    state = new(["Ada", "Bo"])
    first = engine.view(state)["current"]
    state = roll(state, 5, 5, 5, 5, 5, 5, 1, "FOR", "GET")
    state = keep(state, 5)
    assert turn(state)["stop_score"] == 120
    state = roll(state, "IT")
    assert state["events"][-1] == {"e": "bust", "player": first}
    view = engine.view(state)
    assert view["pad"]["rows"][0][first] == {"points": 0, "bust": True}
    assert view["pad"]["totals"][first] == 0
    assert view["current"] == 1 - first
    refused(state, {"type": "stop"}, "must_roll_first")  # the busted turn cannot be stopped


def test_two_of_one_syllable_plus_another_is_not_a_bust():
    state = roll(new(), 1, 1, 2, 2, 3, 4, "FOR", "FOR", "GET")
    assert turn(state)["syllables"] == {"FOR": 2, "GET": 1, "IT": 0}
    state = roll(state, 1, 2, 3, 4, 5, "FOR")
    state = roll(state, 1, 2, 3, 4, "GET")
    t = turn(state)
    assert t["syllables"] == {"FOR": 3, "GET": 2, "IT": 0}
    assert t["rolls"] == 3 and engine.view(state)["pad"]["rows"][0] == [None]


def test_syllables_start_afresh_after_picking_up_all_nine():
    state = roll(new(), 3, 3, 3, 3, 3, 3, 3, "FOR", "GET")
    state = keep(state, 3)
    assert turn(state)["all_aside"] is True
    assert turn(state)["syllables"] == {"FOR": 1, "GET": 1, "IT": 0}
    three_for = roll(state, 1, 1, 1, 1, 1, 1, "FOR", "FOR", "FOR")  # all three FOR dice again
    assert turn(three_for)["syllables"] == {"FOR": 3, "GET": 0, "IT": 0}
    state = roll(state, 1, 1, 1, 1, 2, 2, 2, 2, "IT")  # an IT alone in the new pass
    t = turn(state)
    assert t["syllables"] == {"FOR": 0, "GET": 0, "IT": 1}
    assert t["passes"] == 1 and t["rolls"] == 2 and t["count"] == 7
    assert engine.view(state)["pad"]["rows"][0] == [None]  # not busted
    assert t["stop_score"] == 84
    state = roll(state, 1, 1, 1, 1, 2, 2, "FOR", "GET")  # now all three in this pass
    assert state["events"][-1]["e"] == "bust"
    assert engine.view(state)["pad"]["rows"][0] == [{"points": 0, "bust": True}]


def test_a_stated_syllable_may_fall_on_any_die_in_hand():
    # One die left in hand; two ITs aside and a number on the third IT die: the
    # last die may still show IT (dice showing numbers hide their syllable).
    state = roll(new(), 2, 2, 3, 3, 3, 4, 4, 5, "GET")
    state = keep(state, 3)
    state = roll(state, 3, 4, 5, 5, "IT")
    state = keep(state, 3)
    state = roll(state, 1, 3, "IT")
    state = keep(state, 3)
    after = roll(state, "IT")
    t = turn(after)
    assert t["syllables"] == {"FOR": 0, "GET": 1, "IT": 3}
    assert t["all_aside"] is True and kinds(after) == sorted(SYL * 3)
    assert all(d["kind"] == d["face"] for d in t["dice"] if d["face"] in SYL)
    after = roll(state, "FOR")
    assert after["events"][-1] == {"e": "bust", "player": 0}


# --- stated rolls ------------------------------------------------------------------


def test_too_many_syllables():
    state = new()
    error = refused(state, {"type": "roll", "faces": [1, 1, 1, 1, 1, "FOR", "FOR", "FOR", "FOR"]}, "too_many_syllables")
    assert error.params == {"available": 3, "syllable": "FOR"}
    state = roll(state, 1, 1, 2, 2, 3, 3, 4, "IT", "IT")
    error = refused(state, {"type": "roll", "faces": [1, 1, 2, 2, 3, "IT", "IT"]}, "too_many_syllables")
    assert error.params == {"available": 1, "syllable": "IT"}


@pytest.mark.parametrize(
    "faces",
    [
        [1, 2, 3, 4, 5, 1, 2, 3],  # 8 faces for 9 dice
        [1, 2, 3, 4, 5, 1, 2, 3, 4, 5],  # 10
        [],
        [0, 1, 1, 1, 1, 1, 1, 1, 1],
        [6, 1, 1, 1, 1, 1, 1, 1, 1],
        [3.0, 1, 1, 1, 1, 1, 1, 1, 1],
        [True, 1, 1, 1, 1, 1, 1, 1, 1],
        [False, 1, 1, 1, 1, 1, 1, 1, 1],
        ["3", 1, 1, 1, 1, 1, 1, 1, 1],
        ["for", 1, 1, 1, 1, 1, 1, 1, 1],
        [None, 1, 1, 1, 1, 1, 1, 1, 1],
        [[1], 1, 1, 1, 1, 1, 1, 1, 1],
        "111111111",
        {"1": 9},
        9,
    ],
)
def test_bad_faces(faces):
    error = refused(new(), {"type": "roll", "faces": faces}, "bad_faces")
    assert error.params == {"count": 9}


def test_faces_must_match_the_dice_in_hand():
    state = roll(new(), 3, 3, 3, 1, 1, 2, 2, 5, "FOR")
    state = keep(state, 3)
    refused(state, {"type": "roll", "faces": [1, 2, 3, 4]}, "bad_faces")
    refused(state, {"type": "roll", "faces": [1, 2, 3, 4, 5, 1]}, "bad_faces")
    refused(state, {"type": "roll", "faces": [1, 2, 3, 4, 5, 1, 2, 3, 4]}, "bad_faces")
    assert turn(roll(state, 1, 2, 3, 4, 5))["rolls"] == 2
    full = roll(new(), 3, 3, 3, 3, 3, 3, 3, 3, 3)
    full = keep(full, 3)
    assert turn(full)["all_aside"] is True
    error = refused(full, {"type": "roll", "faces": [1]}, "bad_faces")  # all nine go up again
    assert error.params == {"count": 9}


# --- turn order, game end, pad -----------------------------------------------------


def test_must_roll_first():
    state = new(["Ada", "Bo"])
    refused(state, {"type": "set_aside", "dice": [0, 1]}, "must_roll_first")
    refused(state, {"type": "stop"}, "must_roll_first")
    assert engine.legal_actions(state) == []  # real dice: a roll needs the faces the table sees
    assert engine.legal_actions(digital(["Ada", "Bo"])) == [{"type": "roll"}]
    state = score_turn(state, 2, 2)
    refused(state, {"type": "stop"}, "must_roll_first")
    refused(state, {"type": "set_aside", "dice": [0, 1]}, "must_roll_first")


def test_stop_without_a_number_scores_zero():
    state = new(["Ada", "Bo"])
    first = engine.view(state)["current"]
    state = roll(state, 1, 1, 2, 2, 3, 3, 4, 5, "FOR")
    assert turn(state)["stop_score"] == 0
    state = stop(state)
    assert state["events"][0] == {"e": "stopped", "player": first, "number": None, "count": 0, "points": 0}
    assert engine.view(state)["pad"]["rows"][0][first] == {"points": 0, "bust": False}
    assert engine.view(state)["current"] == 1 - first


def test_turns_go_round_from_the_start_player():
    state = new(["Ada", "Bo", "Cem"], seed=11)
    start = state["start"]
    assert start in (0, 1, 2)
    assert state["events"] == [{"e": "started", "start": start}]  # the seed stays in the record, out of sight
    seen = []
    for _ in range(6):
        seen.append(engine.view(state)["current"])
        state = score_turn(state, 2, 2)
    assert seen == [(start + i) % 3 for i in range(6)]
    assert engine.view(state)["round"] == 3


def test_game_over_after_twelve_rounds_with_pad_subtotals():
    state = new(["Ada", "Bo", "Cem"], seed=3)
    order = [(state["start"] + i) % 3 for i in range(3)]
    points = {order[0]: (5, 2), order[1]: (4, 3), order[2]: (1, 2)}  # 10, 12, 2 a turn
    for r in range(12):
        assert engine.view(state)["round"] == r + 1
        assert result_is_none(state)
        for p in order:
            state = score_turn(state, *points[p])
    view = engine.view(state)
    assert view["over"] is True
    per_turn = {order[0]: 10, order[1]: 12, order[2]: 2}
    assert view["pad"]["subtotal_after"] == 10
    assert view["pad"]["subtotals"] == [per_turn[p] * 10 for p in range(3)]
    assert view["pad"]["totals"] == [per_turn[p] * 14 for p in range(3)]  # 10 + 2 doubled rounds
    assert all(row[p]["points"] == per_turn[p] * (2 if r >= 10 else 1)
               for r, row in enumerate(view["pad"]["rows"]) for p in range(3))
    assert engine.result(state) == {"scores": view["pad"]["totals"], "winners": [order[1]]}
    assert state["events"][-1] == {"e": "over", "scores": view["pad"]["totals"], "winners": [order[1]]}
    assert engine.legal_actions(state) == []
    refused(state, {"type": "roll"}, "game_over")
    refused(state, {"type": "roll", "faces": [1] * 9}, "game_over")
    refused(state, {"type": "stop"}, "game_over")
    refused(state, {"type": "set_aside", "dice": [0, 1]}, "game_over")


def test_a_tie_shares_the_win():
    state = new(["Ada", "Bo"])
    for _ in range(24):
        state = score_turn(state, 3, 3)
    assert engine.result(state) == {"scores": [9 * 14, 9 * 14], "winners": [0, 1]}


def test_solo_game():
    state = new(["Ada"])
    for r in range(12):
        assert engine.view(state)["current"] == 0 and engine.view(state)["round"] == r + 1
        state = score_turn(state, 5, 4)  # 40 a turn
    assert engine.view(state)["pad"]["subtotals"] == [400]
    assert engine.result(state) == {"scores": [560], "winners": [0]}


@pytest.mark.parametrize("count", [1, 2, 5, 8])
def test_one_to_eight_players(count):
    names = [f"P{i}" for i in range(count)]
    state = new(names)
    assert state["players"] == names and len(engine.view(state)["pad"]["totals"]) == count
    assert 0 <= state["start"] < count


@pytest.mark.parametrize("players", [[], [f"P{i}" for i in range(9)], "Ada", None])
def test_bad_players(players):
    with pytest.raises(IllegalAction) as caught:
        engine.new_game("forgetit", players, None, 1)
    assert caught.value.code == "bad_players"
    assert caught.value.params == {"min": 1, "max": 8}


def test_bad_game_seed_and_options():
    for game in ("blitz", None, 3):
        with pytest.raises(IllegalAction) as caught:
            engine.new_game(game, ["Ada"], None, 1)
        assert caught.value.code == "unknown_game"
    for seed in (-1, 2**53, 1.5, True, "7"):
        with pytest.raises(IllegalAction) as caught:
            engine.new_game("forgetit", ["Ada"], None, seed)
        assert caught.value.code == "bad_seed"
    for options in ({"physical": 1}, {"colour": True}, ["physical"]):
        with pytest.raises(IllegalAction) as caught:
            engine.new_game("forgetit", ["Ada"], options, 1)
        assert caught.value.code == "bad_option"
    assert engine.new_game("forgetit", ["Ada"], None, 1)["options"] == {"physical": False, "computer": []}


def test_an_action_naming_its_player_is_taken_only_on_that_player_s_turn():
    state = new(["Ada", "Bo", "Cem"])
    on_turn = engine.view(state)["current"]
    action = {"type": "roll", "faces": [1, 1, 2, 2, 3, 3, 4, 5, "FOR"]}
    for other in {0, 1, 2} - {on_turn}:
        error = refused(state, {**action, "player": other}, "not_your_turn")
        assert error.params == {"player": other, "mover": on_turn}
    for junk in (3, -1, True, "0", [on_turn]):
        refused(state, {**action, "player": junk}, "bad_player")
    named = engine.apply(state, {**action, "player": on_turn})
    assert named == engine.apply(state, action) == engine.apply(state, {**action, "player": None})
    actions = [{**action, "player": on_turn}, {"type": "stop", "player": on_turn}]
    assert engine.replay(record_with(state, actions))["state"] == stop(named)
    assert engine.undo(record_with(state, actions))["state"] == named


def test_physical_dice_require_faces():
    state = new(physical=True)
    assert state["options"]["physical"] is True
    refused(state, {"type": "roll"}, "faces_required")
    refused(state, {"type": "roll", "faces": None}, "faces_required")
    state = roll(state, 2, 2, 1, 1, 1, 3, 4, 5, "GET")
    state = keep(state, 2)
    refused(state, {"type": "roll"}, "faces_required")
    assert turn(roll(state, 2, 1, 1, 1, 1, 1))["count"] == 2


def test_the_app_s_dice_cannot_be_dictated():
    """Without real dice the app rolls: faces handed in would let a player choose the roll."""
    state = digital()
    refused(state, {"type": "roll", "faces": [5, 5, 5, 5, 5, 5, 1, 2, 3]}, "faces_need_real_dice")
    state = engine.apply(state, {"type": "roll"})
    if state["turn"]["rolls"]:  # not busted: the second roll cannot be dictated either
        refused(state, {"type": "roll", "faces": [5] * len(turn(state)["hand"])}, "faces_need_real_dice")


def test_bad_action_shapes():
    state = new()
    for action in ({"type": "pass"}, {}, {"type": None}, ["roll"], "roll", None):
        refused(state, action, "bad_action")


# --- refusals change nothing ----------------------------------------------------------


def test_every_refusal_leaves_the_state_unchanged():
    fresh = new(["Ada", "Bo"])
    mid = roll(fresh, 3, 3, 4, 4, 1, 1, 2, 5, "FOR")
    fixed = keep(mid, 3)
    full = keep(roll(new(), 3, 3, 3, 3, 3, 3, 3, "FOR", "GET"), 3)
    cases = [
        (fresh, {"type": "stop"}, "must_roll_first"),
        (fresh, {"type": "set_aside", "dice": [0, 1]}, "must_roll_first"),
        (fresh, {"type": "roll", "faces": [1] * 8}, "bad_faces"),
        (fresh, {"type": "roll", "faces": ["IT"] * 4 + [1] * 5}, "too_many_syllables"),
        (fresh, {"type": "jump"}, "bad_action"),
        (mid, {"type": "set_aside", "dice": showing(mid, 3)[:1]}, "need_pair"),
        (mid, {"type": "set_aside", "dice": showing(mid, 3)[:1] + showing(mid, 4)[:1]}, "mixed_numbers"),
        (mid, {"type": "set_aside", "dice": [0, 0]}, "bad_dice"),
        (mid, {"type": "set_aside", "dice": []}, "nothing_set_aside"),
        (mid, {"type": "roll", "faces": [1] * 9}, "bad_faces"),
        (mid, {"type": "roll", "faces": [1, 1, 1, 1, 1, "FOR", "FOR", "FOR"]}, "too_many_syllables"),
        (fixed, {"type": "set_aside", "dice": showing(fixed, 4)}, "wrong_number"),
        (fixed, {"type": "set_aside", "dice": showing(mid, 3)}, "die_not_showing"),
        (full, {"type": "roll", "faces": [1] * 8}, "bad_faces"),
        (full, {"type": "roll", "faces": [1, 1, 1, 1, 1, 1, 1, 1, 3.0]}, "bad_faces"),
        (full, {"type": "set_aside", "dice": [0]}, "die_not_showing"),
    ]
    for state, action, code in cases:
        refused(state, action, code)


def test_apply_does_not_mutate_its_input():
    state = roll(new(), 3, 3, 4, 4, 1, 1, 2, 5, "FOR")
    before = json.dumps(state, sort_keys=True)
    after = keep(state, 3)
    after = stop(after)
    assert json.dumps(state, sort_keys=True) == before
    assert after != state


# --- records, replay, undo ---------------------------------------------------------


def record_with(state, actions):
    return dict(engine.record_of(state), actions=list(actions))


def test_record_of_a_new_game():
    state = new(["Ada", "Bo"], seed=42, physical=True)
    assert engine.record_of(state) == {
        "format": "wortwurf-record",
        "version": 1,
        "game": "forgetit",
        "players": ["Ada", "Bo"],
        "options": {"physical": True, "computer": []},
        "seed": 42,
        "actions": [],
    }


def test_replay_rebuilds_the_state_and_log():
    start = new(["Ada", "Bo"], seed=5)
    actions = [
        {"type": "roll", "faces": [3, 3, 4, 4, 1, 1, 2, 5, "FOR"]},
        {"type": "set_aside", "dice": None},
        {"type": "stop"},
    ]
    state = roll(start, 3, 3, 4, 4, 1, 1, 2, 5, "FOR")
    actions[1]["dice"] = showing(state, 3)
    state = stop(set_aside(state, showing(state, 3)))
    replayed = engine.replay(record_with(start, actions))
    assert replayed["state"] == state
    assert len(replayed["log"]) == 4
    assert replayed["log"][0] == [{"e": "started", "start": start["start"]}]
    assert replayed["log"][3][0]["e"] == "stopped" and replayed["log"][3][0]["points"] == 6


def test_undo_set_aside_stop_and_a_roll_of_real_dice_typed_in():
    start = new(["Ada", "Bo"], seed=9)
    after_roll = roll(start, 3, 3, 4, 4, 1, 1, 2, 5, "FOR")
    threes = showing(after_roll, 3)
    after_aside = set_aside(after_roll, threes)
    after_stop = stop(after_aside)
    actions = [
        {"type": "roll", "faces": [3, 3, 4, 4, 1, 1, 2, 5, "FOR"]},
        {"type": "set_aside", "dice": threes},
        {"type": "stop"},
    ]
    record = record_with(start, actions)
    kept = json.dumps(record, sort_keys=True)
    assert engine.replay(record)["state"] == after_stop

    undone = engine.undo(record)  # the stop
    assert json.dumps(record, sort_keys=True) == kept  # undo leaves its input alone
    assert undone["record"]["actions"] == actions[:2]
    assert undone["state"] == after_aside
    assert len(undone["log"]) == 3
    assert stop(undone["state"]) == after_stop  # the same action again: identical

    undone = engine.undo(undone["record"])  # the set-aside
    assert undone["record"]["actions"] == actions[:1]
    assert undone["state"] == after_roll
    assert set_aside(undone["state"], threes) == after_aside

    corrected = engine.undo(undone["record"])  # real dice still lie on the table: a typed roll may be corrected
    assert corrected["record"]["actions"] == [] and corrected["state"]["turn"] == start["turn"]
    with pytest.raises(IllegalAction) as caught:
        engine.undo(record_with(start, []))
    assert caught.value.code == "nothing_to_undo"


def test_undo_a_keyed_roll_is_refused_and_a_stop_after_it_reproduces():
    start = digital(seed=1234)
    record = record_with(start, [{"type": "roll"}])
    with pytest.raises(IllegalAction) as caught:
        engine.undo(record)
    assert caught.value.code == "nothing_to_undo"
    state = engine.replay(record)["state"]
    assert state["turn"]["rolls"] == 1  # this seed's first roll does not bust
    record = record_with(start, [{"type": "roll"}, {"type": "stop"}])
    after = engine.replay(record)["state"]
    assert after["pad"][after["last_turn"]["player"]] == [{"points": 0, "bust": False}]
    undone = engine.undo(record)
    assert undone["state"] == state
    assert stop(undone["state"]) == after


# --- keyed randomness ---------------------------------------------------------------


def play_keyed(seed, steps=60):
    """A deterministic sequence of unstated rolls and the first legal set-aside."""
    state = digital(["Ada", "Bo", "Cem"], seed=seed)
    actions = []
    for i in range(steps):
        legal = engine.legal_actions(state)
        asides = [a for a in legal if a["type"] == "set_aside"]
        if asides and i % 3 == 1:
            action = asides[0]
        elif state["turn"]["rolls"] >= 3:
            action = {"type": "stop"}
        else:
            action = {"type": "roll"}
        actions.append(action)
        state = engine.apply(state, action)
    return state, actions


def test_same_seed_same_actions_same_state():
    a, actions_a = play_keyed(2024)
    b, actions_b = play_keyed(2024)
    assert actions_a == actions_b
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert a["turn_index"] > 5


def test_keyed_rolls_reproduce_on_replay():
    state, actions = play_keyed(77)
    record = record_with(digital(["Ada", "Bo", "Cem"], seed=77), actions)
    assert engine.replay(record)["state"] == state


def test_different_seeds_roll_differently():
    firsts = set()
    for seed in range(20):
        state = engine.apply(digital(seed=seed), {"type": "roll"})
        firsts.add(json.dumps(state["events"][0]["faces"]))
    assert len(firsts) > 1


def test_keyed_roll_faces_are_plausible():
    for seed in range(30):
        state = engine.apply(digital(seed=seed), {"type": "roll"})
        faces = state["events"][0]["faces"]
        assert len(faces) == 9
        assert all(f in (1, 2, 3, 4, 5) or f in SYL for f in faces)
        assert all(faces.count(s) <= 3 for s in SYL)
        dice = state["last_turn"]["dice"] if state["turn"]["rolls"] == 0 else state["turn"]["dice"]
        assert all(d["face"] == d["kind"] for d in dice if d["face"] in SYL)


def test_rerolls_in_a_turn_roll_afresh():
    changed = 0
    for seed in range(10):
        first = engine.apply(digital(seed=seed), {"type": "roll"})
        second = engine.apply(first, {"type": "roll"})
        if first["turn"]["rolls"] == 0 or second["turn"]["rolls"] == 0:
            continue  # busted
        hand = turn(first)["hand"]
        before = [first["turn"]["dice"][s]["face"] for s in hand]
        after = [second["turn"]["dice"][s]["face"] for s in hand]
        changed += before != after
    assert changed >= 3


def test_a_roll_shows_the_same_faces_whatever_was_set_aside_before():
    # Faces are keyed to the game's seed and position, so undoing a set-aside and
    # rolling cannot show other faces than rolling after the set-aside would.
    checked = 0
    for seed in range(40):
        first = engine.apply(digital(seed=seed), {"type": "roll"})
        asides = [a for a in engine.legal_actions(first) if a["type"] == "set_aside"]
        if not asides:
            continue
        kept = engine.apply(first, asides[0])
        without = engine.apply(first, {"type": "roll"})
        with_aside = engine.apply(kept, {"type": "roll"})
        if without["turn"]["rolls"] == 0 or with_aside["turn"]["rolls"] == 0:
            continue  # a bust ended the turn
        hand = turn(kept)["hand"]
        assert [with_aside["turn"]["dice"][s]["face"] for s in hand] == [without["turn"]["dice"][s]["face"] for s in hand]
        checked += 1
    assert checked >= 5


def test_the_view_names_the_dice_that_may_be_set_aside_now():
    state = roll(new(["Ada"]), 3, 3, 4, 1, 1, 2, 5, 5, "FOR")
    dice = engine.view(state)["turn"]["dice"]
    assert {dice[s]["face"] for s in engine.view(state)["turn"]["settable"]} == {3, 1, 5}  # pairs, before a number
    state = set_aside(state, showing(state, 3))
    state = roll(state, 3, 4, 1, 2, 5, "GET")
    turn = engine.view(state)["turn"]
    assert [turn["dice"][s]["face"] for s in turn["settable"]] == [3]  # then only the turn's number
