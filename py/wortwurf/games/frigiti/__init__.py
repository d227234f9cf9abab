"""Frigiti: `rules` for a round of invented words, and the table's dictionary of kept words in `collection`."""

from __future__ import annotations

from ..descriptor import Game
from . import collection, playout, rules

GAME = Game(
    id="frigiti",
    rules=rules,
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS, 4),
    options=rules.OPTIONS,
    actions=rules.ACTION_TYPES,
    accounted=rules.accounted,
    mover=rules.mover,
    calls=(collection.collection_entry, collection.read_collection, collection.merge_collection,
           collection.empty_collection, collection.collection_limits, collection.delete_word,
           collection.delete_definition),
    state_calls=frozenset({"collection_entry"}),
    request_chars=2 * collection.MAX_COLLECTION_CHARS,  # a file as one JSON string (escapes may double it), or two
    step=playout.step,
    disguise=playout.disguise,
    setups=({}, {"language": "en"}),
    guest_calls={"collection_entry": None},
)
