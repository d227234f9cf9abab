"""A match of deals, as the TYP-DOM variants play it: the state keeps the deal's number and everyone's
running totals; a deal ends with its scores added to the totals, and the last deal ends the match."""

from __future__ import annotations

from ...errors import IllegalAction
from ..options import standings


def new_match(game: str, players: list[str], options: dict, seed: int, start_deal, **more) -> dict:
    """The state before the first deal, with `more` of the game's own, then dealt by `start_deal(state)`."""
    state = {"game": game, "seed": seed, "players": players, "options": options, "totals": [0] * len(players),
             **more, "deal": 0, "over": False, "events": []}
    start_deal(state)
    return state


def opened_for_a_move(state: dict, kind: str, **more) -> dict:
    """A copy of `state` to apply one action of `kind` to, after `check_open`: what a move changes of a TYP-DOM
    table (racks, cells, pool, scores, totals, log) copied, with `more` of the variant's own, and no events
    yet; the state given stays as it was."""
    check_open(state, kind)
    return {**state, "racks": [list(rack) for rack in state["racks"]], "cells": dict(state["cells"]),
            "pool": list(state["pool"]), "scores": list(state["scores"]), "totals": list(state["totals"]),
            "log": list(state["log"]), **more, "events": []}


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
