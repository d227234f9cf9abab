"""FOR-GET-IT strategy: the turn solved exactly, advice read from the solution, and computer players.

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

A count of CAP or more is scored as a stop: reaching it takes several passes of all nine dice, and the tests
show the values do not move when CAP grows.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb, factorial

from . import seat_strength
from .forgetit import (
    DICE_PER_SYLLABLE, DOUBLED_ROUNDS, NUMBERS, SYLLABLES, apply, current_player, multiplier, round_number,
)

CAP = 60
# The solution, position by position: rolling on with a number (count, kinds) and rolling before one (kinds).
# The page's copy of the package brings it solved (see `solution_module`, `_bring_solution`); elsewhere it is
# solved when asked.
ROLL_ON: dict[tuple, float] = {}
CHOOSING: dict[tuple, float] = {}
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


def _joint(kinds: tuple, per_kind) -> list:
    """(probability, one roll per kind) for rolling the hand. Kinds that are alike (same dice in hand, same
    syllable state; they sit next to each other) are rolled as an unordered group, which gives the same
    positions far fewer times."""
    groups = []  # (kinds alike, rolls of one of them)
    for kind in kinds:
        if groups and groups[-1][0][0] == kind:
            groups[-1][0].append(kind)
        else:
            groups.append(([kind], per_kind(kind[0])))
    joint = [(1.0, ())]
    for alike, rolls in groups:
        joint = [(p * _ways(chosen) * _product(rolls[i][0] for i in chosen), before + tuple(rolls[i] for i in chosen))
                 for p, before in joint for chosen in combinations_with_replacement(range(len(rolls)), len(alike))]
    return joint


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


def collecting(count: int, kinds: tuple) -> tuple[float, float]:
    """(stop, roll on) values for the number 1, `count` dice of it collected: what stopping scores, and the
    expected score of rolling on and playing on well (for all dice aside: picking all nine up again)."""
    stop = unit_score(count)
    if count >= CAP:
        return stop, 0.0
    if all(in_hand == 0 for in_hand, _ in kinds):
        return stop, collecting(count, FRESH)[1]
    roll_on = ROLL_ON.get((count, kinds))
    if roll_on is None:
        roll_on = ROLL_ON[count, kinds] = _roll_on(count, kinds)
    return stop, roll_on


def _roll_on(count: int, kinds: tuple) -> float:
    changed, same = 0.0, 0.0  # expected value over the rolls that change the position; chance of one that doesn't
    for p, rolls in _joint(kinds, _kind_rolls):
        present = [aside or roll[1] > 0 for (_, aside), roll in zip(kinds, rolls)]
        if all(present):
            continue  # bust: scores 0
        hits = sum(roll[2] for roll in rolls)
        if hits == 0 and not any(roll[1] for roll in rolls):
            same += p
            continue
        after = tuple(sorted((in_hand - roll[1] - roll[2], aside) for (in_hand, _), roll, aside in
                             zip(kinds, rolls, present)))
        changed += p * max(collecting(count + hits, after))
    return changed / (1 - same)


def choosing(kinds: tuple) -> float:
    """The expected score, for the number 1 as unit, of rolling before any number is chosen: after each roll
    the player starts the number worth most (all its showing dice, at least two) or rolls on without one."""
    value = CHOOSING.get(kinds)
    if value is None:
        value = CHOOSING[kinds] = _choosing(kinds)
    return value


def _choosing(kinds: tuple) -> float:
    changed, same = 0.0, []  # same: (chance, best start) of the rolls without a syllable
    for p, rolls in _joint(kinds, _kind_faces):
        present = [aside or roll[1] > 0 for (_, aside), roll in zip(kinds, rolls)]
        if all(present):
            continue
        start = max((_start_value(number, kinds, rolls, present) for number in NUMBERS), default=0.0)
        if any(roll[1] for roll in rolls):
            after = tuple(sorted((in_hand - roll[1], aside) for (in_hand, _), roll, aside in zip(kinds, rolls, present)))
            changed += p * max(start, choosing(after))
        else:
            same.append((p, start))
    return _loop_value(changed, same)


def _start_value(number: int, kinds, rolls, present) -> float:
    """The value of starting `number` with all its showing dice (0 if fewer than two show)."""
    hits = sum(roll[2][number - 1] for roll in rolls)
    if hits < 2:
        return 0.0
    after = tuple(sorted((in_hand - roll[1] - roll[2][number - 1], aside) for (in_hand, _), roll, aside in
                         zip(kinds, rolls, present)))
    return number * max(collecting(hits, after))


def _loop_value(changed: float, same: list) -> float:
    """v = changed + Σ p·max(v, start) over the rolls that may leave the position as it was: found by trying
    which of those starts beat v (a few rounds; each is exact)."""
    value = 0.0
    while True:
        kept = sum(p for p, start in same if start <= value)
        new = (changed + sum(p * start for p, start in same if start > value)) / (1 - kept)
        if abs(new - value) < 1e-12:
            return new
        value = new


def solution_module() -> str:
    """The whole solution as a module holding one JSON text (far quicker to take in than Python literals):
    rows [count, in hand, aside, in hand, aside, in hand, aside, value]; a count of 0 is before a number."""
    choosing(FRESH)
    for count in range(2, CAP):
        collecting(count, FRESH)
    rows = [[count, *_flat(kinds), value] for (count, kinds), value in sorted(ROLL_ON.items())]
    rows += [[0, *_flat(kinds), value] for kinds, value in sorted(CHOOSING.items())]
    return (f'"""FOR-GET-IT\'s turn, solved (made by forgetit_strategy.solution_module at build time)."""\n\n'
            f"ROWS = {json.dumps(rows, separators=(',', ':'))!r}\n")


def _flat(kinds: tuple) -> list:
    return [int(part) for kind in kinds for part in kind]


@lru_cache(maxsize=None)
def _bring_solution() -> bool:
    """Take in the solution the build made, on first use (only the page's copy of the package has it)."""
    try:
        from .forgetit_solution import ROWS
    except ImportError:
        return False
    for count, *flat, value in json.loads(ROWS):
        kinds = tuple((flat[i], bool(flat[i + 1])) for i in range(0, len(flat), 2))
        if count:
            ROLL_ON[count, kinds] = value
        else:
            CHOOSING[kinds] = value
    return True


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


def _roll_value(turn: dict) -> float:
    """The expected score (number 1 as unit, once a number is chosen) of rolling on from the turn as it is."""
    kinds = _kinds(turn["dice"]) if turn["rolls"] else FRESH
    if turn["number"] is None:
        return choosing(kinds)
    return turn["number"] * collecting(turn["count"], kinds)[1]


def options(state: dict) -> list[dict]:
    """Every choice open to the player now with its expected turn score when played on at best afterwards,
    best first: {"action", "value", "then" ("roll" or "stop" after a set-aside)}. Set-asides are given once
    per number and count, with the dice whose kinds leave the best hand."""
    if state["over"]:
        return []
    _bring_solution()
    turn, doubling = state["turn"], _doubling(state)
    found = [{"action": {"type": "roll"}, "value": doubling * _roll_value(turn)}]
    if turn["rolls"]:
        number, count = turn["number"], turn["count"]
        found.append({"action": {"type": "stop"}, "value": doubling * (number or 0) * unit_score(count)})
        found += [dict(choice, value=doubling * choice["value"]) for choice in _set_asides(turn)]
    found.sort(key=lambda option: -option["value"])  # stable: roll before stop when equal
    return found


def _set_asides(turn: dict) -> list[dict]:
    dice, number = turn["dice"], turn["number"]
    showing = [slot for slot, die in enumerate(dice) if not die["aside"] and die["face"] in NUMBERS]
    choices = []
    for face in NUMBERS if number is None else (number,):
        slots = [slot for slot in showing if dice[slot]["face"] == face]
        by_kind = {kind: [slot for slot in slots if dice[slot]["kind"] == kind] for kind in SYLLABLES}
        for size in range(2 if number is None else 1, len(slots) + 1):
            best = None
            for taken in product(*(range(len(by_kind[kind]) + 1) for kind in SYLLABLES)):
                if sum(taken) != size:
                    continue
                leaving = tuple(slot for kind, n in zip(SYLLABLES, taken) for slot in by_kind[kind][:n])
                stop, roll_on = collecting(turn["count"] + size, _kinds(dice, leaving))
                value = face * max(stop, roll_on)
                if best is None or value > best["value"]:
                    best = {"action": {"type": "set_aside", "dice": sorted(leaving)}, "value": value,
                            "then": "stop" if stop >= roll_on else "roll"}
            choices.append(best)
    return choices


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


# --- computer players --------------------------------------------------------------------------------


def optimal(state: dict) -> dict:
    """The choice with the highest expected turn score."""
    return options(state)[0]["action"]


def cautious(state: dict) -> dict:
    """Collects like everyone (see `_collect`); stops as soon as the next roll could bust, or all nine are aside."""
    collect = _collect(state)
    if collect:
        return collect
    turn = state["turn"]
    if turn["rolls"] and turn["number"] is not None and (_bust_possible(turn) or not _in_hand(turn)):
        return {"type": "stop"}
    return {"type": "roll"}


def reckless(state: dict) -> dict:
    """Collects like everyone; rolls on, picking all nine up again, until it has six dice of its number."""
    collect = _collect(state)
    if collect:
        return collect
    turn = state["turn"]
    return {"type": "stop"} if turn["rolls"] and turn["count"] >= 6 else {"type": "roll"}


def _collect(state: dict) -> dict | None:
    """The set-aside every simple player makes: all showing dice of its number; before it has one, all of the
    number that would score most now (at least two showing)."""
    turn = state["turn"]
    if not turn["rolls"]:
        return None
    dice = turn["dice"]
    showing = {face: [slot for slot, die in enumerate(dice) if not die["aside"] and die["face"] == face]
               for face in NUMBERS}
    if turn["number"] is not None:
        slots = showing[turn["number"]]
    else:
        face = max(NUMBERS, key=lambda face: (len(showing[face]) >= 2, face * unit_score(len(showing[face])), face))
        slots = showing[face] if len(showing[face]) >= 2 else []
    return {"type": "set_aside", "dice": slots} if slots else None


def _in_hand(turn: dict) -> list:
    return [die for die in turn["dice"] if not die["aside"]]


def _bust_possible(turn: dict) -> bool:
    """Whether the next roll could bust: two syllables aside and a die of the third in hand."""
    aside = {die["face"] for die in turn["dice"] if die["aside"] and die["face"] in SYLLABLES}
    return len(aside) == len(SYLLABLES) - 1 and any(die["kind"] not in aside for die in _in_hand(turn))


POLICIES = {1: reckless, 2: cautious, 3: optimal}  # by a seat's strength


def computer_action(state: dict) -> dict:
    """What the computer player in the current seat does."""
    return POLICIES[seat_strength(state, current_player(state))](state)
