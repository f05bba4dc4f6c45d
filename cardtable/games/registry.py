"""Every game by id, with where its rules, bots, options model and table screen live.

Entries name modules by dotted path and are imported on first use, so ``cardtable --help`` and
the rules core never pay for Textual or pydantic. The few facts the command line and the
new-game form need before the first frame (seat limits, bot levels) are written here too:
importing a game's rules and bots for them cost a tenth of start-up. A conformance test holds
them equal to the rules' and the bots' own.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any


def load(path: str) -> Any:
    """Import ``"package.module:attribute"``."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class GameSpec:
    """Where one game's parts live. Only ``rules`` and ``bots`` are needed headless."""

    id: str
    title: str
    #: fewest and most seats at a table (the rules' ``min_seats`` and ``max_seats``)
    seat_limits: tuple[int, int]
    #: the bot levels, weakest first (the keys of the game's ``BOTS``)
    levels: tuple[str, ...]
    #: ``GameRules`` instance
    rules_path: str
    #: mapping of bot level -> zero-argument factory
    bots_path: str
    #: pydantic model of the rules options (the CLI, new-game screen and saves validate with it)
    options_path: str
    #: the Textual screen class that plays the game
    table_path: str
    #: the in-app rules text (Markdown), relative to the package
    rules_doc: str
    #: the new-game form (a screen class), kept apart from the table so the form opens fast
    setup_path: str = "cardtable.ui.screens.newgame:NewGameScreen"

    @cached_property
    def rules(self) -> Any:
        return load(self.rules_path)

    @cached_property
    def bots(self) -> dict[str, Any]:
        return dict(load(self.bots_path))

    @cached_property
    def options_model(self) -> Any:
        return load(self.options_path)

    @cached_property
    def table(self) -> Any:
        return load(self.table_path)

    @cached_property
    def setup(self) -> Any:
        return load(self.setup_path)

    @property
    def min_seats(self) -> int:
        return self.seat_limits[0]

    @property
    def max_seats(self) -> int:
        return self.seat_limits[1]

    @property
    def seat_range(self) -> str:
        """How many players the game takes, in words: "2", or "2 to 5"."""
        fewest, most = self.seat_limits
        return f"{fewest}" if fewest == most else f"{fewest} to {most}"


def _spec(
    game_id: str,
    title: str,
    package: str,
    seat_limits: tuple[int, int],
    levels: tuple[str, ...],
    setup: str | None = None,
) -> GameSpec:
    """``setup``: the class name of the game's own new-game form in ``ui/tables/<package>/setup``."""
    return GameSpec(
        id=game_id,
        title=title,
        seat_limits=seat_limits,
        levels=levels,
        rules_path=f"cardtable.games.{package}.rules:RULES",
        bots_path=f"cardtable.games.{package}.bots:BOTS",
        options_path=f"cardtable.persist.options.{package}:Options",
        table_path=f"cardtable.ui.tables.{package}.table:Table",
        rules_doc=f"docs/rules/{package}.md",
        **({"setup_path": f"cardtable.ui.tables.{package}.setup:{setup}"} if setup else {}),
    )


THREE_LEVELS = ("easy", "medium", "hard")

#: games that have landed, in menu order; a new game adds one line here
GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        _spec("pazaak", "Pazaak", "pazaak", (2, 2), THREE_LEVELS, "PazaakNewGame"),
        _spec("pazu-pazaak", "Pazu-Pazaak", "pazu", (3, 6), ("easy", "hard"), "PazuNewGame"),
        _spec("pixies", "Pixies", "pixies", (2, 5), THREE_LEVELS),
        _spec("flip7", "Flip 7", "flip7", (1, 8), THREE_LEVELS, "Flip7NewGame"),
    )
}


def get(game_id: str) -> GameSpec:
    """The spec for ``game_id``; KeyError names the valid ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; choose from: {', '.join(GAMES)}") from None
