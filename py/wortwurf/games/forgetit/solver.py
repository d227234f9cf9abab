"""FOR-GET-IT's turn solved exactly, the advice read from the solution, and the review of a finished turn.

A turn is a small Markov decision process. What matters of a position is the number being collected (or none
yet), how many dice of it the turn holds, and for each syllable kind how many of its dice are in hand and
whether its syllable is set aside already. The three kinds are alike, so a position keeps its kinds sorted.
Every turn score is the number times a function of the count (times two in rounds 11 and 12), so the solution
is worked out once for the number 1 and scaled.

Two facts keep it small and exact (both checked by the tests):
- Setting aside every showing die of the turn's number is never worse than keeping some back: a die kept can
  later give the same die or a syllable, nothing better. So after a roll the choice is which number to start
  with (the first time), then roll on or stop.
- The one kind of roll that changes nothing (no syllable, none of the number) leads back to the same position,
  so a position's value v solves v = max(stop, a + q·v), in closed form. Before a number is chosen, a roll
  without a syllable may also start one or not; a few exact rounds settle which starts beat rolling on.

Which dice of a number are set aside matters (the syllables their dice carry decide what can still fall), so
the page shows each die's syllable and the advice names the dice. With real dice the app is told only faces,
and the player does not track which die is which: that turn is solved on its own, with positions that keep
what can be known (see UNSEEN_FRESH). It is smaller, and solved when first asked.

A count of CAP or more is scored as a stop: reaching it takes several passes of all nine dice, and the tests
show the values do not move when CAP grows.
"""

from __future__ import annotations

import json
from functools import lru_cache, reduce
from itertools import combinations_with_replacement, product
from math import comb, factorial
from typing import Iterator, NamedTuple

from ...budget import check as check_time
from .rules import (
    DICE_PER_SYLLABLE, DOUBLED_ROUNDS, NUMBERS, SYLLABLES, apply, multiplier, round_number,
)

CAP = 60
# Steps of a solve between looks at the time budget (`wortwurf.budget`): out of time, a solve stops with
# OutOfTime. Only whole values are remembered (each is written once worked out), so the next call goes on.
TIME_LOOKS_EVERY = 128
SIDE = 1 / 6
FRESH = ((DICE_PER_SYLLABLE, False),) * len(SYLLABLES)  # every die in hand, no syllable aside


def unit_score(count: int) -> int:
    """A stop's score for the number 1."""
    return count * multiplier(count)


def position(hand: dict, present: dict) -> tuple:
    """A position's kinds, sorted: (dice in hand, syllable set aside) per syllable kind."""
    return tuple(sorted((hand[kind], present[kind]) for kind in SYLLABLES))


# --- the solution ----------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _kind_rolls(in_hand: int) -> tuple:
    """(probability, syllables, dice of the number) for rolling `in_hand` dice of one kind."""
    rolls = []
    for syllables in range(in_hand + 1):
        for hits in range(in_hand - syllables + 1):
            others = in_hand - syllables - hits
            ways = comb(in_hand, syllables) * comb(in_hand - syllables, hits)
            rolls.append((ways * SIDE ** (syllables + hits) * (4 * SIDE) ** others, syllables, hits))
    return tuple(rolls)


@lru_cache(maxsize=None)
def _kind_faces(in_hand: int) -> tuple:
    """(probability, syllables, dice per number 1-5) for rolling `in_hand` dice of one kind."""
    faces = {}
    for roll in product(range(len(NUMBERS) + 1), repeat=in_hand):  # 0 is the syllable
        key = (roll.count(0), tuple(roll.count(n) for n in NUMBERS))
        faces[key] = faces.get(key, 0) + SIDE ** in_hand
    return tuple((p, syllables, per_number) for (syllables, per_number), p in faces.items())


def _joint(kinds: tuple, per_kind) -> Iterator[tuple[float, tuple]]:
    """(probability, one roll per kind) for rolling the hand, one at a time (the fresh hand has 30,856: a
    solve stopped out of time goes on from where it was). Kinds that are alike (same dice in hand, same
    syllable state; they sit next to each other) are rolled as an unordered group, which gives the same
    positions far fewer times."""
    groups = []  # (kinds alike, rolls of one of them)
    for kind in kinds:
        if groups and groups[-1][0][0] == kind:
            groups[-1][0].append(kind)
        else:
            groups.append(([kind], per_kind(kind[0])))

    def rolled(group: int, p: float, before: tuple):
        if group == len(groups):
            yield p, before
            return
        alike, rolls = groups[group]
        for chosen in combinations_with_replacement(range(len(rolls)), len(alike)):
            yield from rolled(group + 1, p * _ways(chosen) * _product(rolls[i][0] for i in chosen),
                              before + tuple(rolls[i] for i in chosen))

    return rolled(0, 1.0, ())


def _ways(chosen: tuple) -> int:
    """In how many orders the alike kinds can show these rolls."""
    ways = factorial(len(chosen))
    for i in set(chosen):
        ways //= factorial(chosen.count(i))
    return ways


def _product(values) -> float:
    result = 1.0
    for value in values:
        result *= value
    return result


@lru_cache(maxsize=None)
def _rolls_on(kinds: tuple) -> tuple:
    """What rolling the hand does once a number is chosen: (chance of a bust, chance that nothing changes,
    ((chance, dice of the number, kinds after), ...) for the rest, rolls that lead to the same place merged)."""
    bust, same, changed = 0.0, 0.0, {}
    for p, rolls in _joint(kinds, _kind_rolls):
        present = [aside or roll[1] > 0 for (_, aside), roll in zip(kinds, rolls)]
        hits = sum(roll[2] for roll in rolls)
        if all(present):
            bust += p
        elif hits == 0 and not any(roll[1] for roll in rolls):
            same += p
        else:
            after = tuple(sorted((in_hand - roll[1] - roll[2], aside) for (in_hand, _), roll, aside in
                                 zip(kinds, rolls, present)))
            changed[hits, after] = changed.get((hits, after), 0.0) + p
    return bust, same, tuple((p, hits, after) for (hits, after), p in changed.items())


# `_rolls_before` of a hand stopped out of time, to go on from (kinds: the rolls still to come, the sums so far):
# the fresh hand's takes a phone's worker seconds, longer than any one budget.
_UNDER_WAY: dict[tuple, dict] = {}


@lru_cache(maxsize=None)
def _rolls_before(kinds: tuple) -> tuple:
    """What rolling the hand does before a number is chosen: (chance of a bust, ((chance, kinds after, starts),
    ...) for rolls with a syllable, ((chance, starts), ...) for rolls without one), where `starts` are the
    numbers showing at least twice as (number, dice of it, kinds after setting all of them aside)."""
    work = _UNDER_WAY.get(kinds) or _UNDER_WAY.setdefault(
        kinds, {"rolls": _joint(kinds, _kind_faces), "bust": 0.0, "changed": {}, "same": {}})
    bust, changed, same = work["bust"], work["changed"], work["same"]
    for step, (p, rolls) in enumerate(work["rolls"], 1):
        present = [aside or roll[1] > 0 for (_, aside), roll in zip(kinds, rolls)]
        if all(present):
            bust += p
        else:
            starts = tuple((number, hits, _after(kinds, rolls, present, number)) for number in NUMBERS
                           if (hits := sum(roll[2][number - 1] for roll in rolls)) >= 2)
            if any(roll[1] for roll in rolls):
                key = (_after(kinds, rolls, present, None), starts)
                changed[key] = changed.get(key, 0.0) + p
            else:
                same[starts] = same.get(starts, 0.0) + p
        if not step % TIME_LOOKS_EVERY:
            work["bust"] = bust  # (the sums up to here are kept: a later call goes on from them)
            check_time()
    del _UNDER_WAY[kinds]
    return (bust, tuple((p, after, starts) for (after, starts), p in changed.items()),
            tuple((p, starts) for starts, p in same.items()))


def _after(kinds: tuple, rolls: tuple, present: list, number: int | None) -> tuple:
    """The kinds once the syllables rolled (and all dice showing `number`, if given) are set aside."""
    return tuple(sorted((in_hand - roll[1] - (roll[2][number - 1] if number else 0), aside)
                        for (in_hand, _), roll, aside in zip(kinds, rolls, present)))


# With real dice the app is not told which syllable a die showing a number carries. A position then keeps, per
# syllable kind, how many of this pass's dice that showed no syllable carry it (its pool) and whether its
# syllable is aside, and how many dice are in hand: (in hand, ((pool, aside), ...) sorted). The hand is any
# split of the pools, all alike likely, and stays so as the turn goes on: a die shows a number with the same
# chance whatever its syllable, and dice are set aside by their numbers (the tests check both).
UNSEEN_FRESH = (len(SYLLABLES) * DICE_PER_SYLLABLE, FRESH)


@lru_cache(maxsize=None)
def _unseen_syllables(kinds: tuple) -> tuple:
    """((chance, syllables per kind), ...) for rolling a hand drawn unseen from the pools."""
    in_hand, pools = kinds
    sizes = [pool for pool, _ in pools]
    hands = comb(sum(sizes), in_hand)
    shown: dict[tuple, float] = {}
    for split in product(*(range(size + 1) for size in sizes)):
        if sum(split) != in_hand:
            continue
        chance = _product(comb(size, taken) for size, taken in zip(sizes, split)) / hands
        for syllables in product(*(range(taken + 1) for taken in split)):
            p = chance * _product(comb(taken, fell) * SIDE ** fell * (5 * SIDE) ** (taken - fell)
                                  for taken, fell in zip(split, syllables))
            shown[syllables] = shown.get(syllables, 0.0) + p
    return tuple((p, syllables) for syllables, p in shown.items())


@lru_cache(maxsize=None)
def _numbers(dice: int) -> tuple:
    """((chance, dice per number 1-5), ...) for `dice` dice that show numbers."""
    counts: dict[tuple, float] = {(): 1.0}
    for _ in NUMBERS[:-1]:
        counts = {before + (n,): p for before, p in counts.items() for n in range(dice - sum(before) + 1)}
    return tuple((factorial(dice) / _product(factorial(n) for n in per) / len(NUMBERS) ** dice, per)
                 for per in (before + (dice - sum(before),) for before in counts))


@lru_cache(maxsize=None)
def _unseen_falls(kinds: tuple) -> tuple:
    """What the syllables of a roll of a hand drawn unseen from the pools do: (chance of a bust, ((chance,
    whether a syllable fell, dice showing numbers, pools after), ...) for the rest)."""
    in_hand, pools = kinds
    bust, falls = 0.0, []
    for p, syllables in _unseen_syllables(kinds):
        after = tuple(sorted((pool - fell, aside or fell > 0) for (pool, aside), fell in zip(pools, syllables)))
        if all(aside for _, aside in after):
            bust += p
        else:
            falls.append((p, any(syllables), in_hand - sum(syllables), after))
    return bust, tuple(falls)


@lru_cache(maxsize=None)
def _unseen_rolls_on(kinds: tuple) -> tuple:
    """`_rolls_on` for a hand whose syllables are not seen."""
    bust, falls = _unseen_falls(kinds)
    same, changed = 0.0, {}
    for p, fell, rest, after in falls:
        for hits in range(rest + 1):
            q = p * comb(rest, hits) * (1 / len(NUMBERS)) ** hits * (1 - 1 / len(NUMBERS)) ** (rest - hits)
            if hits == 0 and not fell:
                same += q
            else:
                key = (hits, (rest - hits, after))
                changed[key] = changed.get(key, 0.0) + q
    return bust, same, tuple((p, hits, after) for (hits, after), p in changed.items())


@lru_cache(maxsize=None)
def _unseen_rolls_before(kinds: tuple) -> tuple:
    """`_rolls_before` for a hand whose syllables are not seen."""
    bust, falls = _unseen_falls(kinds)
    changed, same = {}, {}
    for p, fell, rest, after in falls:
        for q, per_number in _numbers(rest):
            starts = tuple((number, hits, (rest - hits, after)) for number, hits in zip(NUMBERS, per_number) if hits >= 2)
            if fell:
                key = ((rest, after), starts)
                changed[key] = changed.get(key, 0.0) + p * q
            else:
                same[starts] = same.get(starts, 0.0) + p * q
    return (bust, tuple((p, after, starts) for (after, starts), p in changed.items()),
            tuple((p, starts) for starts, p in same.items()))


def _settled(new: float, old: float) -> bool:
    return abs(new - old) < 1e-12


class Turn:
    """The turn solved for one measure of its outcome, position by position as they are asked (remembered).

    `stop(number, count)` is what stopping is worth, `bust` what a bust is worth; values only need adding,
    scaling and `maximum`, so the same solver runs on numbers (expected points, a chance of winning) and on
    arrays of them (a chance of winning for every score difference at once, see `race`). A `linear`
    measure (expected points) scales with the number, so only the number 1 is solved.
    """

    def __init__(self, stop, bust, linear: bool = False, maximum=max, settled=_settled, seen: bool = True):
        self.stop, self.bust, self.linear, self.maximum, self.settled = stop, bust, linear, maximum, settled
        self.seen = seen  # whether the player sees which syllable each die carries (not with real dice)
        self.fresh = FRESH if seen else UNSEEN_FRESH
        self.rolls_on, self.rolls_before = (_rolls_on, _rolls_before) if seen else (_unseen_rolls_on, _unseen_rolls_before)
        self.rolling: dict[tuple, object] = {}  # (number, count, kinds): the value of rolling on
        self.best: dict[tuple, object] = {}  # (number, count, kinds): the better of stopping and rolling on
        self.before: dict[tuple, object] = {}  # kinds: the value of rolling before a number is chosen
        self.misses = 0  # positions worked out: every so many, a look at the time budget

    def collecting(self, number: int, count: int, kinds: tuple) -> tuple:
        """(stop, roll on) with `count` dice of `number` collected: what stopping brings, and what rolling on
        and playing on at best afterwards brings (for all dice aside: picking all nine up again)."""
        if self.linear and number != 1:
            stop, roll_on = self.collecting(1, count, kinds)
            return number * stop, number * roll_on
        return self.stop(number, count), self._roll_on(number, count, kinds)

    def _roll_on(self, number: int, count: int, kinds: tuple):
        if count >= CAP:
            return self.bust
        if (all(in_hand == 0 for in_hand, _ in kinds) if self.seen else kinds[0] == 0):
            kinds = self.fresh  # all nine aside: rolling on picks them up
        roll_on = self.rolling.get((number, count, kinds))
        if roll_on is None:
            self.misses += 1
            if not self.misses % TIME_LOOKS_EVERY:
                check_time()
            bust, same, changed = self.rolls_on(kinds)
            known, total = self.best, bust * self.bust
            for p, hits, after in changed:  # the innermost loop of every solve: kept plain
                best = known.get((number, count + hits, after))
                total = total + p * (self._best(number, count + hits, after) if best is None else best)
            roll_on = self.rolling[number, count, kinds] = total / (1 - same)
        return roll_on

    def solve(self) -> None:
        """Every position of a turn, solved now (for a `linear` measure: the number 1 stands for all)."""
        self.choosing(self.fresh)
        for count in range(2, CAP):
            self.collecting(1, count, self.fresh)

    def _best(self, number: int, count: int, kinds: tuple):
        """The better of stopping and rolling on (remembered: most positions are reached many ways)."""
        best = self.best.get((number, count, kinds))
        if best is None:
            best = self.best[number, count, kinds] = self.maximum(*self.collecting(number, count, kinds))
        return best

    def choosing(self, kinds: tuple):
        """The value of rolling before any number is chosen: after each roll the player starts the best number
        (all its showing dice, at least two) or rolls on without one."""
        value = self.before.get(kinds)
        if value is None:
            bust, changed, same = self.rolls_before(kinds)
            rolled = bust * self.bust + sum(p * self.maximum(self.start(starts), self.choosing(after))
                                            for p, after, starts in changed)
            value = self.before[kinds] = self._loop_value(rolled, [(p, self.start(starts)) for p, starts in same])
        return value

    def start(self, starts: tuple):
        """The best of these starts (a bust's value if there is none: never better than rolling on)."""
        return reduce(self.maximum, (self.maximum(*self.collecting(number, hits, after))
                                     for number, hits, after in starts), self.bust)

    def _loop_value(self, changed, same: list):
        """v = changed + Σ p·max(v, start) over the rolls that may leave the position as it was: found by trying
        which of those starts beat v (a few rounds; each is exact)."""
        value = 0.0
        while True:
            kept = sum(p * (start <= value) for p, start in same)
            new = (changed + sum(p * start * (start > value) for p, start in same)) / (1 - kept)
            if self.settled(new, value):
                return new
            value = new


# The expected turn score, for the number 1 (times two in the doubled rounds). The page's copy of the package
# brings it solved (see `solution_module`, `_bring_solution`); elsewhere it is solved when asked.
EXPECTED = Turn(stop=lambda number, count: number * unit_score(count), bust=0.0, linear=True)
EXPECTED_UNSEEN = Turn(EXPECTED.stop, bust=0.0, linear=True, seen=False)  # with real dice: solved when asked


def solution_module() -> str:
    """The whole solution as a module holding one JSON text (far quicker to take in than Python literals):
    rows [count, in hand, aside, in hand, aside, in hand, aside, value]; a count of 0 is before a number."""
    EXPECTED.solve()
    rows = [[count, *_flat(kinds), value] for (_, count, kinds), value in sorted(EXPECTED.rolling.items())]
    rows += [[0, *_flat(kinds), value] for kinds, value in sorted(EXPECTED.before.items())]
    return (f'"""FOR-GET-IT\'s turn, solved (made by forgetit.solver.solution_module at build time)."""\n\n'
            f"ROWS = {json.dumps(rows, separators=(',', ':'))!r}\n")


def _flat(kinds: tuple) -> list:
    return [int(part) for kind in kinds for part in kind]


@lru_cache(maxsize=None)
def _bring_solution() -> bool:
    """Take in the solution the build made, on first use (only the page's copy of the package has it)."""
    try:
        from .tables.solution import ROWS
    except ImportError:
        return False
    for count, *flat, value in json.loads(ROWS):
        kinds = tuple((flat[i], bool(flat[i + 1])) for i in range(0, len(flat), 2))
        if count:
            EXPECTED.rolling[1, count, kinds] = value
        else:
            EXPECTED.before[kinds] = value
    return True


@lru_cache(maxsize=None)
def _solve_unseen() -> None:
    """Solve the turn with real dice whole at its first use (a tenth of a second natively), as the build does
    for the other, so no later question waits for positions not yet solved."""
    EXPECTED_UNSEEN.solve()


# --- advice ----------------------------------------------------------------------------------------


def _doubling(state: dict) -> int:
    return 2 if round_number(state) in DOUBLED_ROUNDS else 1


def _kinds(dice: list, leaving: tuple = ()) -> tuple:
    """The position's kinds with the dice in hand, less the slots in `leaving`."""
    hand = dict.fromkeys(SYLLABLES, 0)
    present = dict.fromkeys(SYLLABLES, False)
    for slot, die in enumerate(dice):
        if not die["aside"] and slot not in leaving:
            hand[die["kind"]] += 1
        elif die["aside"] and die["face"] in SYLLABLES:
            present[die["face"]] = True
    return position(hand, present)


def _position(state: dict, leaving: tuple = ()) -> tuple:
    """The turn's kinds with the dice in hand, less the slots in `leaving`: as `_kinds`, or with real dice (whose
    syllables the app is not told) as the unseen model keeps them (see UNSEEN_FRESH)."""
    turn = state["turn"]
    physical = state["options"]["physical"]
    if not turn["rolls"]:
        return UNSEEN_FRESH if physical else FRESH
    dice = turn["dice"]
    if not physical:
        return _kinds(dice, leaving)
    shown = {kind: sum(die["aside"] and die["face"] == kind for die in dice) for kind in SYLLABLES}
    in_hand = sum(not die["aside"] for die in dice) - len(leaving)
    return in_hand, tuple(sorted((DICE_PER_SYLLABLE - shown[kind], shown[kind] > 0) for kind in SYLLABLES))


class Measure(NamedTuple):
    """What the advice weighs choices by: `collecting(number, count, kinds)` and `choosing(kinds)` as in `Turn`,
    and `nothing`, what a turn without points is worth."""

    collecting: object
    choosing: object
    nothing: object


def expected_points(state: dict) -> Measure:
    """The expected turn score in this round's points."""
    solved = EXPECTED_UNSEEN if state["options"]["physical"] else EXPECTED
    if solved is EXPECTED:
        _bring_solution()
    else:
        _solve_unseen()
    doubling = _doubling(state)
    return Measure(lambda number, count, kinds: tuple(doubling * value for value in
                                                      solved.collecting(number, count, kinds)),
                   lambda kinds: doubling * solved.choosing(kinds), 0.0)


def options(state: dict, measure: Measure | None = None) -> list[dict]:
    """Every choice open to the player now with what it brings when played on at best afterwards (the expected
    turn score unless another `measure` is given), best first: {"action", "value", "then" ("roll" or "stop"
    after a set-aside)}. Set-asides are given once per number and count, with the dice whose kinds leave the
    best hand (with real dice, whose kinds the app is not told: the first dice of the number)."""
    if state["over"]:
        return []
    measure = measure or expected_points(state)
    found = [{"action": {"type": "roll"}, "value": _roll_value(state, measure)}]
    if state["turn"]["rolls"]:
        found.append({"action": {"type": "stop"}, "value": _stop_value(state, measure)})
        found += _set_asides(state, measure)
    found.sort(key=lambda option: -option["value"])  # stable: roll before stop when equal
    return found


def action_value(state: dict, action: dict, measure: Measure):
    """What one of the choices `options` lists brings by `measure`."""
    if action["type"] == "roll":
        return _roll_value(state, measure)
    if action["type"] == "stop":
        return _stop_value(state, measure)
    turn = state["turn"]
    face = turn["dice"][action["dice"][0]]["face"]
    return max(measure.collecting(face, turn["count"] + len(action["dice"]), _position(state, action["dice"])))


def _roll_value(state: dict, measure: Measure):
    """What rolling on from the turn as it is brings, played on at best."""
    turn = state["turn"]
    if turn["number"] is None:
        return measure.choosing(_position(state))
    return measure.collecting(turn["number"], turn["count"], _position(state))[1]


def _stop_value(state: dict, measure: Measure):
    turn = state["turn"]
    if turn["number"] is None:
        return measure.nothing
    return measure.collecting(turn["number"], turn["count"], _position(state))[0]


def _set_asides(state: dict, measure: Measure) -> list[dict]:
    turn = state["turn"]
    dice, number = turn["dice"], turn["number"]
    showing = [slot for slot, die in enumerate(dice) if not die["aside"] and die["face"] in NUMBERS]
    choices = []
    for face in NUMBERS if number is None else (number,):
        slots = [slot for slot in showing if dice[slot]["face"] == face]
        for size in range(2 if number is None else 1, len(slots) + 1):
            best = None
            for leaving in _ways_to_set_aside(state, slots, size):
                stop, roll_on = measure.collecting(face, turn["count"] + size, _position(state, leaving))
                value = max(stop, roll_on)
                if best is None or value > best["value"]:
                    best = {"action": {"type": "set_aside", "dice": sorted(leaving)}, "value": value,
                            "then": "stop" if stop >= roll_on else "roll"}
            choices.append(best)
    return choices


def _ways_to_set_aside(state: dict, slots: list, size: int) -> list[tuple]:
    """The sets of `size` of these dice (all showing one number) that differ by the syllables the dice carry;
    with real dice, which carry syllables the app was not told, just the first `size`."""
    if state["options"]["physical"]:
        return [tuple(slots[:size])]
    dice = state["turn"]["dice"]
    by_kind = {kind: [slot for slot in slots if dice[slot]["kind"] == kind] for kind in SYLLABLES}
    return [tuple(slot for kind, n in zip(SYLLABLES, taken) for slot in by_kind[kind][:n])
            for taken in product(*(range(len(by_kind[kind]) + 1) for kind in SYLLABLES)) if sum(taken) == size]


def hint(state: dict) -> dict:
    """Advice for the player to move: every choice with its expected turn score, the best first."""
    found = options(state)
    return {"options": found, "best": found[0]["value"] if found else None}


def review(state: dict, actions: list[dict]) -> dict | None:
    """The last turn finished by these actions (played from `state`), decision by decision, as a proficiency
    report: what each choice after a roll was expected to bring against the best one then, and what the turn
    gave away in all. None before any turn has finished."""
    turn, last = [], None
    for action in actions:
        turn.append((state, action))
        before = state["turn_index"]
        state = apply(state, action)
        if state["turn_index"] > before:
            last, turn = (state["last_turn"], turn), []
    if last is None:
        return None
    ended, steps = last
    decisions = []
    for position, action in steps:
        if not position["turn"]["rolls"]:
            continue  # the first roll of a turn is no choice
        found = options(position)
        if action["type"] == "set_aside":
            value = options(apply(position, action))[0]["value"]
        else:
            value = next(o["value"] for o in found if o["action"]["type"] == action["type"])
        decisions.append({"action": action, "value": value, "best": found[0]["value"],
                          "lost": max(0.0, found[0]["value"] - value)})
    return {"player": ended["player"], "points": ended["points"], "decisions": decisions,
            "lost": sum(d["lost"] for d in decisions)}
