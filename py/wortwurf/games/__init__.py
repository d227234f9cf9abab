"""The games: one package each, each described once by a `Game` (see `descriptor`), all listed in REGISTRY.

A game joins by one call of `register` (the built-in ones below); the engine, the bridge, the build and the
contract test read the registry and name no game.
"""

from __future__ import annotations

from . import dicewords, forgetit, frigiti, typdom
from .descriptor import Game, Generated
from .options import Option

REGISTRY: dict[str, Game] = {game.id: game for game in (forgetit.GAME, dicewords.GAME, frigiti.GAME, typdom.GAME)}


def register(game: Game) -> Game:
    """Add a game (one of the same id gives way to it)."""
    REGISTRY[game.id] = game
    return game

__all__ = ["REGISTRY", "Game", "Generated", "Option", "register"]
