"""Random play of Frigiti as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .rules import DICE, legal_actions, own_reader


def step(rng, state: dict) -> dict:
    """A word laid from a few dice (kept even where it exists), definitions and keywords of every kind of
    text, and marks from judges in any order."""
    players = range(len(state["players"]))
    phase = state["phase"]
    if phase == "create":
        legal = legal_actions(state)
        if legal and (state["rolls"] == 0 or rng.random() < 0.3):
            return rng.choice(legal)
        return {"type": "create", "dice": rng.sample(range(len(DICE)), rng.randint(3, 6)), "anyway": True}
    if phase == "write":
        player = rng.choice([p for p in players if state["definitions"][p] is None])
        return {"type": "write", "player": player, "text": f"Definition {rng.random()}"}
    if phase == "read":
        return {"type": "keyword", "text": rng.choice(["Wort", "x", "👨‍👩‍👧"])}
    judge = rng.choice([p for p in players if state["judgements"][p] is None])
    own = own_reader(state, judge)
    return {"type": "judge", "player": judge, "picks": rng.sample([r for r in players if r != own], 2)}
