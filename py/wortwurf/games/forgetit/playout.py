"""Random play of FOR-GET-IT as a table might take it, for the contract test and `build.py soak`."""

from __future__ import annotations

from .rules import DICE_PER_SYLLABLE, NUMBERS, SYLLABLES, legal_actions


def step(rng, state: dict) -> dict:
    """A random legal choice; with real dice, half the rolls typed in as the table sees them."""
    legal = legal_actions(state)
    if state["options"]["physical"] and (not legal or rng.random() < 0.5):
        return {"type": "roll", "faces": table_faces(rng, state)}
    return rng.choice(legal)


def table_faces(rng, state: dict) -> list:
    """Faces for the dice in hand that real dice could show."""
    dice = state["turn"]["dice"]
    hand = [d for d in dice if not d["aside"]] or dice
    left = {s: DICE_PER_SYLLABLE - sum(d["aside"] and d["face"] == s and len(hand) < len(dice) for d in dice)
            for s in SYLLABLES}
    faces = []
    for _ in hand:
        open_syllables = [s for s, n in left.items() if n]
        face = rng.choice(open_syllables) if open_syllables and rng.random() < 1 / 6 else rng.choice(NUMBERS)
        if face in left:
            left[face] -= 1
        faces.append(face)
    return faces
