"""What happens in a Pazaak match, as the UI animates it and the log (``describe``) tells it.

Events never carry a hidden card: hands are dealt as a count, and a hand card is named only once
it is played face up, so every log line is safe for any viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.games.pazaak.cards import Card


class WinReason(Enum):
    """Why a set was won."""

    HIGHER = "higher"
    BUST = "bust"
    FULL_BOARD = "full_board"
    TIEBREAKER = "tiebreaker"


@dataclass(frozen=True, slots=True)
class HandDealt:
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class SetStarted:
    number: int
    opener: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: int
    rank: int
    total: int


@dataclass(frozen=True, slots=True)
class SideCardPlayed:
    """A hand card laid face up; ``value`` is what it adds (0 for Flip and Double)."""

    seat: int
    card: Card
    value: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Doubled:
    seat: int
    rank: int
    value: int


@dataclass(frozen=True, slots=True)
class Flipped:
    """A Flip turned ``turned`` cards over, across every board."""

    seat: int
    card: Card
    turned: int


@dataclass(frozen=True, slots=True)
class Stood:
    """``auto``: the total reached exactly 20 (ruling 3), by the player or by a flip."""

    seat: int
    total: int
    auto: bool


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class Busted:
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class SetWon:
    seat: int
    reason: WinReason
    totals: tuple[int, ...]
    sets_won: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SetVoid:
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchWon:
    seat: int
    sets_won: tuple[int, ...]


EVENT_TYPES = (
    HandDealt,
    SetStarted,
    CardDrawn,
    SideCardPlayed,
    Doubled,
    Flipped,
    Stood,
    TurnEnded,
    Busted,
    SetWon,
    SetVoid,
    MatchWon,
)
