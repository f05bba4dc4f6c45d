"""The rules layer's registry: every game by id, with its rules, bots and in-app rules text.

Each layer keeps its own registry of the same games (``cardtable.persist.options``,
``cardtable.ui.games``, ``cardtable.env.games``, ``cardtable.tools.shots``) and a completeness test
holds them equal; ``docs/ADDING_A_GAME.md`` is the recipe. A game's rules and bots are imported on
first use, so ``cardtable --help`` and the new-game form's first frame never pay for them: the few
facts needed before (seat limits, bot levels) are written here, and a conformance test holds them
equal to the rules' and the bots' own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardtable.core.bots import Bot
from cardtable.core.protocol import GameRules
from cardtable.core.registry import Registry

Rules = GameRules[Any, Any]
#: bot level -> a factory of a fresh bot
Bots = Mapping[str, Callable[[], Bot]]


@dataclass(frozen=True)
class GameSpec:
    """One game as the rules layer knows it; the loaders import its modules when first asked."""

    id: str
    title: str
    #: fewest and most seats at a table (the rules' ``min_seats`` and ``max_seats``)
    seat_limits: tuple[int, int]
    #: the bot levels, weakest first (the keys of the game's bots)
    levels: tuple[str, ...]
    load_rules: Callable[[], Rules]
    load_bots: Callable[[], Bots]
    #: the in-app rules text (Markdown), relative to the package
    rules_doc: str
    #: the level whose bot explains its choice (an ``Advisor``) for the hint key; None: no hints
    hint_level: str | None = None

    @cached_property
    def rules(self) -> Rules:
        return self.load_rules()

    @cached_property
    def bots(self) -> Bots:
        return self.load_bots()

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


#: games by id, in menu order
GAMES: Registry[GameSpec] = Registry("rules")


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the rules layer (ValueError if its id is taken)."""
    return GAMES.register(spec.id, spec)


def get(game_id: str) -> GameSpec:
    """The spec for ``game_id``; KeyError names the valid ids."""
    return GAMES[game_id]


def _pazaak_rules() -> Rules:
    from cardtable.games.pazaak.rules import RULES

    return RULES


def _pazaak_bots() -> Bots:
    from cardtable.games.pazaak.bots import BOTS

    return BOTS


def _pazu_rules() -> Rules:
    from cardtable.games.pazu.rules import RULES

    return RULES


def _pazu_bots() -> Bots:
    from cardtable.games.pazu.bots import BOTS

    return BOTS


def _pixies_rules() -> Rules:
    from cardtable.games.pixies.rules import RULES

    return RULES


def _pixies_bots() -> Bots:
    from cardtable.games.pixies.bots import BOTS

    return BOTS


def _flip7_rules() -> Rules:
    from cardtable.games.flip7.rules import RULES

    return RULES


def _flip7_bots() -> Bots:
    from cardtable.games.flip7.bots import BOTS

    return BOTS


THREE_LEVELS = ("easy", "medium", "hard")

register(
    GameSpec(
        "pazaak",
        "Pazaak",
        (2, 2),
        THREE_LEVELS,
        _pazaak_rules,
        _pazaak_bots,
        "docs/rules/pazaak.md",
        hint_level="hard",
    )
)
register(
    GameSpec(
        "pazu-pazaak",
        "Pazu-Pazaak",
        (3, 6),
        ("easy", "hard"),
        _pazu_rules,
        _pazu_bots,
        "docs/rules/pazu.md",
        hint_level="hard",
    )
)
register(
    GameSpec(
        "pixies",
        "Pixies",
        (2, 5),
        THREE_LEVELS,
        _pixies_rules,
        _pixies_bots,
        "docs/rules/pixies.md",
        hint_level="hard",
    )
)
register(
    GameSpec(
        "flip7",
        "Flip 7",
        (1, 8),
        THREE_LEVELS,
        _flip7_rules,
        _flip7_bots,
        "docs/rules/flip7.md",
        hint_level="hard",
    )
)
