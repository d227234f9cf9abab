"""Computer players and the hint of "Wer behält recht?": words containing a fragment (an infix query over the
lexicon), the tiles that can go at the fragment's ends, and a choice of tile and announcement.

A choice is worth most as an announcement its player could finish alone if it came back round at once
(`finishing_tiles` finds the rest in its rack; the longer, the harder for the others to finish or change),
then as building on another's, then as a bluff: an announcement it could not finish, worth more the likelier
the others hold the letters it lacks and the more words hold its fragment. The weakest player takes any
legal choice; the middle and the strong one draw rather than bluff, and then pass unless a bluff is worth
BLUFF to them or they must start a word; the middle one takes any of its better choices as good as the
best, the strong one the best. A word people know (the lexicon's "frequent") is tried first (`announcements`),
and as an announcement its player could finish it is worth more than a rarer one: the hint and the computers
announce HAUS before AAK (a bluff's worth is its bet's alone).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import islice

from ...budget import out_of_time
from ...chance import keyed
from ...errors import IllegalAction
from ...words import default_lexicon
from ...words.tags import KNOWN
from ..options import seat_strength
from ..typdom.table import key, run
from ..typdom.tiles import JOKER, TILES, colour_of
from ..typdom.words import spelled
from . import rules
from .announcements import announceable, containing, count_containing, listed, walk_on

SURE = 100.0  # an announcement its player could finish alone is worth this and its length
BUILD_ON = 75.0  # building on the standing announcement: never a risk of one's own
BLUFF = {2: 30.0, 3: 36.0}  # the least worth of a bluff the middle and strong players make rather than pass
CLOSE = 5.0  # a bluff this close to the best one is as good to the middle player
RISKY = 30.0  # what a bluff is worth above 20 at most: when the others surely hold the letters it lacks
KNOWN_SURE = 20.0  # what a word people know adds to an announcement its player could finish: any beats a rarer one
EASY = 40  # a fragment held by this many words is one the others will change
SHOWN_WORDS = 5  # the shortest words containing a fragment, named by the hint
LONGEST = 40  # letters in a fragment asked about (the longest word has fewer)
EXAMINED_PER_TRIED = 25  # words looked at per word tried: most long words cannot fit a crowded table
OWN_TRIED = 3  # words of the rack's own letters tried at every place, for an announcement it could finish alone
OWN_EXAMINED = 500  # words holding a fragment looked at for the rack's own words
WORDS_A_STRENGTH = 20  # words tried a fragment, for each step of a computer's strength
KEPT = EXAMINED_PER_TRIED * WORDS_A_STRENGTH * 3  # words kept a fragment: all the strongest computer looks at


def words_with(state: dict, fragment) -> dict:
    """How many words that count at this table contain `fragment`, and the shortest few: the hint names them
    beside its proposal."""
    if not isinstance(fragment, str) or not fragment.isascii() or not fragment.isalpha() or len(fragment) > LONGEST:
        raise IllegalAction("bad_call", name="words_with")
    house_rules = state["options"]["names"], state["options"]["verb_forms"]
    announceable(*house_rules)  # (the whole list: a count of words so far would mislead)
    kept = _shortest_holding(*house_rules, fragment.upper(), KEPT)
    count = len(kept) if len(kept) < KEPT else count_containing(*house_rules, fragment.upper())
    return {"count": count, "shortest": kept[:SHOWN_WORDS]}


def prepare(state: dict) -> None:
    """The words that may be announced at this table, listed before the first hint or computer needs them (a
    phone's worker takes seconds to walk the lexicon)."""
    announceable(state["options"]["names"], state["options"]["verb_forms"])


def _ends(state: dict) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The cells a tile may go to now, with the fragment's direction: its two ends (four round a single tile);
    for a new word, every free cell beside the crossword (the middle of an empty table)."""
    if state["phase"] == rules.START:
        if not state["cells"]:
            return [((0, 0), rules.ACROSS)]
        taken = [tuple(map(int, place.split(","))) for place in state["cells"]]
        free = {(r + dr, c + dc) for r, c in taken for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
        return [(cell, rules.ACROSS) for cell in sorted(free) if key(*cell) not in state["cells"]]
    fragment = [tuple(cell) for cell in state["word"]["cells"]]
    found = []
    for direction in rules._directions(state):
        found += [(rules._step(fragment[0], direction, -1), direction), (rules._step(fragment[-1], direction), direction)]
    return [(cell, d) for cell, d in found if key(*cell) not in state["cells"]]


def choices(state: dict, limit_words: int = 60, most: int = 40) -> list[dict]:
    """The lays the player to move could make with a fitting announcement (or building on the standing one),
    as actions with their worth: [{"action", "worth"}]; up to `limit_words` words tried per fragment until
    `most` are found (a new word has many places to start), and past that, at every place, the words the
    rack could finish alone (OWN_TRIED a fragment), so that an announcement it could finish is not missed.
    Out of time (`wortwurf.budget`), the lays found at the places tried so far; before the words that may be
    announced are all listed (a phone's first seconds), the lays of the words listed so far, or with all of
    them where those give none."""
    house_rules = state["options"]["names"], state["options"]["verb_forms"]
    walk_on(*house_rules)
    found = _choices(state, limit_words, most)
    if not found and listed(*house_rules)[0] is not None:
        announceable(*house_rules)
        found = _choices(state, limit_words, most)
    return found


def _choices(state: dict, limit_words: int, most: int) -> list[dict]:
    player = state["turn"]
    rack = state["racks"][player]
    found, seen, own = [], set(), {}
    for cell, _ in _ends(state):
        for tile in dict.fromkeys(rack):
            if found and out_of_time():
                return found  # (out of the call's time budget: the lays found so far)
            for letter in rules.letters_for(tile):
                if (cell, TILES[tile][0], letter) in seen:
                    continue
                seen.add((cell, TILES[tile][0], letter))
                action = {"type": "lay", "tile": tile, "row": cell[0], "col": cell[1]}
                if TILES[tile][0] == JOKER:
                    action["letter"] = letter
                found += _lays(state, action, letter, limit_words if len(found) < most else 0, own)
    return found


def _lays(state: dict, action: dict, letter: str, limit_words: int, own: dict) -> list[dict]:
    """The ways to make this lay: building on (if allowed), and with each announcement that would be taken:
    the first `limit_words` that fit, and those of the rack's own words that fit (`own`: fragment -> the
    words holding it made only of letters the rack can show, found once a search)."""
    cells = {**state["cells"], key(action["row"], action["col"]): [action["tile"], letter]}
    lays = []
    if state["phase"] == rules.BUILD and not state["laid"] and limit_words:
        try:
            rules.apply(state, action)
            lays.append({"action": action, "worth": BUILD_ON})
        except IllegalAction:
            pass
    if state["laid"]:
        return lays
    for direction in (rules.ACROSS, rules.DOWN):
        line = run(cells, action["row"], action["col"], *direction)
        if len(line) < 2 and cells.keys() - {key(action["row"], action["col"])}:
            continue
        fragment = "".join(cells[key(*c)][1] for c in line)
        if fragment not in own:
            held = _held_letters(state["racks"][state["turn"]]) | set(fragment)
            own[fragment] = dict.fromkeys(w for w in _shortest_holding(
                state["options"]["names"], state["options"]["verb_forms"], fragment) if set(w) <= held)
        some = (w for w in _shortest_holding(state["options"]["names"], state["options"]["verb_forms"], fragment,
                                             EXAMINED_PER_TRIED * limit_words) if w not in own[fragment])
        for words, limit in ((own[fragment], OWN_TRIED), (some, limit_words)):
            lays += _announcing(state, action, cells, line, direction, fragment, words, limit)
    return lays


def _announcing(state: dict, action: dict, cells: dict, line: list, direction, fragment: str, words, limit: int):
    """The lay announcing each of the first `limit` of `words` that fit round the fragment, with its worth
    (out of time, those found so far: a crowded table turns most words away)."""
    lays, tried = [], 0
    for word in words:
        if tried >= limit or (lays and out_of_time()):
            break
        if state["word"] and word == state["word"]["announced"]:
            continue
        if rules.fits(state, cells, line, direction, word) or (len(line) == 1 and rules.fits(
                state, cells, line, (direction[1], direction[0]), word)):
            tried += 1
            try:
                after = rules.apply(state, {**action, "word": word})
            except IllegalAction:
                continue
            lays.append({"action": {**action, "word": word}, "worth": _worth(state, word, action["tile"], fragment, after)})
    return lays


def _worth(state: dict, word: str, laid: int, fragment: str, after: dict) -> float:
    """How good an announcement is for its player. Best, one they could finish alone if it came back at once
    (`finishing_tiles` finds the whole rest in their rack; the longer, the harder for the others to finish or
    change), or one their tile finished; below building on another's (BUILD_ON), a bluff: worth more the
    likelier the others hold the letters it lacks and the more words hold its fragment, less for each letter
    lacked (at most RISKY + 20)."""
    if after["word"] is None or after["deal_over"] or finishing_tiles(
            {**after, "phase": rules.FORCED, "turn": state["turn"], "laid": False, "extra": 0}) is not None:
        return SURE + len(word) + KNOWN_SURE * _known(word)
    missing = _missing(state["racks"][state["turn"]], laid, Counter(word) - Counter(fragment))
    changed = min(EASY, len(_shortest_holding(state["options"]["names"], state["options"]["verb_forms"], fragment))) / EASY
    return 20.0 + RISKY * (0.8 * _others_hold(state, missing) + 0.2 * changed) - 10 * sum(missing.values())


@lru_cache(maxsize=4096)
def _known(word: str) -> bool:
    """Whether people know the word (the lexicon's "frequent"), as it is announced (TYP-DOM's spelling)."""
    entry = default_lexicon().lookup(word)
    return entry is not None and bool(entry.bits & KNOWN)


def _held_letters(rack: list[int]) -> set[str]:
    """The letters a rack can show (a joker: every letter of its colour)."""
    return {letter for tile in rack for letter in rules.letters_for(tile)}


def _missing(rack: list[int], laid: int, needed: Counter) -> Counter:
    """The `needed` letters the rack (without the tile just laid) lacks, jokers by colour."""
    held = Counter(TILES[t] for t in rack if t != laid)
    jokers = {"red": held.pop((JOKER, "red"), 0), "black": held.pop((JOKER, "black"), 0)}
    letters = Counter({letter: n for (letter, _), n in held.items()})
    missing = Counter()
    for letter, n in (needed - letters).items():
        colour = colour_of(letter)
        covered = min(n, jokers[colour])
        jokers[colour] -= covered
        if n > covered:
            missing[letter] = n - covered
    return missing


def _others_hold(state: dict, missing: Counter) -> float:
    """The chance that the other players between them hold every `missing` letter (a joker of its colour
    counts), from the tiles the player to move cannot see: the others' racks and the pool. Others who hold
    them may build the bluff on or finish it, so that it does not come back short."""
    player = state["turn"]
    hidden = [t for p, rack in enumerate(state["racks"]) if p != player for t in rack] + state["pool"]
    in_racks = sum(len(rack) for p, rack in enumerate(state["racks"]) if p != player)
    if not hidden:
        return 0.0
    share = in_racks / len(hidden)
    chance = 1.0
    for letter, n in missing.items():
        colour = colour_of(letter)
        copies = sum(1 for t in hidden if TILES[t] in ((letter, colour), (JOKER, colour)))
        chance *= 0.0 if copies < n else 1.0 - (1.0 - share) ** (copies - n + 1)
    return chance


@lru_cache(maxsize=2048)  # (four seeded deals asked 4,047 fragments, 12 MB in all: most hold a few words)
def _shortest_joined(names: bool, verb_forms: bool, fragment: str, walked: int | None) -> str:
    """The shortest KEPT words holding `fragment`, a line each, kept for the next lays and turns: the
    crossword's few fragments come back at every place and tile tried, turn after turn, and a rare one is
    sought through the whole list. (One string a fragment: some 20 KB, where 1,500 strings are 100.)
    A fragment grows a letter at a time: when the words holding it less its first or its last letter are
    all kept, its own are among them and are taken from there, not sought through the whole list again.
    (`walked`: as `listed` counts the words walked so far, None for the whole list.)"""
    if len(fragment) > 1:
        for part in (fragment[1:], fragment[:-1]):
            held = _shortest_joined(names, verb_forms, part, walked)
            if held.count("\n") < KEPT - 1:  # (every word holding the part is in it)
                return "\n".join(word for word in held.split("\n") if fragment in word) if held else ""
    return "\n".join(islice(containing(listed(names, verb_forms)[1], fragment), KEPT))


def _shortest_holding(names: bool, verb_forms: bool, fragment: str, most: int = OWN_EXAMINED) -> list[str]:
    """The shortest `most` (at most KEPT) words holding `fragment`, shortest first."""
    assert most <= KEPT, most  # (a stronger computer needs KEPT raised)
    joined = _shortest_joined(names, verb_forms, fragment, listed(names, verb_forms)[0])
    return joined.split("\n", most)[:most] if joined else []


def finishing_tiles(state: dict) -> list[dict] | None:
    """A forced finish from the announcer's rack: the tiles for every missing letter where the word fits, or
    None when the rack lacks one."""
    word, player = state["word"], state["turn"]
    fragment = [tuple(c) for c in word["cells"]]
    shown = "".join(state["cells"][key(*c)][1] for c in fragment)
    for direction in rules._directions(state):
        for offset in range(len(word["announced"]) - len(shown) + 1):
            if word["announced"][offset:offset + len(shown)] != shown:
                continue
            start = rules._step(fragment[0], direction, -offset)
            left, tiles = list(state["racks"][player]), []
            for i, letter in enumerate(word["announced"]):
                cell = rules._step(start, direction, i)
                if key(*cell) in state["cells"]:
                    continue
                real = next((t for t in left if TILES[t][0] == letter), None)
                colour = colour_of(letter)
                joker = next((t for t in left if TILES[t] == (JOKER, colour)), None)
                chosen = real if real is not None else joker
                if chosen is None:
                    break
                left.remove(chosen)
                tiles.append({"tile": chosen, "row": cell[0], "col": cell[1],
                              **({"letter": letter} if chosen == joker and real is None else {})})
            else:
                try:
                    rules.apply(state, {"type": "finish", "tiles": tiles})
                    return tiles
                except IllegalAction:
                    continue
    return None


def hint(state: dict) -> dict:
    """For the player to move: a word they could announce with a tile of theirs (the best one; "word": as the
    Wörterbuch spells it), and how many."""
    found = choices(state, limit_words=40) if state["phase"] != rules.FORCED else []
    announcing = [c for c in found if "word" in c["action"]]
    best = max(announcing, key=lambda c: c["worth"], default=None)
    return {"move": best and best["action"], "word": best and spelled(best["action"]["word"]), "count": len(announcing)}


def computer_action(state: dict) -> dict:
    """What the computer player to move does: a forced finish if `finishing_tiles` finds one (else it fails);
    else a lay chosen by its strength. The middle and strong players bluff by choice: with nothing better
    than a bluff they draw a tile first, then pass rather than bluff unless the bluff is worth BLUFF to them
    (or they must start a word)."""
    if state["deal_over"]:
        raise IllegalAction("not_computer")  # a person moves on to the next deal
    strength = seat_strength(state, state["turn"])
    if state["phase"] == rules.FORCED:
        tiles = finishing_tiles(state)
        return {"type": "finish", "tiles": tiles} if tiles else {"type": "fail"}
    if state["laid"]:
        found = choices(state, limit_words=20)
        return found[0]["action"] if found and strength > 1 else {"type": "stop"}
    found = sorted(choices(state, limit_words=WORDS_A_STRENGTH * strength, most=40 * strength), key=lambda c: (c["worth"], str(c["action"])), reverse=True)
    best = found[0]["worth"] if found else 0.0
    can_draw = bool(state["pool"]) and not state["drew"]
    starting = state["phase"] == rules.START  # a start is passed on only by a player who cannot start a word
    if strength > 1 and best < BUILD_ON:  # nothing but bluffs
        if can_draw:
            return {"type": "draw"}  # a tile from the pool may give an announcement worth making
        if not starting and best < BLUFF[strength]:
            return {"type": "pass"}
    if found:
        # The middle player takes any of the better half as good as the best: sure, building on, or a bluff
        # close to the best one.
        floor = SURE if best >= SURE else BUILD_ON if best >= BUILD_ON else best - CLOSE
        pool = found[:1] if strength == 3 else found if strength == 1 else [
            c for c in found[: max(1, len(found) // 2)] if c["worth"] >= floor]
        return pool[keyed(state["seed"], state["deal"], len(state["log"]), "computer") % len(pool)]["action"]
    if can_draw:
        return {"type": "draw"}
    return (starting and rules.starting_lay(state)) or {"type": "pass"}
