"""The Frigiti dictionary: the table's favourite words, kept on the device and checked when read back.

A file may come from anywhere, so every entry is checked as a game checks what it keeps; the limits bound
what a file may hold, so an export always reads back.
"""

from __future__ import annotations

import json

from ...errors import IllegalAction
from ...jsontext import loads
from ...text import MAX_NAME_CODE_POINTS, name
from ...words import normalize
from .rules import DICE, LANGUAGES, MAX_DEFINITION, MAX_PLAYERS, MIN_LETTERS, checked_text

COLLECTION_FORMAT = "wortwurf-frigiti-words"
COLLECTION_VERSION = 1
MAX_COLLECTION_WORDS = 2000
MAX_WORD_DEFINITIONS = 2 * MAX_PLAYERS  # a word kept from two full tables still fits on its one card

def empty_collection() -> dict:
    return {"format": COLLECTION_FORMAT, "version": COLLECTION_VERSION, "words": []}


def _longest_file(words: int) -> int:
    """The longest text a dictionary of `words` entries can be written as: every field at its longest,
    every character one that JSON may escape to 12 (an emoji as \\ud83d\\ude00), indented by 2, the widest
    a file is read with. Whatever `merge_collection` keeps is within this, so its export reads back."""
    widest = "\U0001F600"
    entry = {
        "word": "Ä" * len(DICE),
        "language": "de",
        "definitions": [{"text": widest * MAX_DEFINITION, "author": widest * MAX_NAME_CODE_POINTS}]
        * MAX_WORD_DEFINITIONS,
    }
    one, two = (len(json.dumps({**empty_collection(), "words": [entry] * n}, indent=2)) for n in (1, 2))
    return one + (words - 1) * (two - one)  # every further entry adds the same text


MAX_COLLECTION_CHARS = _longest_file(MAX_COLLECTION_WORDS)


def collection_limits() -> dict:
    """How large a dictionary may grow, in entries and in the characters of a file holding it."""
    return {"words": MAX_COLLECTION_WORDS, "chars": MAX_COLLECTION_CHARS}


def collection_entry(state: dict) -> dict:
    """The round just played as a dictionary entry: the word, and every definition with its author."""
    if not state["rounds"]:
        raise IllegalAction("nothing_to_keep")
    last = state["rounds"][-1]
    return {
        "word": last["word"],
        "language": state["options"]["language"],
        "definitions": [{"text": r["text"], "author": state["players"][r["author"]]} for r in last["readings"]],
    }


def read_collection(text: str) -> dict:
    """A dictionary file checked entry by entry; anything foreign, damaged or oversized is refused whole."""
    try:
        data = loads(text, MAX_COLLECTION_CHARS)
    except ValueError as error:  # not JSON, too large or nested past reason
        raise IllegalAction("bad_collection") from error
    if (
        not isinstance(data, dict) or data.get("format") != COLLECTION_FORMAT
        or data.get("version") != COLLECTION_VERSION or not isinstance(data.get("words"), list)
        or len(data["words"]) > MAX_COLLECTION_WORDS
    ):
        raise IllegalAction("bad_collection")
    return {**empty_collection(), "words": [_checked_entry(entry) for entry in data["words"]]}


def _checked_entry(entry) -> dict:
    try:
        word = normalize(entry["word"])
        definitions = entry["definitions"]
        if word is None or not MIN_LETTERS <= len(word) <= len(DICE) or entry["language"] not in LANGUAGES \
                or not isinstance(definitions, list) or not 1 <= len(definitions) <= MAX_WORD_DEFINITIONS:
            raise IllegalAction("bad_collection")
        return {
            "word": word,
            "language": entry["language"],
            "definitions": [{"text": checked_text(d["text"], MAX_DEFINITION), "author": _author(d["author"])}
                            for d in definitions],
        }
    except (TypeError, KeyError, IllegalAction) as error:
        raise IllegalAction("bad_collection") from error


def _author(text) -> str:
    """An author is a player's name, kept as a game keeps it."""
    author = name(text)
    if author is None:
        raise IllegalAction("bad_collection")
    return author


def merge_collection(collection: dict, incoming: dict) -> dict:
    """`collection` with the entries of `incoming` (both are checked first): a word already there (same word,
    same language) takes the definitions it lacks onto its one card. Refused whole, nothing lost, when a word
    would hold more than MAX_WORD_DEFINITIONS definitions or the dictionary more than MAX_COLLECTION_WORDS."""
    cards = {}
    for entry in read_collection(json.dumps(collection))["words"] + read_collection(json.dumps(incoming))["words"]:
        card = cards.setdefault((entry["word"], entry["language"]), {**entry, "definitions": []})
        for definition in entry["definitions"]:
            if definition not in card["definitions"]:
                card["definitions"].append(definition)
        if len(card["definitions"]) > MAX_WORD_DEFINITIONS:
            raise IllegalAction("too_many_definitions", word=card["word"], most=MAX_WORD_DEFINITIONS)
    if len(cards) > MAX_COLLECTION_WORDS:
        raise IllegalAction("bad_collection")
    return {**empty_collection(), "words": list(cards.values())}


def delete_word(collection: dict, word: str, language: str) -> dict:
    """`collection` without the card of `word` in `language`."""
    words = read_collection(json.dumps(collection))["words"]
    del words[_card(words, word, language)]
    return {**empty_collection(), "words": words}


def delete_definition(collection: dict, word: str, language: str, index: int) -> dict:
    """`collection` without the definition at `index` of `word`'s card; the card goes with its last one, as
    an entry always holds at least one."""
    words = read_collection(json.dumps(collection))["words"]
    at = _card(words, word, language)
    definitions = words[at]["definitions"]
    if type(index) is not int or not 0 <= index < len(definitions):
        raise IllegalAction("not_in_collection")
    if len(definitions) == 1:
        del words[at]
    else:
        del definitions[index]
    return {**empty_collection(), "words": words}


def _card(words: list, word, language) -> int:
    """Where the card of `word` in `language` is; refused if it is not (a list shown from before a change)."""
    for at, entry in enumerate(words):
        if entry["word"] == word and entry["language"] == language:
            return at
    raise IllegalAction("not_in_collection")
