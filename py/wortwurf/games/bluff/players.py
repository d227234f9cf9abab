"""Computer players and the hint of "Wer behält recht?": words containing a fragment (an infix query over the
lexicon), the tiles that can go at the fragment's ends, and a choice of tile and announcement.

A choice is worth most as an announcement its player could finish alone if it comes back round (the longer,
the harder for the others to finish or change), then as building on another's, then as an announcement short
of letters that the others will likely change; one likely to come back unfinished is worth less than drawing
a tile or, worse still, passing. The weakest player takes any legal choice, the middle one one of the better
half that is not worse than drawing, the strongest the best.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import islice

from ...chance import keyed
from ...errors import IllegalAction
from ..options import seat_strength
from ..typdom.table import key, run
from ..typdom.tiles import JOKER, TILES, VOWELS
from . import rules
from .announcements import containing, words_containing

SURE = 100.0  # an announcement its player could finish alone is worth this and its length
DRAW = 25.0  # what drawing a tile is worth to the middle and the strong computer players
PASS = 5.0  # and passing
RISKY = 30.0  # what a short announcement is worth at most: when the others can surely change it
EASY = 40  # a fragment held by this many words is one the others will change
SHOWN_WORDS = 5  # the shortest words containing a fragment, named by the hint
LONGEST = 40  # letters in a fragment asked about (the longest word has fewer)
EXAMINED_PER_TRIED = 25  # words looked at per word tried: most long words cannot fit a crowded table


def words_with(state: dict, fragment) -> dict:
    """How many words that count at this table contain `fragment`, and the shortest few: the hint names them
    beside its proposal."""
    if not isinstance(fragment, str) or not fragment.isascii() or not fragment.isalpha() or len(fragment) > LONGEST:
        raise IllegalAction("bad_call", name="words_with")
    found = list(words_containing(state, fragment.upper()))
    return {"count": len(found), "shortest": found[:SHOWN_WORDS]}


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
    as actions with their worth: [{"action", "worth"}]; up to `limit_words` words tried per fragment, and
    the search ends once `most` are found (a new word has many places to start)."""
    player = state["turn"]
    rack = state["racks"][player]
    found, seen = [], set()
    for cell, _ in _ends(state):
        if len(found) >= most:
            break
        for tile in dict.fromkeys(rack):
            for letter in rules.letters_for(tile):
                if (cell, TILES[tile][0], letter) in seen:
                    continue
                seen.add((cell, TILES[tile][0], letter))
                action = {"type": "lay", "tile": tile, "row": cell[0], "col": cell[1]}
                if TILES[tile][0] == JOKER:
                    action["letter"] = letter
                found += _lays(state, action, letter, limit_words)
    return found


def _lays(state: dict, action: dict, letter: str, limit_words: int) -> list[dict]:
    """The ways to make this lay: building on (if allowed), and with each announcement that would be taken."""
    cells = {**state["cells"], key(action["row"], action["col"]): [action["tile"], letter]}
    lays = []
    if state["phase"] == rules.BUILD and not state["laid"]:
        try:
            rules.apply(state, action)
            lays.append({"action": action, "worth": _worth(state, None, action["tile"], "")})
        except IllegalAction:
            pass
    if state["laid"]:
        return lays
    for direction in (rules.ACROSS, rules.DOWN):
        line = run(cells, action["row"], action["col"], *direction)
        if len(line) < 2 and cells.keys() - {key(action["row"], action["col"])}:
            continue
        fragment = "".join(cells[key(*c)][1] for c in line)
        tried = 0
        for word in islice(words_containing(state, fragment), EXAMINED_PER_TRIED * limit_words):
            if tried >= limit_words:
                break
            if state["word"] and word == state["word"]["announced"]:
                continue
            if rules.fits(state, cells, line, direction, word) or (len(line) == 1 and rules.fits(
                    state, cells, line, (direction[1], direction[0]), word)):
                tried += 1
                try:
                    rules.apply(state, {**action, "word": word})
                except IllegalAction:
                    continue
                lays.append({"action": {**action, "word": word}, "worth": _worth(state, word, action["tile"], fragment)})
    return lays


def _worth(state: dict, word: str | None, laid: int, fragment: str) -> float:
    """How good a lay is for its player. Best, an announcement they could finish alone if it comes back (the
    longer, the harder for the others to finish or change); then building on another's announcement; then an
    announcement short of letters that the others can easily change (many words hold its fragment); worst,
    one short of letters that is likely to come back and cost the player every tile they hold (worth less
    than drawing a tile: see RISKY)."""
    if word is None:
        return 75.0
    short = _short(state["racks"][state["turn"]], laid, Counter(word) - Counter(fragment))
    if not short:
        return SURE + len(word)
    return RISKY * _others_could_change(state["options"]["names"], state["options"]["verb_forms"], fragment) / EASY + 20.0 - 10 * short


def _short(rack: list[int], laid: int, needed: Counter) -> int:
    """How many of the `needed` letters the rack (without the tile just laid) lacks, jokers by colour."""
    held = Counter(TILES[t] for t in rack if t != laid)
    jokers = {"red": held.pop((JOKER, "red"), 0), "black": held.pop((JOKER, "black"), 0)}
    letters = Counter({letter: n for (letter, _), n in held.items()})
    short = 0
    for letter, n in (needed - letters).items():
        colour = "red" if letter in VOWELS else "black"
        covered = min(n, jokers[colour])
        jokers[colour] -= covered
        short += n - covered
    return short


@lru_cache(maxsize=1024)
def _others_could_change(names: bool, verb_forms: bool, fragment: str) -> int:
    """How many words (up to EASY) hold `fragment`: a rare fragment tends to come back round unchanged."""
    return sum(1 for _ in islice(containing(names, verb_forms, fragment), EASY))


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
                colour = "red" if letter in VOWELS else "black"
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
    """For the player to move: a word they could announce with a tile of theirs (the best one), and how many."""
    found = choices(state, limit_words=40) if state["phase"] != rules.FORCED else []
    announcing = [c for c in found if "word" in c["action"]]
    best = max(announcing, key=lambda c: c["worth"], default=None)
    return {"move": best and best["action"], "count": len(announcing)}


def computer_action(state: dict) -> dict:
    """What the computer player to move does: a forced finish if it can (else it fails); a lay chosen by its
    strength; else a draw, then a pass."""
    if state["deal_over"]:
        raise IllegalAction("not_computer")  # a person moves on to the next deal
    strength = seat_strength(state, state["turn"])
    if state["phase"] == rules.FORCED:
        tiles = finishing_tiles(state)
        return {"type": "finish", "tiles": tiles} if tiles else {"type": "fail"}
    if state["laid"]:
        found = choices(state, limit_words=20)
        return found[0]["action"] if found and strength > 1 else {"type": "stop"}
    found = sorted(choices(state, limit_words=20 * strength), key=lambda c: (c["worth"], str(c["action"])), reverse=True)
    if found and found[0]["worth"] < DRAW and strength > 1 and state["pool"] and not state["drew"]:
        return {"type": "draw"}  # a tile from the pool may give an announcement worth making
    if found and found[0]["worth"] < PASS and strength > 1:
        return {"type": "pass"}
    if found:
        # The middle player takes any of the better half, but never a risk when it holds a sure announcement.
        floor = SURE if found[0]["worth"] >= SURE else min(found[0]["worth"], DRAW)
        safe = [c for c in found[: max(1, len(found) // 2)] if c["worth"] >= floor]
        pool = found[:1] if strength == 3 else safe if strength == 2 else found
        return pool[keyed(state["seed"], state["deal"], len(state["log"]), "computer") % len(pool)]["action"]
    if state["pool"] and not state["drew"]:
        return {"type": "draw"}
    return {"type": "pass"}
