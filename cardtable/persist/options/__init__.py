"""The persist layer's registry: each game's pydantic model of its rules options.

The command line, the new-game form and the game server validate what a person chose with the
game's model and turn it into the rules' config with ``to_config``. One module per game; a new
game registers its model here (or from outside the package with ``OPTIONS.register``).
"""

from __future__ import annotations

import dataclasses
import enum
from abc import abstractmethod
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from cardtable.core.registry import Registry


def rules_default(config_type: type, name: str) -> Any:
    """The default the rules' config gives ``name`` (an enum's by its value, as the options
    spell it): an option's default is declared once, in the rules, and read from there."""
    for field in dataclasses.fields(config_type):
        if field.name == name and field.default is not dataclasses.MISSING:
            default = field.default
            return default.value if isinstance(default, enum.Enum) else default
    raise ValueError(f"{config_type.__name__} gives {name!r} no default")


class GameOptions(BaseModel):
    """A game's rules options: frozen, and a name it does not know is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @abstractmethod
    def to_config(self, seats: int) -> Any:
        """The rules' config for ``seats`` players; ValueError says what does not fit (the
        config checks itself: the seat count and every rule between the amounts)."""


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
