"""Frigiti: invent a word from letter dice, define it in private, judge the definitions.

Rulebooks 000 (German) and 001 (English) plus the rules notes. Each round one
player (the creator, moving left each round) rolls ten dice and lays an
invented word. Everyone writes a definition in private; the definitions are
shuffled and dealt one per player; each reader, in seat order from the creator,
reads the one they got aloud and names a keyword. Then everyone, in private,
marks the reader of their own definition and picks two other keywords. Every
mark moves one of the marker's tokens to the author of the marked definition.

What is secret, and until when: a definition is its author's alone until it is
read aloud; who wrote which definition, and who marked what, stay hidden until
the round's tokens move. Events never carry a secret, so the log can be shown.
The dice rolls and the deal are keyed to the seed, so a record replays exactly.
"""

from __future__ import annotations

import re

from ...chance import keyed
from ...errors import IllegalAction
from ..options import Option, standings
from ...text import line
from ...words import known_word

MIN_PLAYERS = 4
MAX_PLAYERS = 6
TOKENS = 13
PICKS = 2
MIN_LETTERS = 3
MAX_DEFINITION = 200
MAX_KEYWORD = 40
LANGUAGES = ("de", "en")
# Our own dice (the rulebooks do not list the letters), reasoned in the in-app rules:
# every vowel die shows every vowel, with the commonest vowels doubled across them;
# the common consonants of German and English sit on several dice, hard sounds share
# one die and the rare letters another, so a roll gives at most one rare letter.
VOWEL_DICE = ("AEIOUE", "AEIOUA", "AEIOUI")
CONSONANT_DICE = ("BDGKPT", "FHLMNR", "KLNRST", "MNPRST", "BCDFGL", "KLMNRZ", "JVWXYZ")
DICE = VOWEL_DICE + CONSONANT_DICE
ACTION_TYPES = frozenset({"roll", "create", "write", "keyword", "judge"})
OPTIONS = (Option("language", "choice", "de", values=LANGUAGES),)
UNDOABLE = ("created", "keyword")  # public steps: a covered definition or judgement is its author's secret,
# and the next person at the device must not be able to take it back unseen


def new_game(players: list[str], options: dict, seed: int) -> dict:
    start = keyed(seed, "start") % len(players)  # the first creator is drawn by lot
    return {
        "game": "frigiti",
        "seed": seed,
        "players": players,
        "options": options,
        "start": start,
        "round": 0,
        "tokens": [TOKENS] * len(players),
        **_fresh_round(len(players)),
        "rounds": [],
        "over": False,
        "events": [{"e": "started", "start": start}],
    }


def _fresh_round(players: int) -> dict:
    return {
        "phase": "create",
        "rolls": 0,
        "faces": [None] * len(DICE),
        "word": None,
        "definitions": [None] * players,  # by author: secret until read aloud
        "deal": None,  # deal[reader] = author: secret until the tokens move
        "keywords": [None] * players,  # by reader
        "judgements": [None] * players,  # by judge: the two readers picked; secret until the tokens move
    }


def creator(state: dict) -> int:
    return (state["start"] + state["round"]) % len(state["players"])


def reading_order(state: dict) -> list[int]:
    """Seat order starting with the creator."""
    players = len(state["players"])
    return [(creator(state) + i) % players for i in range(players)]


def current_reader(state: dict) -> int | None:
    if state["phase"] != "read":
        return None
    return next(r for r in reading_order(state) if state["keywords"][r] is None)


def mover(state: dict, action: dict) -> int | None:
    """The creator rolls and lays the word, the reader names a keyword; writing and judging are every
    player's own, at once (those actions name their player anyway)."""
    kind = action["type"]
    if kind in ("roll", "create"):
        return creator(state)
    return current_reader(state) if kind == "keyword" else None


def own_reader(state: dict, player: int) -> int:
    """The reader who got `player`'s definition (the judge's own mark)."""
    return state["deal"].index(player)


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    if state["over"]:
        raise IllegalAction("game_over")
    state = {
        **state,
        "faces": list(state["faces"]),
        "definitions": list(state["definitions"]),
        "keywords": list(state["keywords"]),
        "judgements": list(state["judgements"]),
        "tokens": list(state["tokens"]),
        "events": [],
    }
    kind = action["type"]
    if kind == "roll":
        _roll(state, action.get("faces"))
    elif kind == "create":
        _create(state, action.get("dice"), action.get("anyway", False))
    elif kind == "write":
        _write(state, action.get("player"), action.get("text"))
    elif kind == "keyword":
        _keyword(state, action.get("text"))
    else:
        _judge(state, action.get("player"), action.get("picks"))
    return state


def undoable(state: dict) -> bool:
    """The table's last public step may be taken back while it has shown nobody anything: not a roll, not the
    step that completed a phase (the deal, the tokens), and never a covered private step."""
    return len(state["events"]) == 1 and state["events"][0]["e"] in UNDOABLE


def accounted(state: dict) -> bool:
    """Every token the table started with is still with someone; the ten dice show a face of theirs or none."""
    return sum(state["tokens"]) == TOKENS * len(state["players"]) and len(state["faces"]) == len(DICE) and all(
        face is None or face in DICE[d] for d, face in enumerate(state["faces"]))


def _expect_phase(state: dict, phase: str) -> None:
    if state["phase"] != phase:
        raise IllegalAction("wrong_phase", phase=state["phase"])


# --- creating the word ---------------------------------------------------------------


def _roll(state: dict, faces) -> None:
    _expect_phase(state, "create")
    if state["word"] is not None:
        raise IllegalAction("word_chosen")
    if faces is None:
        faces = [die[keyed(state["seed"], state["round"], state["rolls"], d) % 6] for d, die in enumerate(DICE)]
    elif not isinstance(faces, list) or len(faces) != len(DICE) or any(
        not isinstance(face, str) or len(face) != 1 or face not in die for face, die in zip(faces, DICE)
    ):
        raise IllegalAction("bad_letters", count=len(DICE))
    state["faces"] = list(faces)
    state["rolls"] += 1
    state["events"].append({"e": "rolled", "player": creator(state), "faces": list(faces)})


def _create(state: dict, dice, anyway) -> None:
    _expect_phase(state, "create")
    if state["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    if not isinstance(dice, list) or any(type(d) is not int or not 0 <= d < len(DICE) for d in dice):
        raise IllegalAction("bad_dice", last=len(DICE) - 1)
    if len(set(dice)) != len(dice):
        raise IllegalAction("die_used_twice")
    if len(dice) < MIN_LETTERS:
        raise IllegalAction("word_too_short", min=MIN_LETTERS)
    word = "".join(state["faces"][d] for d in dice)
    if not isinstance(anyway, bool):
        raise IllegalAction("bad_action")
    if not anyway and known_word(word, state["options"]["language"]):
        raise IllegalAction("word_exists", word=word)
    state["word"] = {"text": word, "dice": list(dice)}
    state["phase"] = "write"
    state["events"].append({"e": "created", "player": creator(state), "word": word, "known": anyway})


# --- writing, reading, judging -----------------------------------------------------------


def _player(state: dict, player) -> int:
    if type(player) is not int or not 0 <= player < len(state["players"]):
        raise IllegalAction("bad_player")
    return player


def checked_text(text, limit: int) -> str:
    """Untrusted text: one line (see `text.line`), 1 to `limit` code points long."""
    kept = line(text)
    if kept is None or len(kept) > limit:
        raise IllegalAction("bad_text", max=limit)
    return kept


def _write(state: dict, player, text) -> None:
    _expect_phase(state, "write")
    player = _player(state, player)
    if state["definitions"][player] is not None:
        raise IllegalAction("already_done")
    state["definitions"][player] = checked_text(text, MAX_DEFINITION)
    state["events"].append({"e": "wrote", "player": player})
    if all(d is not None for d in state["definitions"]):
        _deal(state)


def _deal(state: dict) -> None:
    """Shuffle the definitions (seeded) and deal one to each player; one may get one's own."""
    authors = list(range(len(state["players"])))
    for i in range(len(authors) - 1, 0, -1):  # Fisher-Yates, keyed to the round
        j = keyed(state["seed"], state["round"], "deal", i) % (i + 1)
        authors[i], authors[j] = authors[j], authors[i]
    state["deal"] = authors
    state["phase"] = "read"
    state["events"].append({"e": "dealt", "reader": current_reader(state)})


def _keyword(state: dict, text) -> None:
    _expect_phase(state, "read")
    reader = current_reader(state)
    state["keywords"][reader] = checked_text(text, MAX_KEYWORD)
    state["events"].append({"e": "keyword", "player": reader, "keyword": state["keywords"][reader],
                            "text": state["definitions"][state["deal"][reader]]})
    if all(k is not None for k in state["keywords"]):
        state["phase"] = "judge"


def _judge(state: dict, player, picks) -> None:
    _expect_phase(state, "judge")
    player = _player(state, player)
    if state["judgements"][player] is not None:
        raise IllegalAction("already_done")
    own = own_reader(state, player)
    if (
        not isinstance(picks, list) or len(picks) != PICKS
        or any(type(r) is not int or not 0 <= r < len(state["players"]) or r == own for r in picks)
        or len(set(picks)) != PICKS  # (after the types: a list in the picks cannot go in a set)
    ):
        raise IllegalAction("bad_picks", count=PICKS)
    state["judgements"][player] = sorted(picks)
    state["events"].append({"e": "judged", "player": player})
    if all(j is not None for j in state["judgements"]):
        _move_tokens(state)


def _move_tokens(state: dict) -> None:
    """Every judge's three marks each send one token to the marked definition's author."""
    players = len(state["players"])
    movements = []
    for judge in range(players):
        marks = [("own", own_reader(state, judge))] + [("pick", r) for r in state["judgements"][judge]]
        for kind, reader in marks:
            author = state["deal"][reader]
            movements.append({"from": judge, "to": author, "reader": reader, "kind": kind})
            state["tokens"][judge] -= 1
            state["tokens"][author] += 1
    gained = [sum(m["to"] == p for m in movements) for p in range(players)]
    summary = {
        "round": state["round"] + 1,
        "creator": creator(state),
        "word": state["word"]["text"],
        "readings": [
            {"reader": r, "author": state["deal"][r], "text": state["definitions"][state["deal"][r]],
             "keyword": state["keywords"][r]}
            for r in reading_order(state)
        ],
        "picks": [list(j) for j in state["judgements"]],
        "movements": movements,
        "gained": gained,
        "net": [g - (PICKS + 1) for g in gained],
        "tokens": list(state["tokens"]),
    }
    state["rounds"] = [*state["rounds"], summary]
    state["events"].append({"e": "tokens", **summary})
    state["round"] += 1
    state.update(_fresh_round(players))
    if state["round"] == players:
        state["over"] = True
        state["events"].append({"e": "over", **result(state)})


# --- keywords ------------------------------------------------------------------------------

STOPWORDS = frozenset(
    "der die das ein eine einer eines einem einen und oder für mit von vom zum zur aus bei nach über unter "
    "ist sind wird werden nicht sich auch wenn weil dass the and for with from that this which who are over "
    "into onto about after before their they them your".split()
)


def suggest_keyword(text: str, language: str = "de") -> str:
    """A keyword to offer the reader: the longest telling word of the definition
    (in German a capitalised one, a noun, where there is one)."""
    if not isinstance(text, str):
        raise IllegalAction("bad_text", max=MAX_DEFINITION)
    found = [w for w in re.findall(r"[^\W\d_]+", text) if len(w) >= 3 and w.lower() not in STOPWORDS]
    if not found:
        return text.strip()[:MAX_KEYWORD]
    nouns = [w for w in found if w[0].isupper()] if language == "de" else []
    return max(nouns or found, key=len)[:MAX_KEYWORD]


# --- views ---------------------------------------------------------------------------------


def result(state: dict) -> dict | None:
    return standings(state["tokens"]) if state["over"] else None


def legal_actions(state: dict) -> list[dict]:
    """The moves that need no text or choice: rolling while the word is open."""
    if state["over"] or state["phase"] != "create":
        return []
    return [{"type": "roll"}]


def view(state: dict, player: int | None = None) -> dict:
    """What seat `player` may see (None: the table). Before the tokens move, no view
    holds another player's unread definition, any author, or anyone else's marks."""
    phase = state["phase"]
    reader = current_reader(state)
    read = {r: state["definitions"][state["deal"][r]] for r in range(len(state["players"]))
            if state["deal"] is not None and state["keywords"][r] is not None}
    mine = {}
    if player is not None:
        mine["definition"] = state["definitions"][player]
        if phase == "read" and player == reader:
            mine["to_read"] = state["definitions"][state["deal"][reader]]
            mine["suggestion"] = suggest_keyword(mine["to_read"], state["options"]["language"])
        if phase == "judge":
            mine["own_reader"] = own_reader(state, player)
            mine["picks"] = state["judgements"][player]
    return {
        "game": "frigiti",
        "players": state["players"],
        "options": state["options"],
        "round": state["round"] + 1 if not state["over"] else len(state["players"]),
        "rounds": len(state["players"]),
        "creator": creator(state) if not state["over"] else None,
        "phase": phase if not state["over"] else "over",
        "over": state["over"],
        "tokens": state["tokens"],
        "picks": PICKS,
        "min_letters": MIN_LETTERS,
        "dice": [{"die": d, "kind": "vowel" if d < len(VOWEL_DICE) else "consonant", "faces": faces}
                 for d, faces in enumerate(DICE)],
        "faces": state["faces"],
        "rolls": state["rolls"],
        "word": state["word"]["text"] if state["word"] else None,
        "order": reading_order(state),
        "written": [d is not None for d in state["definitions"]],
        "reader": reader,
        "read": [{"reader": r, "text": text, "keyword": state["keywords"][r]} for r, text in read.items()],
        "keywords": state["keywords"],
        "judged": [j is not None for j in state["judgements"]],
        "mine": mine,
        "sheet": state["rounds"],
        "can": {"undo": undoable(state)},
        "result": result(state),
        "events": state["events"],
    }
