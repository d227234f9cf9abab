"""DICEWORDS: ten letter dice, up to three rolls, one word scored per turn.

Rulebook 002 (German edition) plus the rules notes. A word is laid from the
showing dice, each die at most once, at least three letters; Ä/Ö/Ü may be
two dice (AE/OE/UE); the silver die's joker stands for any letter and is
worth -2. Score = (sum of letter values) x (number of letters). A word the
lexicon refuses scores 0 unless the table overrules. The game ends when a
player has reached the target and the round is complete.

Faces are keyed to (seed, turn, roll, die), so a replay shows the same faces.
"""

from __future__ import annotations

from ...chance import keyed
from ...errors import IllegalAction
from ..options import Option, check_seats, computer_seats, flag, standings
from ...words import default_lexicon, normalize
from .words import counts as counts_in_dicewords
from ...words.spelling import UMLAUTS

MIN_PLAYERS = 1
MAX_PLAYERS = 8
ROLLS = 3
MIN_LETTERS = 3
JOKER = "?"
# (colour, identifier letter printed small on every face, faces), as in the rulebook's table.
DICE = (
    ("gold", "E", "EAEIOU"),
    ("dunkelblau", "E", "EAEIOU"),
    ("orange", "J", "JIBMRT"),
    ("lila", "Q", "QEFGRS"),
    ("hellblau", "V", "VÄCGLT"),
    ("braun", "W", "WÜBPNS"),
    ("gruen", "X", "XEHKPT"),
    ("rot", "Y", "YADKLS"),
    ("schwarz", "Z", "ZÖCDNR"),
    ("silber", "?", "?FHMLN"),
)
# The rulebook prints no value table; this one reproduces all its worked examples (rules notes).
VALUES = {
    **dict.fromkeys("AEILNRST", 1), **dict.fromkeys("DHOU", 2), **dict.fromkeys("BCFGKMPÜ", 3),
    **dict.fromkeys("ÄÖ", 4), **dict.fromkeys("VWZ", 5), "J": 6, **dict.fromkeys("QXY", 8), JOKER: -2,
}
ACTION_TYPES = frozenset({"roll", "declare", "pass", "overrule"})
# `timer` only asks the page for a visible countdown of TURN_SECONDS; the table keeps to it, as with a sand timer.
TURN_SECONDS = 180
# `computer`: per seat 0 a person, 1 no re-roll, 2 greedy, 3 strongest (see strategy).
# `verdict`: the word being laid says whether it counts (the rulebook leaves a table free to find out only on
# declaring, as with the box: off).
OPTIONS = (Option("target", "int", 400, low=50, high=5000), flag("locked_keeps"), flag("physical"), flag("timer"),
           flag("verdict", True), computer_seats())


def word_score(letters: list[str]) -> int:
    """(sum of the letters' values) x (number of letters); a joker is '?' here."""
    return sum(VALUES[letter] for letter in letters) * len(letters)


def new_game(players: list[str], options: dict, seed: int) -> dict:
    check_seats(options, players)
    return {
        "game": "dicewords",
        "seed": seed,
        "players": players,
        "options": options,
        "turn_index": 0,
        "scores": [0] * len(players),
        "pad": [[] for _ in players],
        "turn": _fresh_turn(),
        "last_turn": None,
        "over": False,
        "events": [{"e": "started", "start": 0}],
    }


def _fresh_turn() -> dict:
    return {"rolls": 0, "faces": [None] * len(DICE), "locked": []}


def current_player(state: dict) -> int:
    return state["turn_index"] % len(state["players"])


def mover(state: dict, action: dict) -> int | None:
    """Every step is the player's on turn, but an overrule: the table lets a word count."""
    return None if action["type"] == "overrule" else current_player(state)


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    if state["over"] and action["type"] != "overrule":
        raise IllegalAction("game_over")
    turn = state["turn"]
    state = {
        **state,
        "scores": list(state["scores"]),
        "pad": [list(column) for column in state["pad"]],
        "turn": {**turn, "faces": list(turn["faces"]), "locked": list(turn["locked"])},
        "events": [],
    }
    kind = action["type"]
    if kind == "roll":
        _roll(state, action.get("keep", []), action.get("faces"))
    elif kind == "declare":
        _declare(state, action.get("dice"), action.get("letters", {}))
    elif kind == "pass":
        _pass(state)
    else:
        _overrule(state)
    return state


def sound(state: dict) -> bool:
    """Whether the state has its ten dice: the helpers' search grows with every die, so a state handed back
    with more would take long to answer."""
    faces = state["turn"]["faces"]
    return isinstance(faces, list) and len(faces) == len(DICE)


def undoable(state: dict) -> bool:
    """Whether the action that led to `state` may be taken back: a declared word,
    a pass or an overrule may (until the next roll), a roll never."""
    return bool(state["events"]) and state["events"][0]["e"] in ("declared", "passed", "overruled")


def accounted(state: dict) -> bool:
    """Ten dice, each showing one of its faces or nothing yet; a locked die has rolled."""
    faces, locked = state["turn"]["faces"], state["turn"]["locked"]
    return len(faces) == len(DICE) and all(face is None or face in DICE[d][2] for d, face in enumerate(faces)) \
        and all(faces[d] is not None for d in locked)


# --- rolling ----------------------------------------------------------------------


def _roll(state: dict, keep, faces) -> None:
    turn = state["turn"]
    if turn["rolls"] >= ROLLS:
        raise IllegalAction("no_rolls_left")
    if not isinstance(keep, list) or any(type(d) is not int or not 0 <= d < len(DICE) for d in keep) \
            or len(set(keep)) != len(keep) or (turn["rolls"] == 0 and keep):
        raise IllegalAction("bad_dice", last=len(DICE) - 1)
    if state["options"]["locked_keeps"] and not set(turn["locked"]) <= set(keep):
        raise IllegalAction("die_locked")
    rolled = [d for d in range(len(DICE)) if d not in keep]
    if faces is None:
        if state["options"]["physical"]:
            raise IllegalAction("faces_required")
        faces = [_keyed_face(state, d) for d in rolled]
    elif not state["options"]["physical"]:
        raise IllegalAction("faces_need_real_dice")
    elif not isinstance(faces, list) or len(faces) != len(rolled) or any(
        not isinstance(face, str) or len(face) != 1 or face not in DICE[d][2] for d, face in zip(rolled, faces)
    ):
        raise IllegalAction("bad_letters", count=len(rolled))
    for die, face in zip(rolled, faces):
        turn["faces"][die] = face
    turn["rolls"] += 1
    turn["locked"] = sorted(keep)
    state["events"].append({"e": "rolled", "player": current_player(state), "faces": list(turn["faces"]),
                            "rolled": rolled})


def _keyed_face(state: dict, die: int) -> str:
    side = keyed(state["seed"], state["turn_index"], state["turn"]["rolls"], die) % 6
    return DICE[die][2][side]


# --- declaring ------------------------------------------------------------------


def spelled(faces: list, dice, letters) -> list[str]:
    """The letters laid by `dice` in order, a joker standing for its chosen letter.

    Returns the letters as the word reads (with the joker's chosen letter);
    raises IllegalAction for a die used twice, not showing, or a joker without a letter.
    """
    if not isinstance(dice, list) or any(type(d) is not int or not 0 <= d < len(DICE) for d in dice):
        raise IllegalAction("bad_dice", last=len(DICE) - 1)
    if len(set(dice)) != len(dice):
        raise IllegalAction("die_used_twice")
    if not isinstance(letters, dict):
        raise IllegalAction("bad_letters", count=len(dice))
    word = []
    for die in dice:
        face = faces[die]
        if face is None:
            raise IllegalAction("must_roll_first")
        if face == JOKER:
            chosen = normalize(str(letters.get(str(die), "")))
            if chosen is None or len(chosen) != 1:
                raise IllegalAction("joker_letter", die=die)
            word.append(chosen)
        else:
            word.append(face)
    return word


def _declare(state: dict, dice, letters) -> None:
    turn = state["turn"]
    if turn["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    word = spelled(turn["faces"], dice, letters)
    if len(word) < MIN_LETTERS:
        raise IllegalAction("word_too_short", min=MIN_LETTERS)
    text = "".join(word)
    valid = counts(text)
    points = word_score([turn["faces"][d] for d in dice])  # the joker's face counts -2
    player = current_player(state)
    state["events"].append({"e": "declared", "player": player, "word": text, "points": points if valid else 0,
                            "valid": valid, "value": points})
    _end_turn(state, {"word": text, "points": points if valid else 0, "value": points, "valid": valid,
                      "overruled": False, "dice": dice})


def counts(word: str) -> bool:
    """Whether the lexicon lets `word` count in DICEWORDS."""
    entry = default_lexicon().lookup(word)
    return entry is not None and counts_in_dicewords(entry.bits)


def _pass(state: dict) -> None:
    if state["turn"]["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    state["events"].append({"e": "passed", "player": current_player(state)})
    _end_turn(state, {"word": None, "points": 0, "value": 0, "valid": True, "overruled": False, "dice": []})


def _overrule(state: dict) -> None:
    """The table lets the last refused word count after all."""
    last = state["last_turn"]
    if not last or last["entry"]["valid"] or last["entry"]["overruled"] or state["turn"]["rolls"]:
        raise IllegalAction("nothing_to_overrule")
    player = last["player"]
    entry = {**last["entry"], "points": last["entry"]["value"], "overruled": True}
    state["pad"][player][-1] = entry
    state["scores"][player] += entry["points"]
    state["last_turn"] = {**last, "entry": entry}
    state["events"].append({"e": "overruled", "player": player, "word": entry["word"], "points": entry["points"]})
    _check_end(state)


def _end_turn(state: dict, entry: dict) -> None:
    player = current_player(state)
    state["pad"][player].append(entry)
    state["scores"][player] += entry["points"]
    state["last_turn"] = {"player": player, "entry": entry, "faces": state["turn"]["faces"]}
    state["turn_index"] += 1
    state["turn"] = _fresh_turn()
    _check_end(state)


def _check_end(state: dict) -> None:
    """Over when a round is complete and someone has reached the target (an overrule may change who won)."""
    players = len(state["players"])
    round_complete = state["turn_index"] % players == 0
    state["over"] = round_complete and max(state["scores"]) >= state["options"]["target"]
    if state["over"]:
        state["events"].append({"e": "over", **result(state)})


# --- building a word ----------------------------------------------------------------


def lay_word(state: dict, request: dict) -> dict:
    """A word in progress, laid and scored but not declared: the live figure while building.

    `request` is {"dice": [...], "letters": {...}} as tapped (any length, so a
    word can be shown as it grows) or {"text": "..."} as typed, matched to the
    dice the best-scoring way. "counts" says whether the word counts once it is
    long enough, where the table chose the live verdict (else None: the table
    finds out on declaring, as with the box).
    """
    faces = state["turn"]["faces"]
    if state["turn"]["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    if not isinstance(request, dict):
        raise IllegalAction("bad_dice", last=len(DICE) - 1)
    if "text" in request:
        request = match_typed(faces, request["text"])
    dice, letters = request.get("dice"), request.get("letters", {})
    word = spelled(faces, dice, letters)
    tiles = [faces[d] for d in dice]
    return {
        "dice": dice,
        "letters": {str(d): letter for d, letter in zip(dice, word) if faces[d] == JOKER},
        "word": "".join(word),
        "sum": sum(VALUES[tile] for tile in tiles),
        "length": len(tiles),
        "points": word_score(tiles),
        "declarable": len(tiles) >= MIN_LETTERS,
        "counts": counts("".join(word)) if state["options"]["verdict"] and len(tiles) >= MIN_LETTERS else None,
    }


def hint(state: dict) -> dict:
    """The best word for the dice showing now; between turns, the best the last turn's dice allowed
    and whether the word played was as good."""
    turn, last = state["turn"], state["last_turn"]
    missed = best_word(last["faces"]) if last and not turn["rolls"] else None
    return {
        "best": best_word(turn["faces"]) if turn["rolls"] else None,
        "missed": missed,
        "played_best": bool(missed) and last["entry"]["points"] >= missed["points"],
    }


# --- typing a word ----------------------------------------------------------------


def match_typed(faces: list, text: str) -> dict:
    """The dice (and joker letters) that lay a typed word, the best-scoring way.

    A player may type Ü or UE, ß or SS, any case; each letter goes on a die
    showing it or on the joker, an umlaut also on two dice (U and E). When
    several layings exist the table's favourite, the highest score, is chosen.
    Raises IllegalAction("not_on_dice") when the showing dice cannot lay it.
    """
    word = normalize(text) if isinstance(text, str) else None
    if word is None:
        raise IllegalAction("not_on_dice", word=str(text)[:20])
    best = None
    for reading in _typed_readings(word):
        for dice, letters, tiles in _layings(faces, reading, 0, list(range(len(faces)))):
            points = word_score(tiles)
            if best is None or points > best[0]:
                best = (points, dice, letters)
    if best is None:
        raise IllegalAction("not_on_dice", word=word)
    return {"dice": best[1], "letters": best[2], "points": best[0]}


def _typed_readings(word: str) -> list[str]:
    """The word as typed, and read with umlauts where it types one as AE/OE/UE
    (WUERFEL may be laid with the Ü die; FEUER may not become FEÜR)."""
    entry = default_lexicon().lookup(word)
    if entry is None or entry.word == word:
        return [word]
    return [word, entry.word]


def _layings(faces: list, word: str, at: int, free: list[int]):
    """(dice, joker letters, tiles) for every way the free dice lay word[at:]."""
    if at == len(word):
        yield [], {}, []
        return
    letter = word[at]
    ways = [letter] + ([UMLAUTS[letter]] if letter in UMLAUTS else [])
    for way in ways:
        yield from _lay_parts(faces, word, at, free, way, [], {}, [])


def _lay_parts(faces, word, at, free, parts, dice, letters, tiles):
    """Lay the parts of one letter (one, or U and E for Ü) die by die, then the rest of the word."""
    if not parts:
        for rest_dice, rest_letters, rest_tiles in _layings(faces, word, at + 1, free):
            yield dice + rest_dice, {**letters, **rest_letters}, tiles + rest_tiles
        return
    part = parts[0]
    showing = next((d for d in free if faces[d] == part), None)
    candidates = [showing] if showing is not None else []
    joker = next((d for d in free if faces[d] == JOKER), None)
    if joker is not None:
        candidates.append(joker)
    for die in candidates:
        rest = [d for d in free if d != die]
        if faces[die] == JOKER:
            yield from _lay_parts(faces, word, at, rest, parts[1:], dice + [die], {**letters, str(die): part},
                                  tiles + [JOKER])
        else:
            yield from _lay_parts(faces, word, at, rest, parts[1:], dice + [die], letters, tiles + [part])


# --- the best-word helper ---------------------------------------------------------------


def best_word(faces: list, lexicon=None) -> dict | None:
    """The highest-scoring word the showing dice can lay, as a declare action would, with its score.

    Every way of laying each word is scored (Ü from the Ü face, from U and E,
    or with the joker for one of them; the joker for a missing letter), so
    WUERFEL (98) beats WÜRFEL (84). Words
    the lexicon lists are searched; compounds it only recognises are not.
    """
    found = best_words(faces, 1, lexicon)
    return found[0] if found else None


def best_words(faces: list, limit: int, lexicon=None) -> list[dict]:
    """The `limit` highest-scoring words the showing dice can lay (each word once, at its best laying)."""
    lexicon = lexicon or default_lexicon()
    showing = [face for face in faces if face not in (None, JOKER)]
    jokers = sum(face == JOKER for face in faces)
    best: dict[str, tuple] = {}
    for spelling in lexicon.spellings("".join(showing), jokers, MIN_LETTERS, every_way=True):
        if not counts_in_dicewords(spelling.bits):
            continue
        tiles = [letter for tile in spelling.tiles for letter in tile]  # "UE" is two dice
        points = word_score(tiles)
        if spelling.word not in best or points > best[spelling.word][0]:
            best[spelling.word] = (points, spelling)
    ranked = sorted(best.values(), key=lambda found: (found[0], found[1].word), reverse=True)[:limit]
    words = []
    for points, spelling in ranked:
        dice, letters = _dice_for(faces, spelling)
        words.append({"word": spelling.word, "points": points, "dice": dice, "letters": letters})
    return words


def _dice_for(faces: list, spelling) -> tuple[list[int], dict[str, str]]:
    """Which die lays each tile of `spelling` (any free die showing it), and the joker's letter."""
    free = list(range(len(faces)))
    dice, letters = [], {}
    for letter, tile in zip(spelling.word, spelling.tiles):
        stands_for = letter if len(tile) == 1 else UMLAUTS[letter]  # "U?" lays Ü as U and E
        for part, meant in zip(tile, stands_for):
            die = next(d for d in free if faces[d] == part)
            free.remove(die)
            dice.append(die)
            if part == JOKER:
                letters[str(die)] = meant
    return dice, letters


def result(state: dict) -> dict | None:
    return standings(state["scores"]) if state["over"] else None


def legal_actions(state: dict) -> list[dict]:
    """A roll (keeping what the last roll kept) and pass; words are too many to list, and with real dice a
    roll needs the faces the table sees."""
    if state["over"]:
        return []
    turn = state["turn"]
    actions = []
    if turn["rolls"] < ROLLS and not state["options"]["physical"]:
        actions.append({"type": "roll", "keep": []} if turn["rolls"] == 0 else {"type": "roll", "keep": list(turn["locked"])})
    if turn["rolls"]:
        actions.append({"type": "pass"})
    return actions


def view(state: dict, player: int | None = None) -> dict:
    """Everything on the table; DICEWORDS has no secrets."""
    turn = state["turn"]
    return {
        "game": "dicewords",
        "players": state["players"],
        "options": state["options"],
        "current": current_player(state),
        "round": state["turn_index"] // len(state["players"]) + 1,
        "last_round": not state["over"] and max(state["scores"]) >= state["options"]["target"],  # the round ends it
        "joker": JOKER,
        "turn_seconds": TURN_SECONDS,
        "over": state["over"],
        "turn": {
            "rolls": turn["rolls"],
            "rolls_left": ROLLS - turn["rolls"],
            "locked": turn["locked"],
            "dice": [
                {"die": d, "colour": colour, "mark": mark, "face": turn["faces"][d],
                 "value": VALUES[turn["faces"][d]] if turn["faces"][d] else None}
                for d, (colour, mark, _) in enumerate(DICE)
            ],
        },
        "dice_table": [
            {"colour": colour, "mark": mark, "faces": [{"face": face, "value": VALUES[face]} for face in faces]}
            for colour, mark, faces in DICE
        ],
        "can": {"undo": undoable(state)},
        "scores": state["scores"],
        "pad": state["pad"],
        "last_turn": state["last_turn"],
        "result": result(state),
        "events": state["events"],
    }
