"""What happened in a Pixies game, for the log and the table's animations (all public)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cardtable.games.pixies.cards import Card
from cardtable.games.pixies.scoring import ScoreBreakdown


class RoundEnd(enum.Enum):
    """Why a round ended."""

    GRID_FULL = "grid_full"
    DECK_OUT = "deck_out"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    zone_value: int
    leader: int


@dataclass(frozen=True, slots=True)
class CardsRevealed:
    leader: int
    cards: tuple[Card, ...]
    deck_left: int


@dataclass(frozen=True, slots=True)
class CardTaken:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlaced:
    """Scenario 1: face-up on its number's space, validated if a face-down card was there."""

    seat: int
    card: Card
    space: int
    validated: bool


@dataclass(frozen=True, slots=True)
class DuplicateSettled:
    """Scenario 2: ``kept`` stays face-up on ``space`` (now validated), the other tucked under."""

    seat: int
    space: int
    kept: Card
    kept_new: bool


@dataclass(frozen=True, slots=True)
class PlacedFaceDown:
    """Scenario 3: the taken card went face-down on the empty ``space``."""

    seat: int
    space: int


@dataclass(frozen=True, slots=True)
class GridFilled:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    reason: RoundEnd
    scores: tuple[ScoreBreakdown, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


EVENT_TYPES = (
    RoundStarted,
    CardsRevealed,
    CardTaken,
    CardPlaced,
    DuplicateSettled,
    PlacedFaceDown,
    GridFilled,
    RoundEnded,
    GameEnded,
)
