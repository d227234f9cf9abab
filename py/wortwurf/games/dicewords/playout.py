"""Random play of DICEWORDS as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .rules import DICE, ROLLS, best_word, legal_actions


def step(rng, state: dict) -> dict:
    """After a roll, now and then the best word (or a pass); else a roll, typed in where the dice are real."""
    turn = state["turn"]
    if turn["rolls"] and (turn["rolls"] == ROLLS or rng.random() < 0.5):
        best = best_word(turn["faces"])
        return {"type": "declare", "dice": best["dice"], "letters": best["letters"]} if best else {"type": "pass"}
    if state["options"]["physical"]:
        keep = sorted({*turn["locked"], *rng.sample(range(len(DICE)), rng.randint(0, 3))}) if turn["rolls"] else []
        faces = [rng.choice(DICE[d][2]) for d in range(len(DICE)) if d not in keep]
        return {"type": "roll", "keep": keep, "faces": faces}
    return rng.choice(legal_actions(state))
