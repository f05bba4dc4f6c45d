"""Pazaak's config and match state: frozen dataclasses of tuples and enums."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardtable.games.pazaak.cards import Card, check_deck, deck_named
from cardtable.games.pazaak.events import SetVoid, SetWon
from cardtable.games.pazaak.shared import Board, MainDeck

SEATS = 2
HAND_SIZE = 4
SETS_TO_WIN = 3


class Opener(Enum):
    """Ruling 8: who opens sets after the first (a seeded coin toss opens set 1)."""

    ALTERNATE = "alternate"
    LOSER = "loser"


@dataclass(frozen=True, slots=True)
class PazaakConfig:
    """The rules options of one match; each side deck is checked against the inventory."""

    decks: tuple[tuple[Card, ...], ...]
    main_deck: MainDeck = MainDeck.TABLETOP
    opener: Opener = Opener.ALTERNATE

    def __post_init__(self) -> None:
        if len(self.decks) != SEATS:
            raise ValueError(f"Pazaak needs {SEATS} side decks, got {len(self.decks)}")
        for seat, deck in enumerate(self.decks):
            try:
                check_deck(deck)
            except ValueError as problem:
                raise ValueError(f"side deck of seat {seat + 1}: {problem}") from None

    @classmethod
    def with_decks(cls, first: str, second: str, **options: object) -> PazaakConfig:
        """A config from two ready-made deck names."""
        decks = (deck_named(first).cards, deck_named(second).cards)
        # the options are the config's own fields, passed through by name: mypy cannot match
        # an open **options to them
        return cls(decks, **options)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class PazaakState:
    """Everything about a match in progress; ``seed`` and ``draws`` drive all chance still to come."""

    config: PazaakConfig
    seed: int
    #: 1 for the first set; void sets count too (it numbers the fresh shuffles)
    set_number: int
    opener: int
    #: the seat to act, None once the match is over
    to_move: int | None
    boards: tuple[Board, ...]
    standing: tuple[bool, ...]
    #: whether each seat played a Tiebreaker this set (ruling 7)
    tiebreakers: tuple[bool, ...]
    hands: tuple[tuple[Card, ...], ...]
    #: hand cards each seat has played this match, in order (public: they were played face up)
    used: tuple[tuple[Card, ...], ...]
    #: the seat to move has played its one hand card this turn
    played_side: bool
    #: tabletop: the ranks still in this set's main deck, next draw first (a set draws 18 at
    #: most, so only the first 18 places were shuffled); endless: ()
    deck: tuple[int, ...]
    #: main cards drawn this match (numbers the endless-mode draws)
    draws: int
    sets_won: tuple[int, ...]
    void_sets: int
    last_set: SetWon | SetVoid | None
    #: the events of the action that led here (public facts only: no hidden card is ever named)
    recent: tuple[Any, ...]
