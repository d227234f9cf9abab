"""DICEWORDS strategy: which dice to keep before a re-roll, ranked by the expected score of the final word.

A set of faces is worth the best word it lays (`dicewords.best_word`). Keeping some dice and re-rolling the
others is worth the mean of that over what the re-rolled dice can show:
- exact, over every outcome, when at most two dice are re-rolled with the last roll (36 outcomes at most);
- otherwise estimated from a fixed sample of rolls that every choice shares (so choices are compared on the
  same luck), with its standard error. With two rolls left, each sampled first roll is followed by keeping the
  best word's dice and re-rolling the rest once more (a sound plan, not the best one: the value is a lower
  bound for the choice).

The choices weighed: declaring now; keeping nothing; and, for each of the best words now, its dice, its dice
with every die showing a letter that words like (vowels, joker, N R S T L), and its dice without the rarest.
"""

from __future__ import annotations

import random
import statistics
from itertools import product

from ..chance import keyed
from . import seat_strength
from .dicewords import DICE, JOKER, ROLLS, VALUES, best_word, best_words, current_player

WORDS_WEIGHED = 3  # the best words now whose dice make choices
SAMPLES = 12  # sampled rolls per choice when the outcomes are too many to go through
EXACT_UP_TO = 2  # re-rolled dice that are gone through exactly on the last roll
FRIENDLY = frozenset("AEIOUNRSTL") | {JOKER}  # letters that fit into most words


def value_of(faces: list, known: dict) -> int:
    """The best word's score for these faces (which die shows a face does not matter: remembered by the faces)."""
    key = tuple(sorted(face for face in faces if face))
    if key not in known:
        found = best_word(faces)
        known[key] = found["points"] if found else 0
    return known[key]


def keep_value(faces: list, keep: frozenset, rolls_left: int, luck: list, known: dict) -> dict:
    """Expected final score of keeping `keep` and re-rolling the rest: {"value", "error", "exact"}. `luck` holds,
    per sample, the faces every die would show on each roll left, shared by all choices."""
    rolled = [die for die in range(len(DICE)) if die not in keep]
    if not rolled:
        return {"value": float(value_of(faces, known)), "error": 0.0, "exact": True}
    if rolls_left == 1 and len(rolled) <= EXACT_UP_TO:
        values = [value_of(_with(faces, rolled, shown), known) for shown in product(*(DICE[d][2] for d in rolled))]
        return {"value": statistics.fmean(values), "error": 0.0, "exact": True}
    values = []
    for rolls in luck:
        after = _with(faces, rolled, [rolls[0][die] for die in rolled])
        if rolls_left == 2:
            best = best_word(after)
            again = [die for die in range(len(DICE)) if die not in (best["dice"] if best else ())]
            after = _with(after, again, [rolls[1][die] for die in again])
        values.append(value_of(after, known))
    return {"value": statistics.fmean(values), "error": statistics.stdev(values) / len(values) ** 0.5,
            "exact": False}


def _luck(state: dict, rolls_left: int) -> list:
    """SAMPLES times, the face each die would show on each roll left, drawn from the game's seed and the
    moment, so the same position always gets the same advice."""
    rng = random.Random(keyed(state["seed"], state["turn_index"], state["turn"]["rolls"], "advice"))
    return [[[rng.choice(faces) for _, _, faces in DICE] for _ in range(rolls_left)] for _ in range(SAMPLES)]


def _with(faces: list, dice: list[int], shown) -> list:
    faces = list(faces)
    for die, face in zip(dice, shown):
        faces[die] = face
    return faces


def choices(state: dict) -> list[frozenset]:
    """The keep choices weighed now: everything (declare), nothing, and the sets built on the best words."""
    turn = state["turn"]
    faces, locked = turn["faces"], frozenset(turn["locked"]) if state["options"]["locked_keeps"] else frozenset()
    friendly = {die for die, face in enumerate(faces) if face in FRIENDLY}
    found = [frozenset(range(len(DICE))), locked]
    for word in best_words(faces, WORDS_WEIGHED):
        dice = set(word["dice"])
        rarest = max(dice, key=lambda die: (VALUES[faces[die]], die))
        found += [locked | dice, locked | dice | friendly, locked | (dice - {rarest})]
    return list(dict.fromkeys(found))  # each once, in this order


def advice(state: dict) -> dict:
    """Every keep choice weighed for the player to move, best first: {"keep", "value", "error", "exact"}; keeping
    all dice means declaring now. Empty before the first roll, after the last and once the game is over."""
    turn = state["turn"]
    if state["over"] or not turn["rolls"] or turn["rolls"] >= ROLLS:
        return {"choices": [], "rolls_left": ROLLS - turn["rolls"]}
    rolls_left = ROLLS - turn["rolls"]
    luck, known = _luck(state, rolls_left), {}
    weighed = [{"keep": sorted(keep), **keep_value(turn["faces"], keep, rolls_left, luck, known)}
               for keep in choices(state)]
    weighed.sort(key=lambda choice: -choice["value"])
    return {"choices": weighed, "rolls_left": rolls_left}


# --- computer players --------------------------------------------------------------------------------


def strongest(state: dict) -> dict:
    """Re-rolls as the advice says; declares when keeping everything is best, or after the last roll."""
    if not state["turn"]["rolls"]:
        return {"type": "roll", "keep": []}
    weighed = advice(state)["choices"]
    if weighed and len(weighed[0]["keep"]) < len(DICE):
        return {"type": "roll", "keep": weighed[0]["keep"]}
    return _declare_best(state)


def greedy(state: dict) -> dict:
    """Keeps the dice of the best word now and re-rolls the rest, as long as rolls are left."""
    turn = state["turn"]
    if turn["rolls"] < ROLLS:
        best = best_word(turn["faces"]) if turn["rolls"] else None
        keep = set(best["dice"] if best else ()) | (set(turn["locked"]) if state["options"]["locked_keeps"] else set())
        return {"type": "roll", "keep": sorted(keep) if turn["rolls"] else []}
    return _declare_best(state)


def no_reroll(state: dict) -> dict:
    """Rolls once and declares the best word the dice show."""
    return _declare_best(state) if state["turn"]["rolls"] else {"type": "roll", "keep": []}


def _declare_best(state: dict) -> dict:
    best = best_word(state["turn"]["faces"])
    if best is None:
        return {"type": "pass"}
    return {"type": "declare", "dice": best["dice"], "letters": best["letters"]}


POLICIES = {1: no_reroll, 2: greedy, 3: strongest}  # by a seat's strength


def computer_action(state: dict) -> dict:
    return POLICIES[seat_strength(state, current_player(state))](state)
