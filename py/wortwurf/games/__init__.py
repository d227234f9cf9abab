"""The games: one package each, each described once by a `Game` (see `descriptor`), all listed in REGISTRY.

A game joins by being a package here whose `GAME` is its descriptor (or by one call of `register`); the
engine, the bridge, the build, the contract test and the page read the registry and name no game.
"""

from __future__ import annotations

import importlib
import pkgutil

from .descriptor import Game, Generated
from .options import Option

MENU_ORDER = ("forgetit", "dicewords", "frigiti", "typdom", "presto", "bluff")  # the built-in games as the menu lists them
REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (one of the same id gives way to it)."""
    REGISTRY[game.id] = game
    return game


def discover() -> None:
    """Register every game package found on this package's path that is not registered yet: the built-in
    ones in MENU_ORDER, any other after them by name (the build adds a folder from outside this way)."""
    found = sorted((module.name for module in pkgutil.iter_modules(__path__) if module.ispkg),
                   key=lambda name: (MENU_ORDER.index(name) if name in MENU_ORDER else len(MENU_ORDER), name))
    for name in found:
        game = getattr(importlib.import_module(f"{__name__}.{name}"), "GAME", None)
        if isinstance(game, Game) and game.id not in REGISTRY:
            register(game)


discover()

__all__ = ["REGISTRY", "Game", "Generated", "Option", "discover", "register"]
