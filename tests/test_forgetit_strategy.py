"""FOR-GET-IT's solved turn, its advice and its computer players, checked against the engine itself.

The solver has its own model of a turn; these tests hold it to the rules as the engine plays them: every
face a roll can show is put through the engine, every legal action after it is valued, and the best of them
must give back the solver's value. Whole turns are then played through the engine by the computer players.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import types
from functools import cache
from itertools import product
from pathlib import Path
from math import comb, prod
from unittest.mock import patch

import pytest

from forgetit_rolls import dice_showing, roll
from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.forgetit import players, rules as forgetit, solver as strategy

FACES = (1, 2, 3, 4, 5, "SYL")


def new(players=("Ada",), seed=7, **options):
    return engine.new_game("forgetit", list(players), options or None, seed)


def hand(state):
    return [slot for slot, die in enumerate(state["turn"]["dice"]) if not die["aside"]]


def best(state):
    return strategy.options(state)[0]["value"]


def roll_value(state):
    return next(o["value"] for o in strategy.options(state) if o["action"] == {"type": "roll"})


def action_value(state, action):
    """What an action is worth, by the solver, once taken in the engine."""
    if action["type"] == "stop":
        return engine.apply(state, action)["pad"][0][-1]["points"]
    if action["type"] == "roll":
        return roll_value(state)
    return best(engine.apply(state, action))


def roll_each(state, faces):
    """The engine's own roll, with each die in hand showing the face given for it (faces stated at the table
    are a multiset, which cannot say which die shows a number)."""
    by_slot = dict(zip(hand(state), faces))
    with patch.object(forgetit, "_keyed_face", lambda _state, slot, kind: kind if by_slot[slot] == "SYL" else by_slot[slot]):
        return engine.apply(state, {"type": "roll"})


def enumerated_roll_value(state):
    """Rolling the hand, every face of every die put through the engine; after each roll, the best legal
    action (partial set-asides included) valued by the solver."""
    slots = hand(state)
    total = 0.0
    for faces in product(FACES, repeat=len(slots)):
        after = roll_each(state, faces)
        if after["pad"][0]:  # the roll busted the turn
            continue
        total += max(action_value(after, action) for action in engine.legal_actions(after)) / 6 ** len(slots)
    return total


def position_with_hand(size, number=None, syllables=(), physical=False):
    """A first pass set up by stated faces: `syllables` rolled aside, a pair of `number` collected (if given),
    the rest of the nine rolled as other numbers and set aside too, until `size` dice are left in hand."""
    state = new(physical=physical) if physical else new()
    faces = list(syllables)
    if number:
        faces += [number, number]
    filler = [n for n in (1, 2, 3, 4, 5) if n != number]
    faces += [filler[i % len(filler)] for i in range(9 - len(faces))]
    state = roll(state, *faces)
    if number:
        state = engine.apply(state, {"type": "set_aside", "dice": [s for s in hand(state)
                                                                  if state["turn"]["dice"][s]["face"] == number][:2]})
    while len(hand(state)) > size:  # re-roll all but `size` dice into the number, one by one
        assert number, "a hand is only narrowed once a number is collected"
        others = hand(state)
        state = roll(state, *([number] + [filler[0]] * (len(others) - 1)))
        showing = [s for s in hand(state) if state["turn"]["dice"][s]["face"] == number]
        state = engine.apply(state, {"type": "set_aside", "dice": showing[:1]})
    return state


@pytest.mark.parametrize("size, number, syllables", [
    (1, 3, ()), (2, 5, ()), (2, 4, ("FOR",)), (3, 2, ("FOR", "GET")), (3, 1, ()), (4, 5, ("IT",)),
])
def test_the_roll_value_is_what_every_outcome_in_the_engine_gives(size, number, syllables):
    state = position_with_hand(size, number, syllables)
    assert len(hand(state)) == size
    assert roll_value(state) == pytest.approx(enumerated_roll_value(state), abs=1e-9)


@pytest.mark.parametrize("syllables", [("FOR", "GET", "GET", "FOR"), ("IT", "IT", "FOR", "FOR")])
def test_before_a_number_the_roll_value_is_what_every_outcome_gives(syllables):
    state = roll(new(), *syllables, 1, 2, 3, 4, 5)
    assert state["turn"]["number"] is None and len(hand(state)) == 5
    assert roll_value(state) == pytest.approx(enumerated_roll_value(state), abs=1e-9)


@pytest.mark.parametrize("physical", [False, True], ids=["seen", "real dice"])
def test_after_the_last_die_all_nine_are_picked_up_again(physical):
    state = position_with_hand(1, 4, physical=physical)
    state = roll(state, 4)
    state = engine.apply(state, {"type": "set_aside", "dice": hand(state)})
    assert not hand(state)
    count = state["turn"]["count"]
    stop_then = next(o for o in strategy.options(state) if o["action"] == {"type": "stop"})
    assert stop_then["value"] == 4 * count * engine.view(state)["turn"]["multiplier"]
    solved = strategy.EXPECTED_UNSEEN if physical else strategy.EXPECTED
    assert roll_value(state) == pytest.approx(solved.collecting(4, count, solved.fresh)[1])


@pytest.mark.parametrize("seen", [True, False], ids=["seen", "real dice"])
def test_the_cap_on_the_count_does_not_move_the_values(monkeypatch, seen):
    solved = strategy.EXPECTED if seen else strategy.EXPECTED_UNSEEN
    start = solved.choosing(solved.fresh)
    monkeypatch.setattr(strategy, "CAP", 90)
    wider = strategy.Turn(strategy.EXPECTED.stop, 0.0, linear=True, seen=seen)
    assert wider.choosing(wider.fresh) == pytest.approx(start, abs=1e-9)


def test_the_solution_module_holds_the_same_values(monkeypatch):
    # Solved afresh: positions other tests asked about (damaged states too) stay out of the comparison.
    monkeypatch.setattr(strategy, "EXPECTED", strategy.Turn(strategy.EXPECTED.stop, 0.0, linear=True))
    text = strategy.solution_module()
    solved = (dict(strategy.EXPECTED.rolling), dict(strategy.EXPECTED.before))
    module = types.ModuleType("wortwurf.games.forgetit.tables.solution")
    exec(text, module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(strategy, "EXPECTED", strategy.Turn(strategy.EXPECTED.stop, 0.0, linear=True))
    strategy._bring_solution.cache_clear()
    assert strategy._bring_solution()
    assert (strategy.EXPECTED.rolling, strategy.EXPECTED.before) == solved
    strategy._bring_solution.cache_clear()


# --- advice ----------------------------------------------------------------------------------------


def test_advice_ranks_every_choice_and_doubles_in_the_last_two_rounds():
    state = roll(new(), "FOR", 5, 5, 5, 2, 2, 1, 3, 4)
    shown = engine.hint(state)
    values = [o["value"] for o in shown["options"]]
    assert values == sorted(values, reverse=True) and shown["best"] == values[0]
    kinds = {(o["action"]["type"], len(o["action"].get("dice", ()))) for o in shown["options"]}
    assert kinds == {("roll", 0), ("stop", 0), ("set_aside", 2), ("set_aside", 3)}  # fives (2, 3) and twos (2)
    assert len(shown["options"]) == 5
    assert shown["options"][0]["action"]["type"] == "set_aside"
    assert [state["turn"]["dice"][s]["face"] for s in shown["options"][0]["action"]["dice"]] == [5, 5, 5]
    late = dict(state, turn_index=10)  # solo: turn 11 is round 11
    assert engine.hint(late)["best"] == pytest.approx(2 * shown["best"])


def test_no_advice_once_the_game_is_over():
    state = new()
    for _ in range(12):
        state = roll(state, "FOR", "GET", "IT", 1, 1, 1, 1, 1, 1)
    assert state["over"] and engine.hint(state) == {"options": [], "best": None}


# --- computer players ------------------------------------------------------------------------------


def play_turn(state, policy):
    """One whole turn through the engine, each action chosen by `policy`; the points it scored."""
    player, turns = engine.view(state)["current"], len(state["pad"][0])
    while len(state["pad"][player]) == turns:
        state = engine.apply(state, policy(state))
    return state["pad"][player][-1]["points"]


def test_the_optimal_player_scores_what_the_solution_expects_over_5000_turns():
    scores = [play_turn(new(seed=seed), players.optimal) for seed in range(5_000)]
    error = statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(statistics.mean(scores) - strategy.EXPECTED.choosing(strategy.FRESH)) < 4 * error


def test_cautious_stops_when_the_next_roll_could_bust_and_reckless_plays_for_six():
    state = roll(new(), "FOR", "GET", 4, 4, 1, 2, 3, 5, 1)
    fours = [slot for slot in hand(state) if state["turn"]["dice"][slot]["face"] == 4]
    assert players.cautious(state) == players.reckless(state) == {"type": "set_aside", "dice": fours}
    state = engine.apply(state, players.cautious(state))
    assert any(state["turn"]["dice"][slot]["kind"] == "IT" for slot in hand(state))
    assert players.cautious(state) == {"type": "stop"}  # an IT die is in hand: the next roll could bust
    assert players.reckless(state) == {"type": "roll"}  # two of six
    calm = roll(new(), "FOR", 4, 4, 1, 2, 3, 5, 1, 2)
    calm = engine.apply(calm, players.cautious(calm))
    assert players.cautious(calm) == {"type": "roll"}


def test_computer_seats_are_options_of_the_game():
    state = new(["Ada", "Bot"], computer=[0, 3])
    if engine.view(state)["current"] == 0:
        with pytest.raises(IllegalAction) as caught:
            engine.computer_action(state)
        assert caught.value.code == "not_computer"
        state = engine.apply(state, {"type": "roll"})
        state = engine.apply(state, {"type": "stop"})
    assert engine.computer_action(state) == {"type": "roll"}
    for bad in ({"computer": [3]}, {"computer": [0, 4]}, {"computer": [0, 3], "physical": True}):
        with pytest.raises(IllegalAction) as caught:
            new(["Ada", "Bo"], **bad)
        assert caught.value.code == "bad_option"


def test_a_game_of_computer_players_runs_to_the_end():
    state = new(["A", "B", "C"], seed=3, computer=[1, 2, 3])
    while not state["over"]:
        state = engine.apply(state, engine.computer_action(state))
    assert len(engine.result(state)["scores"]) == 3 and all(len(column) == 12 for column in state["pad"])


def test_the_review_of_a_turn_names_what_each_decision_gave_away():
    state = new(["Ada", "Bo"], seed=11)
    record = engine.record_of(state)
    assert engine.review(record) is None
    first = roll(state, "FOR", 5, 5, 5, 2, 2, 1, 3, 4)
    fives = [s for s in hand(first) if first["turn"]["dice"][s]["face"] == 5]
    twos = [s for s in hand(first) if first["turn"]["dice"][s]["face"] == 2]
    actions = [{"type": "roll"}, {"type": "set_aside", "dice": twos}, {"type": "stop"}]
    with dice_showing(state, ["FOR", 5, 5, 5, 2, 2, 1, 3, 4]):  # the recorded roll, replayed
        shown = engine.review(dict(record, actions=actions))
    after_twos = engine.apply(first, actions[1])
    assert [d["action"] for d in shown["decisions"]] == actions[1:]
    assert shown["decisions"][0]["best"] == best(first)  # three fives, rolling on
    assert shown["decisions"][0]["value"] == best(after_twos)
    assert shown["decisions"][1]["value"] == shown["points"] == 2 * 2
    assert shown["decisions"][1]["lost"] == pytest.approx(best(after_twos) - 4)
    assert shown["lost"] == pytest.approx(best(first) - 4) and shown["player"] == state["start"]
    assert fives and strategy.options(first)[0]["action"] == {"type": "set_aside", "dice": fives}
    with pytest.raises(IllegalAction) as caught:
        engine.review(dict(record, game="frigiti"))
    assert caught.value.code == "no_hint"
    with pytest.raises(IllegalAction) as caught:
        engine.review(dict(record, actions=[{"type": "stop"}]))  # stopping before rolling: not a game
    assert caught.value.code == "corrupt_save"


# --- real dice: which syllables the numbers in hand carry is not known ---------------------------------------


def twin_turns(games):
    """Turns played twice over: by a digital game, which rolls its own dice, and by a game with real dice, told
    only the faces. Dice of a number are set aside by their number alone (random ones in the digital game, the
    first in the other), never by syllable. Yields (the real-dice game before a roll, what the roll showed)."""
    rng = random.Random(5)
    for game in range(games):
        digital, physical = new(seed=game), new(seed=game, physical=True)
        for _ in range(12):
            before = digital["turn_index"]
            digital = engine.apply(digital, {"type": "roll"})
            shown = digital["events"][0]["faces"]
            yield physical, shown
            physical = engine.apply(physical, {"type": "roll", "faces": sorted(shown, key=str)})
            if digital["turn_index"] > before:
                break  # bust: the same in both
            numbers = sorted({digital["turn"]["dice"][s]["face"] for s in hand(digital)})
            number = digital["turn"]["number"] or (rng.choice(numbers) if numbers else None)
            showing = [s for s in hand(digital) if digital["turn"]["dice"][s]["face"] == number]
            least = 1 if digital["turn"]["number"] else 2
            if number and len(showing) >= least and rng.random() < 0.8:
                taken = rng.sample(showing, rng.randint(least, len(showing)))
                digital = engine.apply(digital, {"type": "set_aside", "dice": taken})
                typed = [s for s in hand(physical) if physical["turn"]["dice"][s]["face"] == number]
                physical = engine.apply(physical, {"type": "set_aside", "dice": typed[:len(taken)]})


def test_with_real_dice_the_syllables_a_roll_shows_are_as_likely_as_the_unseen_model_says():
    """What the model of unseen syllables expects the next roll to show (per syllable: its pool, whether it is
    aside, how many fell), summed over many positions, is what the digital game's own dice showed."""
    predicted, seen = {}, {}
    for physical, shown in twin_turns(2000):
        in_hand, pools = strategy._position(physical)
        if physical["turn"]["rolls"] == 0 or in_hand == 0:
            continue  # a fresh hand of all nine: nothing unseen
        by_kind = {kind: sum(d["aside"] and d["face"] == kind for d in physical["turn"]["dice"]) for kind in
                   forgetit.SYLLABLES}
        fell = tuple(sorted((3 - by_kind[k], by_kind[k] > 0, shown.count(k)) for k in forgetit.SYLLABLES))
        seen[in_hand, fell] = seen.get((in_hand, fell), 0) + 1
        for chance, syllables in strategy._unseen_syllables((in_hand, pools)):
            key = in_hand, tuple(sorted((pool, aside, n) for (pool, aside), n in zip(pools, syllables)))
            predicted[key] = predicted.get(key, 0) + chance
    assert sum(seen.values()) > 5000 and len(seen) > 40
    for key in predicted.keys() | seen.keys():
        expected = predicted.get(key, 0)
        assert abs(seen.get(key, 0) - expected) <= 4 * expected ** 0.5 + 3, (key, seen.get(key), expected)


def decisions(state):
    """Every choice open: the legal actions and, with real dice, rolling on (which the engine takes with the
    faces the table sees, so it lists no roll)."""
    return engine.legal_actions(state) + [{"type": "roll"}]


def enumerated_unseen_roll_value(state):
    """Rolling the hand of a real-dice game: every way the unseen syllables may be split over the hand (as
    likely as the dice allow), every face of every die typed into the engine, then the best legal action."""
    dice = state["turn"]["dice"]
    pools = {k: 3 - sum(d["aside"] and d["face"] == k for d in dice) for k in forgetit.SYLLABLES}
    size = len(hand(state))
    ways = comb(sum(pools.values()), size)
    total = 0.0
    for split in product(*(range(pools[k] + 1) for k in forgetit.SYLLABLES)):
        if sum(split) != size:
            continue
        chance = prod(comb(pools[k], n) for k, n in zip(forgetit.SYLLABLES, split)) / ways
        kinds = [k for k, n in zip(forgetit.SYLLABLES, split) for _ in range(n)]
        for faces in product(*([1, 2, 3, 4, 5, kind] for kind in kinds)):
            after = roll(state, *faces)
            if after["pad"][0]:  # the roll busted the turn
                continue
            total += chance * max(action_value(after, a) for a in decisions(after)) / 6 ** size
    return total


@pytest.mark.parametrize("size, number, syllables", [
    (1, 3, ()), (2, 5, ("FOR",)), (3, 2, ("FOR", "GET")), (3, 4, ("IT",)), (2, 1, ("GET", "GET")),
])
def test_with_real_dice_the_roll_value_is_what_every_unseen_split_and_face_gives(size, number, syllables):
    state = position_with_hand(size, number, syllables, physical=True)
    assert len(hand(state)) == size
    assert roll_value(state) == pytest.approx(enumerated_unseen_roll_value(state), abs=1e-9)


def test_with_real_dice_before_a_number_the_roll_value_is_what_every_face_gives():
    state = roll(new(physical=True), "IT", "GET", "GET", "IT", 1, 2, 3, 4, 5)
    assert state["turn"]["number"] is None and len(hand(state)) == 5
    assert roll_value(state) == pytest.approx(enumerated_unseen_roll_value(state), abs=1e-9)


class TruePlay:
    """The play of the real-dice solution valued on the game itself: a position here knows, per syllable, how
    many dice in hand carry it, besides what the solution keeps (the pool and whether it is aside), as
    (in hand, pool, aside) per syllable, sorted. Every choice is the solution's, made from what it keeps."""

    FRESH = ((3, 3, False),) * 3

    def __init__(self):
        self.solved = strategy.Turn(strategy.EXPECTED.stop, 0.0, linear=True, seen=False)
        self.rolled, self.chose = {}, {}

    @staticmethod
    @cache  # (the same few hundred positions, asked a million times)
    def unseen(position):
        return sum(h for h, _, _ in position), tuple(sorted((pool, aside) for _, pool, aside in position))

    @staticmethod
    def rolls(position, per_kind):
        joint = [(1.0, ())]
        for in_hand, _, _ in position:
            joint = [(p * q, before + (tuple(roll),)) for p, before in joint for q, *roll in per_kind(in_hand)]
        return joint

    def collecting(self, count, position):
        """The number 1, `count` dice of it: stop or roll on as the solution says."""
        stop, roll_on = self.solved.collecting(1, count, self.unseen(position))
        return float(strategy.unit_score(count)) if stop >= roll_on else self.roll_on(count, position)

    def roll_on(self, count, position):
        if count >= strategy.CAP:
            return 0.0
        if all(h == 0 for h, _, _ in position):
            position = self.FRESH
        if (count, position) not in self.rolled:
            total, same = 0.0, 0.0
            for p, rolls in self.rolls(position, strategy._kind_rolls):
                aside = [was or fell > 0 for (_, _, was), (fell, _) in zip(position, rolls)]
                hits = sum(hit for _, hit in rolls)
                if all(aside):
                    continue
                if hits == 0 and not any(fell for fell, _ in rolls):
                    same += p
                    continue
                after = tuple(sorted((h - fell - hit, pool - fell, now)
                                     for (h, pool, _), (fell, hit), now in zip(position, rolls, aside)))
                total += p * self.collecting(count + hits, after)
            self.rolled[count, position] = total / (1 - same)
        return self.rolled[count, position]

    def choosing(self, position):
        """Before a number: after each roll the solution starts its best number or rolls on."""
        if position not in self.chose:
            total, same = 0.0, 0.0
            for p, rolls in self.rolls(position, strategy._kind_faces):
                aside = [was or fell > 0 for (_, _, was), (fell, _) in zip(position, rolls)]
                if all(aside):
                    continue
                fell = any(fell for fell, _ in rolls)
                left = tuple((h - n, pool - n, now) for (h, pool, _), (n, _), now in zip(position, rolls, aside))
                starts = []
                for number, hits in zip(strategy.NUMBERS, map(sum, zip(*(per for _, per in rolls)))):
                    if hits >= 2:
                        after = tuple(sorted((h - per[number - 1], pool, now) for (h, pool, now), (_, per) in
                                             zip(left, rolls)))
                        starts.append((max(self.solved.collecting(number, hits, self.unseen(after))), number, hits, after))
                rolling_on = self.solved.choosing(self.unseen(tuple(sorted(left))))
                if starts and max(starts)[0] > rolling_on:
                    _, number, hits, after = max(starts)
                    total += p * number * self.collecting(hits, after)
                elif fell:
                    total += p * self.choosing(tuple(sorted(left)))
                else:
                    same += p
            self.chose[position] = total / (1 - same)
        return self.chose[position]


def test_with_real_dice_the_solution_brings_what_it_expects_when_valued_on_every_dies_syllable():
    """The unseen model's assumption, checked exactly: its play, valued by the game itself with every die's
    syllable known, brings what the model says at the start, and at every position with a number (averaged
    over the hands the model allows)."""
    play = TruePlay()
    assert play.choosing(play.FRESH) == pytest.approx(play.solved.choosing(strategy.UNSEEN_FRESH), abs=1e-9)
    checked = 0
    for (number, count, (in_hand, pools)), value in list(play.solved.rolling.items()):
        if count > 12 or in_hand == 0:
            continue
        sizes = [pool for pool, _ in pools]
        mean = 0.0
        for split in product(*(range(size + 1) for size in sizes)):
            if sum(split) == in_hand:
                chance = prod(comb(size, taken) for size, taken in zip(sizes, split)) / comb(sum(sizes), in_hand)
                mean += chance * play.roll_on(count, tuple(sorted(
                    (taken, pool, aside) for taken, (pool, aside) in zip(split, pools))))
        assert mean == pytest.approx(value, abs=1e-9)
        checked += 1
    assert checked > 300


def test_with_real_dice_playing_by_the_advice_scores_what_it_expects_over_3000_turns():
    """Turns rolled by a digital game and typed into a real-dice game, which plays by its own advice (dice of a
    number set aside at random among those showing it): the mean is the unseen solution's value at the start,
    below what seeing every die's syllable is worth."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from bench import forgetit_real_dice_turns  # the bench's figure plays the same way, over more turns

    scores, _ = forgetit_real_dice_turns(3000)
    error = statistics.stdev(scores) / len(scores) ** 0.5
    unseen = strategy.EXPECTED_UNSEEN.choosing(strategy.UNSEEN_FRESH)
    assert abs(statistics.mean(scores) - unseen) < 4 * error
    assert unseen < strategy.EXPECTED.choosing(strategy.FRESH) - 3


def test_with_real_dice_the_advice_does_not_depend_on_syllables_nobody_saw():
    """The engine has to give the typed-in numbers to some dice; which dice it chose must not change the advice,
    and a set-aside is offered once per number and count."""
    state = roll(new(physical=True), "FOR", 3, 3, 3, 5, 5, 1, 2, 4)
    threes = [s for s in hand(state) if state["turn"]["dice"][s]["face"] == 3]
    fives = [s for s in hand(state) if state["turn"]["dice"][s]["face"] == 5]
    dice = state["turn"]["dice"]
    assert dice[threes[0]]["kind"] != dice[fives[-1]]["kind"]
    swapped = json.loads(json.dumps(state))
    one, other = swapped["turn"]["dice"][threes[0]], swapped["turn"]["dice"][fives[-1]]
    one["kind"], other["kind"] = other["kind"], one["kind"]
    advice, advice_swapped = strategy.options(state), strategy.options(swapped)
    assert [(o["action"], round(o["value"], 9)) for o in advice] == [
        (o["action"], round(o["value"], 9)) for o in advice_swapped]
    asides = [(len(o["action"]["dice"]), dice[o["action"]["dice"][0]]["face"]) for o in advice
              if o["action"]["type"] == "set_aside"]
    assert sorted(asides) == [(2, 3), (2, 5), (3, 3)]
    digital = roll(new(), "FOR", 3, 3, 3, 5, 5, 1, 2, 4)
    assert strategy.options(digital) != advice  # seeing the syllables changes what the choices are worth
