"""DICEWORDS strategy: which dice to keep before a re-roll, ranked by the expected score of the final word.

Valuing keeps means finding the best word of very many sets of faces, so the strategy has a word finder of
its own. Every word the lexicon lets the dice lay is written as the letters of the dice it takes, sorted (a
key: WUERFEL takes E E F L R U W); the keys sit in a trie. The best word of some faces is a walk over their
sorted letters in that trie, cut short where even all faces left could not beat the best found (a word scores
its letters' sum times its length); the joker may stand for one letter anywhere in the walk. It finds what
`dicewords.best_word` finds (a test holds it to that), about ten times faster. The build makes the keys once
and ships them (`dicewords_keys.py`); elsewhere they are made on first use.

The keep choices weighed: declaring now; keeping nothing; and for each of the best words now, its dice, and
its dice with one die more or one fewer (dice locked by the house rule are always kept). A choice is worth
the mean final score over what the re-rolled dice show:
- exact, over every outcome, when at most two dice are re-rolled with the last roll (36 outcomes at most);
- otherwise sampled, by successive halving (`ROUNDS`): every choice gets a few rolls, the best dozen more,
  the best three many more. Every choice in a round sees the same rolls (common random numbers), so choices are
  compared on the same luck; each sampled value comes with its standard error. With two rolls left, each
  sampled first re-roll is followed by keeping the best word's dice and re-rolling the rest (a sound plan,
  not always the best one: such a value is a lower bound).
"""

from __future__ import annotations

import random
import statistics
from functools import lru_cache
from itertools import product

from ..chance import keyed
from ..words import default_lexicon
from ..words.rules import counts_in_dicewords
from . import seat_strength
from .dicewords import DICE, JOKER, MIN_LETTERS, ROLLS, VALUES, best_word, best_words, current_player

WORDS_WEIGHED = 4  # the best words now whose dice make choices
ROUNDS = ((6, 12), (30, 3), (120, 1))  # successive halving: (rolls sampled per choice, choices that go on)
EXACT_UP_TO = 2  # re-rolled dice that are gone through exactly on the last roll
END = ""  # a trie node's mark for "a key ends here"


# --- the word finder -------------------------------------------------------------------------------------


def word_keys(lexicon=None) -> str:
    """Every word the dice can lay, as its key (the dice letters it takes, sorted), one per line, sorted. The
    letters of all faces and one more of each letter (a joker's) bound what is searched."""
    lexicon = lexicon or default_lexicon()
    faces = [face for _, _, shown in DICE for face in shown if face != JOKER]
    keys = set()
    for spelling in lexicon.spellings("".join(faces + sorted(set(faces))), 0, MIN_LETTERS, every_way=True):
        dice_letters = [letter for tile in spelling.tiles for letter in tile]  # "UE" is two dice
        if len(dice_letters) <= len(DICE) and counts_in_dicewords(spelling.bits):
            keys.add("".join(sorted(dice_letters)))
    return "\n".join(sorted(keys))


def keys_module(lexicon=None) -> str:
    """The keys as a module for the page's package (made at build time)."""
    return (f'"""The words DICEWORDS\' dice can lay, as sorted dice letters (made by dicewords_strategy.keys_module '
            f'at build time)."""\n\nKEYS = {word_keys(lexicon)!r}\n')


@lru_cache(maxsize=None)
def _trie() -> dict:
    try:
        from .dicewords_keys import KEYS
    except ImportError:
        KEYS = word_keys()
    trie: dict = {}
    for key in KEYS.split("\n"):
        node = trie
        for letter in key:
            node = node.get(letter) or node.setdefault(letter, {})
        node[END] = True
    return trie


def best_laid(faces: list) -> tuple[int, tuple]:
    """(points, dice) of a best word the faces lay: the same points as `dicewords.best_word`."""
    letters = sorted((face, die) for die, face in enumerate(faces) if face and face != JOKER)
    found = _walk(letters, None, (0, ()))
    joker = next((die for die, face in enumerate(faces) if face == JOKER), None)
    return found if joker is None else _walk(letters, joker, found)


def _walk(letters: list, joker: int | None, found: tuple) -> tuple:
    """The best of `found` and the words laid from `letters` (sorted (face, die)), with the `joker` die
    standing for one letter if given: depth first over the trie, each step taking a later letter than the
    last, skipping branches whose bound (all letters left taken) cannot beat the best so far."""
    count = len(letters)
    left = [0] * (count + 1)  # the points of the letters from each place on
    for at in range(count - 1, -1, -1):
        left[at] = left[at + 1] + VALUES[letters[at][0]]
    best, dice = found
    stack = [(_trie(), 0, 0, (), joker is not None)]  # node, next letter, points so far, dice so far, joker free
    while stack:
        node, start, points, used, free = stack.pop()
        previous = None
        for at in range(start, count):
            letter, die = letters[at]
            if letter == previous:
                continue  # the same letter from another die lays the same words
            previous = letter
            child = node.get(letter)
            if child is None:
                continue
            total, length = points + VALUES[letter], len(used) + 1
            if END in child and total * length > best:
                best, dice = total * length, used + (die,)
            rest = count - at - 1
            if (total + left[at + 1]) * (length + rest) > best or free and (
                    total + left[at + 1] - 2) * (length + rest + 1) > best:
                stack.append((child, at + 1, total, used + (die,), free))
        if free:  # the joker as any letter from here on: the letters after it come after that letter
            length = len(used) + 1
            for letter, child in node.items():
                if letter == END or start and letter < letters[start - 1][0]:
                    continue
                at = start
                while at < count and letters[at][0] < letter:
                    at += 1
                if END in child and (points - 2) * length > best:
                    best, dice = (points - 2) * length, used + (joker,)
                if (points - 2 + left[at]) * (length + count - at) > best:
                    stack.append((child, at, points - 2, used + (joker,), False))
    return best, dice


def value_of(faces: list, known: dict) -> int:
    """The best word's points for these faces (which die shows a face does not matter: remembered by faces)."""
    key = tuple(sorted(face for face in faces if face))
    if key not in known:
        known[key] = best_laid(faces)[0]
    return known[key]


# --- weighing keep choices ----------------------------------------------------------------------------


def exact_value(faces: list, keep: frozenset, known: dict) -> float:
    """The mean final score over every way the dice not kept can fall, with the last roll."""
    rolled = [die for die in range(len(DICE)) if die not in keep]
    return statistics.fmean(value_of(_with(faces, rolled, shown), known)
                            for shown in product(*(DICE[die][2] for die in rolled)))


def sampled_values(faces: list, keep: frozenset, rolls_left: int, luck: list, known: dict) -> list:
    """The final score of keeping `keep` for each sample of `luck` (per sample, the face every die would show
    on each roll left); with two rolls left the best word's dice are kept for the last."""
    rolled = [die for die in range(len(DICE)) if die not in keep]
    values = []
    for rolls in luck:
        after = _with(faces, rolled, [rolls[0][die] for die in rolled])
        if rolls_left == 2:
            kept = best_laid(after)[1]
            again = [die for die in range(len(DICE)) if die not in kept]
            after = _with(after, again, [rolls[1][die] for die in again])
        values.append(value_of(after, known))
    return values


def _with(faces: list, dice: list[int], shown) -> list:
    faces = list(faces)
    for die, face in zip(dice, shown):
        faces[die] = face
    return faces


def choices(state: dict) -> list[frozenset]:
    """The keep choices weighed now: everything (declare), nothing, and the sets built on the best words."""
    turn = state["turn"]
    faces, locked = turn["faces"], frozenset(turn["locked"]) if state["options"]["locked_keeps"] else frozenset()
    found = [frozenset(range(len(DICE))), locked]
    for word in best_words(faces, WORDS_WEIGHED):
        dice = frozenset(word["dice"])
        found += [locked | dice] + [locked | (dice ^ {die}) for die in range(len(DICE))]
    return list(dict.fromkeys(found))  # each once, in this order


def advice(state: dict) -> dict:
    """Every keep choice weighed for the player to move, best first: {"keep", "value", "error", "exact",
    "samples"}; keeping all dice means declaring now. Empty before the first roll, after the last and once
    the game is over. The same position always gets the same advice (its samples are keyed to it)."""
    turn = state["turn"]
    if state["over"] or not turn["rolls"] or turn["rolls"] >= ROLLS:
        return {"choices": [], "rolls_left": ROLLS - turn["rolls"]}
    faces, rolls_left, known = turn["faces"], ROLLS - turn["rolls"], {}
    rng = random.Random(keyed(state["seed"], state["turn_index"], turn["rolls"], "advice"))
    exact, sampled = {}, {}
    for keep in choices(state):
        rerolled = len(DICE) - len(keep)
        if not rerolled:
            exact[keep] = float(value_of(faces, known))
        elif rolls_left == 1 and rerolled <= EXACT_UP_TO:
            exact[keep] = exact_value(faces, keep, known)
        else:
            sampled[keep] = []
    going_on = list(sampled)
    for samples, survivors in ROUNDS:
        luck = [[[rng.choice(shown) for _, _, shown in DICE] for _ in range(rolls_left)] for _ in range(samples)]
        for keep in going_on:
            sampled[keep] += sampled_values(faces, keep, rolls_left, luck, known)
        going_on.sort(key=lambda keep: -statistics.fmean(sampled[keep]))
        del going_on[survivors:]
    weighed = [{"keep": sorted(keep), "value": value, "error": 0.0, "exact": True, "samples": 0}
               for keep, value in exact.items()]
    weighed += [{"keep": sorted(keep), "value": statistics.fmean(values), "exact": False, "samples": len(values),
                 "error": statistics.stdev(values) / len(values) ** 0.5} for keep, values in sampled.items()]
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
