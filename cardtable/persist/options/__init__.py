"""The persist layer's registry: each game's pydantic model of its rules options.

The command line, the new-game form and the game server validate what a person chose with the
game's model and turn it into the rules' config with ``to_config``. One module per game; a new
game registers its model here (or from outside the package with ``OPTIONS.register``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from cardtable.core.registry import Registry


class GameOptions(BaseModel):
    """A game's rules options: frozen, and a name it does not know is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @abstractmethod
    def to_config(self, seats: int) -> Any:
        """The rules' config for ``seats`` players; ValueError says what does not fit."""


#: game id -> a loader of its options model (imported on first use, as the games' rules are)
OPTIONS: Registry[Callable[[], type[GameOptions]]] = Registry("an options model")


def options_model(game_id: str) -> type[GameOptions]:
    """The options model of ``game_id``; KeyError names the games there are."""
    return OPTIONS[game_id]()


def _pazaak() -> type[GameOptions]:
    from cardtable.persist.options.pazaak import Options

    return Options


def _pazu() -> type[GameOptions]:
    from cardtable.persist.options.pazu import Options

    return Options


def _pixies() -> type[GameOptions]:
    from cardtable.persist.options.pixies import Options

    return Options


def _flip7() -> type[GameOptions]:
    from cardtable.persist.options.flip7 import Options

    return Options


OPTIONS.register("pazaak", _pazaak)
OPTIONS.register("pazu-pazaak", _pazu)
OPTIONS.register("pixies", _pixies)
OPTIONS.register("flip7", _flip7)
