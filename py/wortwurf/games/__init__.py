"""One module per game; each follows the contract described in `wortwurf.engine`."""

from __future__ import annotations

from ..errors import IllegalAction


def checked_options(options, defaults: dict, valid: dict) -> dict:
    """A game's defaults with the chosen `options` over them; an unknown key or a bad value is refused by name.

    `valid` maps each option to a test of its value.
    """
    if not isinstance(options, dict):
        raise IllegalAction("bad_option", option="options")
    for key, value in options.items():
        if key not in defaults:
            raise IllegalAction("bad_option", option=str(key)[:40])
        if not valid[key](value):
            raise IllegalAction("bad_option", option=key)
    return {**defaults, **options}


def flag(value) -> bool:
    """An on/off option."""
    return isinstance(value, bool)


STRENGTHS = (0, 1, 2, 3)  # per seat: 0 a person, 1 to 3 a computer player (each game says what they mean)


def seats(value) -> bool:
    """The `computer` option: per seat, a person (0) or a computer player's strength."""
    return isinstance(value, list) and all(type(x) is int and x in STRENGTHS for x in value)


def check_seats(options: dict, players: list) -> None:
    """A `computer` option, if given, names every seat; and no computer plays with real dice (it cannot roll them)."""
    if options["computer"] and len(options["computer"]) != len(players) or (
            options.get("physical") and any(options["computer"])):
        raise IllegalAction("bad_option", option="computer")


def seat_strength(state: dict, player: int) -> int:
    """The strength of the computer player in `player`'s seat; a person's seat (or a finished game) has none."""
    seats = state["options"].get("computer") or []
    if state["over"] or not seats or not seats[player]:
        raise IllegalAction("not_computer")
    return seats[player]


def standings(scores: list[int]) -> dict:
    """A finished game in figures: everyone's total, and the winners (the highest total; ties share)."""
    best = max(scores)
    return {"scores": list(scores), "winners": [p for p, s in enumerate(scores) if s == best]}
