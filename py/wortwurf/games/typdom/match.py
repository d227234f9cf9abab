"""A match of deals, as the TYP-DOM variants play it: the state keeps the deal's number and everyone's
running totals; an action is taken only while the match (and, but for the next deal, the deal) is open; a
deal ends with its scores added to the totals, and the last deal ends the match. Every variant's view shows
the match alike."""

from __future__ import annotations

from ...errors import IllegalAction
from ..options import Option, standings
from .tiles import joker_letters

DEALS = Option("deals", "int", 1, low=1, high=10)  # every variant's option: how many deals the match plays


def new_match(game: str, players: list[str], options: dict, seed: int, start_deal, **more) -> dict:
    """The state before the first deal, with `more` of the game's own, then dealt by `start_deal(state)`."""
    state = {"game": game, "seed": seed, "players": players, "options": options, "totals": [0] * len(players),
             **more, "deal": 0, "over": False, "events": []}
    start_deal(state)
    return state


def opened(state: dict, kind: str, **copies) -> dict:
    """A copy of `state` to apply one action of `kind` to, after `check_open`: the deal's scores and the totals
    copied, with `copies` (what else the action may change, copied by the variant), and no events yet; the
    state given stays as it was."""
    check_open(state, kind)
    return {**state, "scores": list(state["scores"]), "totals": list(state["totals"]), **copies, "events": []}


def opened_for_a_move(state: dict, kind: str, **more) -> dict:
    """`opened` for the variants that play one shared crossword from racks and a pool: what a move changes of
    that table (racks, cells, pool, log) copied as well, with `more` of the variant's own."""
    return opened(state, kind, racks=[list(rack) for rack in state["racks"]], cells=dict(state["cells"]),
                  pool=list(state["pool"]), log=list(state["log"]), **more)


def check_open(state: dict, kind: str) -> None:
    """Nothing is taken once the match is over, and nothing but the next deal once a deal is."""
    if state["over"]:
        raise IllegalAction("game_over")
    if state["deal_over"] and kind != "next_deal":
        raise IllegalAction("deal_over")


def end_deal(state: dict, facts: dict) -> None:
    """The deal's `state["scores"]` go to the totals and the deal is over (its event carries `facts`, the
    scores among them); after the last deal, the match is."""
    for player, score in enumerate(state["scores"]):
        state["totals"][player] += score
    state["deal_over"] = True
    state["events"].append({"e": "deal_over", "deal": state["deal"] + 1, **facts})
    if state["deal"] + 1 >= state["options"]["deals"]:
        state["over"] = True
        state["events"].append({"e": "over", **result(state)})


def next_deal(state: dict, start_deal) -> None:
    """The next deal of the match, once this one is over."""
    if not state["deal_over"]:
        raise IllegalAction("deal_not_over")
    state["deal"] += 1
    start_deal(state)


def result(state: dict) -> dict | None:
    """The match's standings by totals, once it is over."""
    return standings(state["totals"]) if state["over"] else None


def match_view(state: dict) -> dict:
    """What every variant's view shows of the match, to everyone: the players and options, the deal, what a
    joker may stand for, the deal's scores and the totals, whether the deal and the match are over, the
    result and the last action's events."""
    return {
        "players": state["players"],
        "options": state["options"],
        "deal": state["deal"] + 1,
        "joker_letters": joker_letters(),
        "scores": state["scores"],
        "totals": state["totals"],
        "deal_over": state["deal_over"],
        "over": state["over"],
        "result": result(state),
        "events": state["events"],
    }
