"""Random play of Frigiti as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .rules import DICE, current_reader, legal_actions, own_reader


def disguise(rng, state: dict, seat: int | None) -> dict:
    """The round as `seat` cannot tell it from this one: every definition it has not written, read aloud
    or been handed to read says something else, and every other judge marked other readers."""
    seen = {r for r in range(len(state["players"])) if state["deal"] is not None and state["keywords"][r] is not None}
    known = {state["deal"][r] for r in seen} | ({seat} if seat is not None else set())
    if seat is not None and seat == current_reader(state):
        known.add(state["deal"][seat])
    definitions = [text if text is None or p in known else f"{text} {rng.random()}"
                   for p, text in enumerate(state["definitions"])]
    judgements = [picks if picks is None or p == seat else picks[::-1] for p, picks in enumerate(state["judgements"])]
    return {**state, "definitions": definitions, "judgements": judgements}


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
