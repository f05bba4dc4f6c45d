"""What the plain mode asks of each game: its moves in words, its table read aloud, its cards
in words. One ``Reader`` per game, in ``plain/games``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.plain.words import speak


@dataclass(frozen=True, slots=True)
class Move:
    """One listed choice: its words, and the action; a move that takes an amount ("bid N")
    has ``amount`` instead, the action for each number, and ``low`` to ``high`` it may be."""

    words: str
    action: Any = None
    amount: Callable[[int], Any] | None = None
    low: int = 0
    high: int = 0


class Reader:
    """A game read aloud. ``names[seat]`` is each seat's name as the reader knows it ("You")."""

    #: signs a game's log uses besides its cards' faces, each in words
    symbols: ClassVar[dict[str, str]] = {}

    def card_words(self, token: str) -> str | None:
        """A card's face from the log ("+3", "B4★") in words; None: ``token`` is no card."""
        return None

    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        """The legal moves in the order the prompt numbers them."""
        raise NotImplementedError

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        """The whole table as the viewer may see it, a few short sentences."""
        raise NotImplementedError

    def hand(self, view: Any, names: Sequence[str]) -> str:
        """The viewer's own cards."""
        raise NotImplementedError

    def score(self, view: Any, names: Sequence[str]) -> str:
        """Where the game stands: sets, chips or points."""
        raise NotImplementedError

    def odds(self, view: Any, names: Sequence[str]) -> list[str]:
        """The odds panel's words, for a game that has one."""
        return ["This game has no odds panel."]

    def named(self, line: str, solo: bool) -> str:
        """A log line after the seats' names went in (a game may put its verbs right)."""
        return line

    def said(self, line: str) -> str:
        """A log line with its cards and signs in words."""
        return speak(line, self.card_words, self.symbols)
