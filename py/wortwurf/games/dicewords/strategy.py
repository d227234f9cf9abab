"""DICEWORDS strategy: which dice to keep before a re-roll, ranked by the expected score of the final word.

Valuing keeps means finding the best word of very many sets of faces, so the strategy has a word finder of
its own. Every word the lexicon lets the dice lay is written as the letters of the dice it takes, sorted (a
key: WUERFEL takes E E F L R U W), and the keys are ranked by points (a word scores its letters' sum times its
length). For each letter and count, a bit mask (a Python integer, one bit per key) marks the keys taking at
most that many of the letter; the keys some faces lay are the AND of their letters' masks, and the best is the
highest bit set. The joker stands for one more of some letter: the masks with that one widened. It finds what
`dicewords.best_word` finds (a test holds it to that), about thirty times faster. The build makes the keys once
and ships them (`tables/keys.py`); elsewhere they are made on first use.

The keep choices weighed: declaring now; keeping nothing; for each of the best words now, its dice, and its
dice with one die more or one fewer; and the aims: the words most worth rolling for, which the faces lay but
for a letter or two (three with two rolls left) that re-rolled dice can show, kept without those (found by a
walk over the keys in a trie). Dice locked by the house rule are always kept. A choice is worth the mean final
score over what the re-rolled dice show:
- exact, over every outcome, when at most three dice are re-rolled with the last roll (216 outcomes at most,
  fewer than the rolls a close race takes);
- otherwise sampled, in a race: every choice is weighed on a few rolls, then on twice as many, and so on; after
  each round a choice leaves the race when it trails the leader clearly (by `CLEARLY_WORSE` standard errors of
  their difference on the same rolls), until one choice is left, only exact ones are, or `MOST_SAMPLES` is
  reached. Every choice sees the same rolls (common random numbers), so choices are compared on the same luck,
  and close ones get the most rolls; each sampled value comes with its standard error. With two rolls left, each
  sampled first re-roll is followed by keeping the best word's dice and re-rolling the rest, plus what a better
  last keep is measured to add (`last_keep_gain`): an estimate of playing the last roll well, which the plain
  plan would underrate most where the first re-roll leaves a poor word, or where keeping its dice comes to
  little.
Then the search climbs: the best choice races its neighbours (a die more or fewer, or a kept die exchanged for
one not kept: also for another showing the same letter, whose other faces differ), and the winner becomes the
best while it is a neighbour, a few steps at most. Locked dice aside, nothing else limits which keeps it reaches.

In the page every call has a time budget (`wortwurf.budget`): out of time, the race ends with its leader among
the choices weighed on as many rolls, and the climb stops; looking for aims may take a fifth of the budget. On a
phone's half core that is about a seventh of the search a laptop's native Python makes unbounded, so the
computer there is weaker (bench/README.md, "Waits at the table"), and the page lets it think while the table
shows the last move (web/common.js, `createComputerMover`).
"""

from __future__ import annotations

import random
import statistics
from functools import lru_cache
from itertools import chain, groupby, product, repeat

from ...budget import out_of_time, share
from ...chance import keyed
from ...words import default_lexicon
from .words import counts as counts_in_dicewords
from ..options import seat_strength
from .rules import DICE, JOKER, MIN_LETTERS, ROLLS, VALUES, best_word, best_words, current_player

WORDS_WEIGHED = 4  # the best words now whose dice make choices
AIMS_WEIGHED = 12  # the words most worth rolling for whose dice make choices
CLIMBS = 5  # steps from the best choice to a better neighbour after the race
MISSING_UP_TO = (2, 3)  # letters an aimed-at word may still lack, with one and with two rolls left
FIRST_SAMPLES = 16  # the rolls every choice is weighed on first (each round of the race doubles them)
MOST_SAMPLES = 640  # the rolls at which a race ends
CLEARLY_WORSE = 2.0  # standard errors by which a choice trails the leader when it leaves a race
TRIE_KEYS_AT_LEAST = 2048  # keys a call puts in the aims' trie while it is not whole, however short of time
TRIE_KEYS_BETWEEN_LOOKS = 512
AIMS_SHARE = 0.2  # of a time budget, what looking for the aims may take
AIM_STEPS_BETWEEN_LOOKS = 256  # trie nodes the aims' walk takes between looks at the time budget
EXACT_UP_TO = 3  # re-rolled dice that are gone through exactly on the last roll
# What the advice's keep with one roll left adds over keeping the best word's dice, as (points of that word,
# points added) along straight lines, less GAIN_SHRINK x what keeping the word's dice came to above its points:
# the least-squares fit on 1,400 positions after the advice's first keep (seeds 10000-10699 and 20000-20699; the
# advice before this fit, with races of 320 rolls), each keep on the same 300 last rolls. The second term explains
# a third more of the gain's spread than the points alone (R^2 0.43 against 0.30 on the half not fitted): where
# keeping the word's dice promises much, the advice adds less.
LAST_KEEP_GAIN = ((50, 33.2), (70, 25.1), (90, 19.2), (110, 11.9), (130, 6.4), (150, 3.2), (170, 1.2), (190, 0.8))
GAIN_SHRINK = 0.38
END = ""  # a trie node's mark for "a key ends here"
MOST = "*"  # a trie node's entry for the most points of any key through it
TOP_LETTER = max(VALUES.values())  # the most a missing letter can add


# --- the word finder -------------------------------------------------------------------------------------


def word_keys(lexicon=None) -> str:
    """Every word the dice can lay, as its key (the dice letters it takes, sorted), one per line, the most
    points first (then by key). The letters of all faces and one more of each letter (a joker's) bound what is
    searched; a key whose letters no ten dice can show at once (two J: one die has it) is left out (a sixth of
    them: every search is that much quicker, and finds the same)."""
    lexicon = lexicon or default_lexicon()
    faces = [face for _, _, shown in DICE for face in shown if face != JOKER]
    keys = set()
    for spelling in lexicon.spellings("".join(faces + sorted(set(faces))), 0, MIN_LETTERS, every_way=True):
        dice_letters = [letter for tile in spelling.tiles for letter in tile]  # "UE" is two dice
        if len(dice_letters) <= len(DICE) and counts_in_dicewords(spelling.bits):
            keys.add("".join(sorted(dice_letters)))
    return "\n".join(sorted(filter(_showable, keys), key=lambda key: (-_points(key), key)))


def _showable(key: str) -> bool:
    """Whether the dice can show all of `key`'s letters at once: each on a die of its own (the joker's for any
    one letter), found by augmenting paths."""
    holder = [None] * len(DICE)  # die: the letter (its place in key) it shows

    def place(at: int, tried: set) -> bool:
        for die, (_, _, shown) in enumerate(DICE):
            if die not in tried and (key[at] in shown or JOKER in shown):
                tried.add(die)
                if holder[die] is None or place(holder[die], tried):
                    holder[die] = at
                    return True
        return False

    return all(place(at, set()) for at in range(len(key)))


def keys_module(lexicon=None) -> str:
    """The keys as a module for the page's package (made at build time), with their points as runs (worked
    out key by key they take 0.1 s natively, some seven times that in a phone's worker)."""
    keys = word_keys(lexicon)
    return (f'"""The words DICEWORDS\' dice can lay, as sorted dice letters, the most points first, and their '
            f'points (made by dicewords.strategy.keys_module at build time)."""\n\nKEYS = {keys!r}\n'
            f'POINTS = {_point_runs(keys)!r}\n')


def _point_runs(keys: str) -> tuple:
    """The points of the keys (one a line, the most points first) as runs of keys alike: ((points, keys), ...)."""
    return tuple((points, len(list(alike))) for points, alike in groupby(map(_points, keys.split("\n"))))


@lru_cache(maxsize=None)
def _ranked() -> tuple[list[str], list[int]]:
    """The keys, the most points first, and their points: shipped by the build, else made now."""
    try:
        from .tables.keys import KEYS, POINTS
    except ImportError:
        KEYS = word_keys()
        POINTS = _point_runs(KEYS)
    return KEYS.split("\n"), list(chain.from_iterable(repeat(points, count) for points, count in POINTS))


def _points(key: str) -> int:
    return sum(map(VALUES.__getitem__, key)) * len(key)


class _Trie:
    """The keys in a trie whose every node knows the most points of a key through it, grown best key first as
    time allows (`grown`): all of them take 0.2 s natively, some seven times that in a phone's worker, and a
    part of the trie holds the words most worth aiming at, each node's most already right (the best key
    through it came first)."""

    root: dict = {}
    keys_in = 0  # the best so many keys are in

    @classmethod
    def grown(cls) -> dict:
        """The trie, with more keys in until it holds them all or the time budget is out (a few at least)."""
        keys, points = _ranked()
        start = cls.keys_in
        for at in range(start, len(keys)):
            if at - start >= TRIE_KEYS_AT_LEAST and not at % TRIE_KEYS_BETWEEN_LOOKS and out_of_time():
                break
            node = cls.root
            for letter in keys[at]:
                node = node.get(letter) or node.setdefault(letter, {MOST: points[at]})
            node[END] = True
            cls.keys_in = at + 1
        return cls.root


@lru_cache(maxsize=None)
def _finder() -> dict:
    """Per letter, the keys' bit masks (the best key the highest bit, the worst bit 0) by how many of the letter
    they take: masks[c] has a key's bit set when it takes at most c of the letter (past the most any takes:
    all). The letters come in the order that rules out the most keys first, when a roll lacks them: an AND is
    as long as its shorter number, and the number ANDed so far ends at the best key it still holds, so it
    shortens as the letters rule keys out (a roll's search took two thirds of the time it took with the best
    key at bit 0).

    Made with whole-text operations, quick in the page too: the keys, best first, as rows of ten bytes; per
    letter, a byte 1 where it stands, read as one integer and summed over each row by one multiplication (by
    ten bytes 1: no byte of the product passes ten, so none carries; three times quicker than adding ten
    shifts); the last byte of each row is then its count of the letter, and the counts become masks."""
    keys, _ = _ranked()
    rows = "".join(key.ljust(len(DICE)) for key in keys).encode("latin-1")
    ones = int.from_bytes(bytes([1] * len(DICE)), "little")
    limits = {}
    for letter in sorted(set("".join(keys))):
        marks = bytearray(256)
        marks[ord(letter)] = 1
        summed = int.from_bytes(rows.translate(marks), "little") * ones
        counts = summed.to_bytes(len(rows) + len(DICE), "little")[len(DICE) - 1:len(rows) + len(DICE) - 1:len(DICE)]
        limits[letter] = [int(counts.translate(_AT_MOST[most]), 2) for most in range(max(counts))]
    return dict(sorted(limits.items(), key=lambda item: item[1][0].bit_count()))


_AT_MOST = [bytes(ord("1") if count <= most else ord("0") for count in range(256)) for most in range(len(DICE))]


def best_laid(faces: list) -> tuple[int, tuple]:
    """(points, dice) of a best word the faces lay: the same points as `dicewords.best_word`."""
    (keys, points), limits = _ranked(), _finder()
    have: dict = {}
    for face in faces:
        if face and face != JOKER:
            have[face] = have.get(face, 0) + 1
    bounds = [(letter, masks, have.get(letter, 0)) for letter, masks in limits.items()
              if have.get(letter, 0) < len(masks)]
    before = [-1]  # the keys within the limits of the letters so far
    for _, masks, count in bounds:
        before.append(before[-1] & masks[count])
    layable, last = before[-1], len(keys) - 1
    best, key, stands_for = 0, None, None
    if layable > 0:
        at = last - layable.bit_length() + 1
        best, key = points[at], keys[at]
    if JOKER in faces:
        # the joker for one more of some letter: all other letters' limits, and one more of this one's; the best
        # keys first, until none is worth more than the best without it
        after = -1
        for place in range(len(bounds) - 1, -1, -1):
            letter, masks, count = bounds[place]
            widened = before[place] & after
            if count + 1 < len(masks):
                widened &= masks[count + 1]
            after &= masks[count]
            cost = VALUES[letter] - VALUES[JOKER]
            while widened > 0:
                top = widened.bit_length() - 1
                at = last - top
                if points[at] <= best:
                    break
                laid = points[at] - cost * len(keys[at])
                if laid > best:
                    best, key, stands_for = laid, keys[at], letter
                widened ^= 1 << top
    return best, _dice_laying(faces, key, stands_for)


def _dice_laying(faces: list, key: str | None, stands_for: str | None) -> tuple:
    """Which dice lay `key`'s letters, the joker's die for one `stands_for` the faces lack."""
    free, dice = list(range(len(faces))), []
    for letter in key or "":
        die = next((die for die in free if faces[die] == letter), None)
        if die is None and letter == stands_for:
            die, stands_for = faces.index(JOKER), None
        free.remove(die)
        dice.append(die)
    return tuple(dice)


def value_of(faces: list, known: dict) -> int:
    """The best word's points for these faces (which die shows a face does not matter: remembered by faces)."""
    key = tuple(sorted(face for face in faces if face))
    if key not in known:
        known[key] = best_laid(faces)[0]
    return known[key]


def aims(faces: list, kept: frozenset, rolls_left: int) -> list[frozenset]:
    """The keeps that aim at the words most worth rolling for: words the faces lay but for a few letters that
    dice re-rolled can show, ranked by what they would add to the best word now times the chance of the
    missing letters (each from a die of its own), best first. Their dice showing the other letters are kept,
    with the dice `kept` anyway."""
    letters = sorted((face, die) for die, face in enumerate(faces) if face and face != JOKER)
    joker = next((die for die, face in enumerate(faces) if face == JOKER), None)
    count, budget, odds = len(letters), MISSING_UP_TO[rolls_left - 1], 1 - (5 / 6) ** rolls_left
    left = [0] * (count + 1)
    for at in range(count - 1, -1, -1):
        left[at] = left[at + 1] + VALUES[letters[at][0]]
    rollable = [die for die in range(len(DICE)) if die not in kept]
    reach = {face for die in rollable for face in DICE[die][2]}
    ranked: list[tuple[float, frozenset]] = []  # (worth, keep), the best AIMS_WEIGHED * 2 found
    floor, now = 0.0, best_laid(faces)[0]
    stack = [(_Trie.grown(), 0, 0, (), (), joker is not None)]  # node, next letter, points, dice used, letters missing
    walked = 0
    while stack:
        walked += 1
        if not walked % AIM_STEPS_BETWEEN_LOOKS and out_of_time():
            break  # the aims found so far
        node, start, points, used, missing, free = stack.pop()
        for letter, child in node.items():
            if letter == END or letter == MOST:
                continue
            at = start
            while at < count and letters[at][0] < letter:
                at += 1
            if at < count and letters[at][0] == letter:
                steps = [(at + 1, points + VALUES[letter], used + (letters[at][1],), missing, free)]
            else:
                steps = [(at, points + VALUES[JOKER], used + (joker,), missing, False)] if free else []
                if len(missing) < budget and letter in reach:
                    steps.append((at, points + VALUES[letter], used, missing + (letter,), free))
            for after, total, dice, lacking, joker_free in steps:
                length, odds_now = len(dice) + len(lacking), odds ** len(lacking)
                worth = (total * length - now) * odds_now
                if END in child and lacking and length >= MIN_LETTERS and worth > floor \
                        and _can_show(lacking, [die for die in rollable if die not in dice]):
                    ranked.append((worth, kept | frozenset(dice)))
                    ranked.sort(key=lambda aim: -aim[0])
                    del ranked[AIMS_WEIGHED * 2:]
                    if len(ranked) == AIMS_WEIGHED * 2:
                        floor = ranked[-1][0]
                spare = budget - len(lacking)
                most = min(len(DICE), length + count - after + spare + joker_free)
                bound = min(child[MOST], (total + left[after] + TOP_LETTER * spare) * most)
                if (bound - now) * odds_now > floor:
                    stack.append((child, after, total, dice, lacking, joker_free))
    return list(dict.fromkeys(keep for _, keep in ranked))[:AIMS_WEIGHED]


def _can_show(letters: tuple, dice: list[int]) -> bool:
    """Whether each letter can come from a die of its own among `dice`."""
    if not letters:
        return True
    return any(letters[0] in DICE[die][2] and _can_show(letters[1:], dice[:at] + dice[at + 1:])
               for at, die in enumerate(dice))


# --- weighing keep choices ----------------------------------------------------------------------------


def exact_value(faces: list, keep: frozenset, known: dict) -> float:
    """The mean final score over every way the dice not kept can fall, with the last roll."""
    rolled = [die for die in range(len(DICE)) if die not in keep]
    return statistics.fmean(value_of(_with(faces, rolled, shown), known)
                            for shown in product(*(DICE[die][2] for die in rolled)))


def sampled_values(faces: list, keep: frozenset, rolls_left: int, luck: list, known: dict) -> list:
    """The final score of keeping `keep` for each sample of `luck` (per sample, the face every die would show
    on each roll left); with two rolls left the best word's dice are kept for the last, and the gain of a better
    last keep is added."""
    rolled = [die for die in range(len(DICE)) if die not in keep]
    values = []
    for rolls in luck:
        after = _with(faces, rolled, [rolls[0][die] for die in rolled])
        if rolls_left == 1:
            values.append(value_of(after, known))
            continue
        points, kept = best_laid(after)
        again = [die for die in range(len(DICE)) if die not in kept]
        final = value_of(_with(after, again, [rolls[1][die] for die in again]), known)
        values.append(final + last_keep_gain(points, final))
    return values


def last_keep_gain(points: int, final: int) -> float:
    """What keeping well on the last roll adds, on average, over keeping the best word's dice (worth `points`),
    when keeping them came to `final`."""
    return _along(LAST_KEEP_GAIN, points) - GAIN_SHRINK * (final - points)


def _along(line: tuple, x: float) -> float:
    """The value at `x` of the straight lines through `line`'s (x, y) points, level past either end."""
    if x <= line[0][0]:
        return line[0][1]
    for (low, more), (high, less) in zip(line, line[1:]):
        if x <= high:
            return more + (less - more) * (x - low) / (high - low)
    return line[-1][1]


def _with(faces: list, dice: list[int], shown) -> list:
    faces = list(faces)
    for die, face in zip(dice, shown):
        faces[die] = face
    return faces


def locked_dice(state: dict) -> frozenset:
    """The dice every keep must hold: those kept before, when the house rule locks them."""
    return frozenset(state["turn"]["locked"]) if state["options"]["locked_keeps"] else frozenset()


def choices(state: dict) -> list[frozenset]:
    """The keep choices weighed now: everything (declare), nothing, the sets built on the best words, and the
    aims."""
    turn = state["turn"]
    faces, locked = turn["faces"], locked_dice(state)
    found = [frozenset(range(len(DICE))), locked]
    for word in best_words(faces, WORDS_WEIGHED):
        dice = frozenset(word["dice"])
        found += [locked | dice] + [locked | (dice ^ {die}) for die in range(len(DICE))]
    with share(AIMS_SHARE):  # (in a time budget, the race needs most of it)
        found += aims(faces, locked, ROLLS - turn["rolls"])
    return list(dict.fromkeys(found))  # each once, in this order


def neighbours(keep: frozenset, locked: frozenset) -> list[frozenset]:
    """The keeps a die away from `keep`: one die more or fewer, or a kept die exchanged for one not kept (also
    for one showing the same letter: its other faces differ, so which of the two is re-rolled matters)."""
    near = [keep ^ {die} for die in range(len(DICE)) if die not in locked]
    return near + [keep - {kept} | {other} for kept in keep - locked for other in range(len(DICE))
                   if other not in keep]


def advice(state: dict) -> dict:
    """Every keep choice weighed for the player to move, best first: {"keep", "value", "error", "exact",
    "samples", "finalist"}; keeping all dice means declaring now ("word": the word it lays). The winner of
    the race and the climb is weighed on every roll drawn; the choices weighed exactly or on every roll come first, by value, then those that left the race
    later before those that left earlier (a few lucky rolls must not put a choice first). Empty before the first
    roll, after the last and once the game is over. The same position always gets the same advice (its samples
    are keyed to it)."""
    turn = state["turn"]
    if state["over"] or not turn["rolls"] or turn["rolls"] >= ROLLS:
        return {"choices": [], "rolls_left": ROLLS - turn["rolls"]}
    faces, rolls_left, known = turn["faces"], ROLLS - turn["rolls"], {}
    rng = random.Random(keyed(state["seed"], state["turn_index"], turn["rolls"], "advice"))
    exact: dict = {}
    sampled: dict = {}  # keep: its final scores on the first so many samples of `luck`
    luck: list = []

    def weigh(keep: frozenset, samples: int) -> None:
        """Value `keep` exactly where that is cheap, else on the first `samples` rolls."""
        if keep in exact:
            return
        rerolled = len(DICE) - len(keep)
        if not rerolled:
            exact[keep] = float(value_of(faces, known))
        elif rolls_left == 1 and rerolled <= EXACT_UP_TO:
            exact[keep] = exact_value(faces, keep, known)
        else:
            while len(luck) < samples:
                luck.append([[rng.choice(shown) for _, _, shown in DICE] for _ in range(rolls_left)])
            values = sampled.setdefault(keep, [])
            values += sampled_values(faces, keep, rolls_left, luck[len(values):samples], known)

    def on(keep: frozenset, samples: int) -> list:
        """The keep's final scores on the first `samples` rolls (its exact value on each)."""
        return [exact[keep]] * samples if keep in exact else sampled[keep][:samples]

    def trails(keep: frozenset, leader: frozenset, samples: int) -> bool:
        """Whether `keep` is clearly worse than `leader` on the same rolls."""
        if keep == leader:
            return False
        behind = [lead - score for lead, score in zip(on(leader, samples), on(keep, samples))]
        spread = statistics.stdev(behind) / samples ** 0.5
        return statistics.fmean(behind) > CLEARLY_WORSE * spread

    def race(entrants: list, samples: int) -> frozenset:
        """The best of `entrants`: weighed on `samples` rolls, then twice as many, those clearly worse left out.
        Out of time, the leader of those weighed so far on as many rolls (the first entrant at the least)."""
        while True:
            weighed = []
            for keep in entrants:
                if weighed and out_of_time():
                    break
                weigh(keep, samples)
                weighed.append(keep)
            leader = max(weighed, key=lambda keep: statistics.fmean(on(keep, samples)))
            entrants = [keep for keep in weighed if not trails(keep, leader, samples)]
            if len(entrants) == 1 or all(keep in exact for keep in entrants) or samples >= MOST_SAMPLES \
                    or out_of_time():
                return leader
            samples = min(2 * samples, MOST_SAMPLES)

    best = race(choices(state), FIRST_SAMPLES)
    locked = locked_dice(state)
    for _ in range(CLIMBS):
        if out_of_time():
            break
        climbed = race([best] + neighbours(best, locked), 2 * FIRST_SAMPLES)
        if climbed == best:
            break
        best = climbed
    if not out_of_time():
        weigh(best, len(luck))  # the winner on every roll drawn: those so weighed come first, by value
    # (out of time, the winner comes first, and the finalists are those weighed on as many rolls as it)
    most = len(luck) if best in exact else len(sampled[best])
    weighed = [{"keep": sorted(keep), "value": mean, "error": 0.0, "exact": True, "samples": 0}
               for keep, mean in exact.items()]
    weighed += [{"keep": sorted(keep), "value": statistics.fmean(values), "exact": False, "samples": len(values),
                 "error": statistics.stdev(values) / len(values) ** 0.5} for keep, values in sampled.items()]
    weighed.sort(key=lambda choice: (most < len(luck) and choice["keep"] != sorted(best),
                                     -min(most, len(luck) if choice["exact"] else choice["samples"]),
                                     -choice["value"]))
    for choice in weighed:  # the page lists the finalists, in one order (by value); the rest left the race
        choice["finalist"] = choice["exact"] or choice["samples"] >= most
        if len(choice["keep"]) == len(DICE):
            choice["word"] = (best_word(faces) or {"word": None})["word"]  # declaring now lays this word
    return {"choices": weighed, "rolls_left": rolls_left}


def prepare(state: dict) -> None:
    """The word finder, its keys and the aims' whole trie, made before the first advice needs them (a phone's
    worker takes seconds)."""
    _finder()
    _Trie.grown()


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
        keep = set(best["dice"] if best else ()) | locked_dice(state)
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
