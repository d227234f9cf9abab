"""One module per game; each follows the contract described in `wortwurf.engine`."""

from __future__ import annotations


def standings(scores: list[int]) -> dict:
    """A finished game in figures: everyone's total, and the winners (the highest total; ties share)."""
    best = max(scores)
    return {"scores": list(scores), "winners": [p for p, s in enumerate(scores) if s == best]}
