"""What a game states once for every layer: the engine, the bridge, the build, the contract test, the page."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

from .options import Option


@dataclass(frozen=True)
class Generated:
    """A module worked out ahead of time rather than in the page's worker.

    `make` ("module:function", keywords in `keywords`) returns the module's text; it is given the German
    lexicon when `lexicon` is set. The build makes it into the page's package as `module`, cached by the
    sources of the game it belongs to; one kept `in_sources` (too slow for every build) is remade by
    `python3 build.py tables`, and a test of the game says when it is stale.
    """

    module: str
    make: str
    keywords: tuple = ()
    lexicon: bool = False
    in_sources: bool = False

    @property
    def path(self) -> str:
        """Where the module goes in the package (and the wheel)."""
        return self.module.replace(".", "/") + ".py"


@dataclass(frozen=True)
class Game:
    """One game: its rules module and what it offers beyond the facade every game shares.

    `rules` has new_game, apply, view, result and legal_actions (see `wortwurf.engine`), and may have
    `undoable(state)` and `sound(state)` (a quick look at what its helpers rely on). `players` is (fewest,
    most, the table size a setup starts with). `calls` are the extra calls the page may make of this game,
    `state_calls` the names of those whose first argument is a state handed back, `request_chars` the
    longest text one of them carries. `accounted(state)` says
    whether every die, tile and token is where it belongs; `step(rng, state)` is a random action that moves
    a game on as a table might take it (default: one of `legal_actions`); `setups` the option sets every
    test plays. A game with secrets beside the seed has `disguise(rng, state, seat)`: the state with
    everything `seat` (None: the table) may not know yet changed to something else it could be (other
    racks, another pool, other definitions); the contract checks that the seat's view stays the same.
    `mover(state, action)` is the seat whose step `action` is now (None: any seat's, as a step every player
    takes for themselves or one the table decides, or no seat's, which the rules then refuse): an action
    naming its `player` is refused unless it is that seat's, so a page cannot act for the wrong player. A
    game without `mover` takes no action that names a player. `guest_calls` are the calls a guest phone at
    a linked table may ask of the host's state beside its own view and actions (see `wortwurf.table`): by
    name (`hint`, `advice` or one of `calls` that takes a state), each with the action type that must be
    the guest's step for it to ask (None: at any time), as they help the seat whose step it is. `searches`
    names the `calls` that search, as the helpers do: the page runs them apart from its other calls, with a
    time budget (`wortwurf.budget`). `prepare(state)` takes in, once per worker, what the game's searches
    need and would otherwise make in the first of them (tables, word finders): the page's search worker runs
    it unhurried before it takes the game's searches.
    """

    id: str
    rules: ModuleType
    players: tuple[int, int, int]
    options: tuple[Option, ...]
    actions: frozenset
    accounted: Callable[[dict], bool]
    hint: Callable | None = None
    computer: Callable | None = None
    advice: Callable | None = None
    review: Callable | None = None
    calls: tuple[Callable, ...] = ()
    state_calls: frozenset = frozenset()
    request_chars: int = 0
    step: Callable | None = None
    setups: tuple[dict, ...] = ({},)
    disguise: Callable | None = None
    mover: Callable | None = None
    generated: tuple[Generated, ...] = ()
    guest_calls: dict = field(default_factory=dict)
    searches: frozenset = frozenset()
    prepare: Callable | None = None

    def as_json(self) -> dict:
        """The descriptor as the page reads it (the `catalogue` call)."""
        fewest, most, table = self.players
        return {
            "id": self.id,
            "players": {"min": fewest, "max": most, "table": table},
            "options": [option.as_json() for option in self.options],
            "actions": sorted(self.actions),
            "calls": [fn.__name__ for fn in self.calls],
            "helpers": [name for name in ("hint", "computer", "advice", "review") if getattr(self, name)],
            "undo": hasattr(self.rules, "undoable"),
        }


def takes(fn: Callable, count: int) -> bool:
    """Whether `fn` (a game's or the facade's call) takes `count` positional arguments: what the page and a
    table's guests hand in is checked so before the call (not by `inspect`: slow to import in the browser)."""
    code = fn.__code__
    return code.co_argcount - len(fn.__defaults__ or ()) <= count <= code.co_argcount
