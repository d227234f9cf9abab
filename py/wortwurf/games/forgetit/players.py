"""FOR-GET-IT's computer players: reckless, cautious and optimal (for two, playing to win the game)."""

from __future__ import annotations

from ..options import seat_strength
from .race import advice
from .rules import NUMBERS, SYLLABLES, current_player
from .solver import options, unit_score


def optimal(state: dict) -> dict:
    """The choice with the highest expected turn score; for two players, the best chance of winning the game."""
    if len(state["players"]) == 2:
        return advice(state)["options"][0]["action"]
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
