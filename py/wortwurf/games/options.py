"""What the games share about their setup: options and how they are checked, computer seats, standings."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction

STRENGTHS = (0, 1, 2, 3)  # per seat: 0 a person, 1 to 3 a computer player (each game says what they mean)


@dataclass(frozen=True)
class Option:
    """One setup option, as a setup screen shows it and the engine checks it.

    `kind` is "bool" (on/off), "choice" (one of `values`), "int" (a whole number from `low` to `high`) or
    "seats" (per seat 0 a person, else a computer player of that strength, one of `values`). `when`
    (another option's name and value) says the option means something only then: a setup shows it only
    then, and leaves it at its default otherwise. An option with `setup` False is never on a setup screen.
    `most_players` (a choice's, one per value) is the most players that value can be played with: a setup
    can offer it only to a table that small, and a new game for more players is refused.
    """

    name: str
    kind: str
    default: object
    values: tuple = ()
    low: int | None = None
    high: int | None = None
    when: tuple = ()
    setup: bool = True  # False: set another way (joining a shared deal), never on a setup screen
    most_players: tuple = ()

    def valid(self, value) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return type(value) is int and self.low <= value <= self.high
        if self.kind == "seats":
            return isinstance(value, list) and all(type(x) is int and x in (0, *self.values) for x in value)
        return any(type(value) is type(v) and value == v for v in self.values)  # a choice: exactly one of them

    def as_json(self) -> dict:
        shown = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.values:
            shown["values"] = list(self.values)
        if self.kind == "int":
            shown |= {"low": self.low, "high": self.high}
        if self.when:
            shown["when"] = {"option": self.when[0], "value": self.when[1]}
        if not self.setup:
            shown["setup"] = False
        if self.most_players:
            shown["most_players"] = list(self.most_players)
        return shown


def flag(name: str, default: bool = False) -> Option:
    """An on/off option."""
    return Option(name, "bool", default)


def computer_seats() -> Option:
    """The `computer` option: per seat, a person (0) or a computer player's strength (1 weak to 3 strong)."""
    return Option("computer", "seats", [], values=STRENGTHS[1:])


def checked_options(options, specs: tuple[Option, ...]) -> dict:
    """A game's defaults with the chosen `options` over them; an unknown key or a bad value is refused by name."""
    if not isinstance(options, dict):
        raise IllegalAction("bad_option", option="options")
    by_name = {spec.name: spec for spec in specs}
    for key, value in options.items():
        if key not in by_name:
            raise IllegalAction("bad_option", option=str(key)[:40])
        if not by_name[key].valid(value):
            raise IllegalAction("bad_option", option=key)
    return {**{spec.name: spec.default for spec in specs}, **options}


def check_table_size(options: dict, specs: tuple[Option, ...], players: int) -> None:
    """A choice that cannot be played with this many players is refused, naming the most it can."""
    for spec in specs:
        if spec.most_players:
            most = spec.most_players[spec.values.index(options[spec.name])]
            if players > most:
                raise IllegalAction("too_many_players", option=spec.name, most=most)


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


def places(scores: list[int]) -> list[int]:
    """Each player's place in a finished game: 1 for the highest total; equal totals share a place, and the
    next place counts them (1, 1, 3)."""
    return [1 + sum(other > s for other in scores) for s in scores]
