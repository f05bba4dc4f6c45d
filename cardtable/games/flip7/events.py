"""What happened, for the table to animate and the log to tell; derived, never the source of truth.

Every card in Flip 7 is flipped face up, so no event hides anything: the public log line and a
player's own line are the same (``describe`` writes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.frozen import quick_init


class Why(Enum):
    """Why a card was flipped."""

    DEAL = "deal"
    HIT = "hit"
    FLIP_THREE = "flip_three"


@quick_init
@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    dealer: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardFlipped:
    seat: int
    card: Card
    why: Why


@quick_init
@dataclass(frozen=True, slots=True)
class Busted:
    """``seat`` flipped ``card``, a number already in their row, and scores 0 this round."""

    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class SecondChanceUsed:
    """``seat`` would have bust on ``card``: it and their Second Chance went to the discard."""

    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class SecondChanceKept:
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class SecondChanceGiven:
    giver: int
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class ActionDiscarded:
    """An action card of ``seat``'s went to the discard unused (nobody could take it, or a
    Flip Three ended in a bust or a Flip 7 before a set-aside card was resolved)."""

    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class Frozen:
    seat: int
    by: int
    score: int


@quick_init
@dataclass(frozen=True, slots=True)
class FlipThreeStarted:
    seat: int
    by: int


@quick_init
@dataclass(frozen=True, slots=True)
class ActionSetAside:
    """A Freeze or Flip Three that ``seat`` flipped during a Flip Three, resolved after it."""

    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class FlipThreeEnded:
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Stayed:
    seat: int
    score: int


@quick_init
@dataclass(frozen=True, slots=True)
class FlipSeven:
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discard pile was shuffled into a new deck of ``cards`` cards."""

    cards: int


@quick_init
@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class PlayOn:
    """Someone reached the goal but ``seats`` tie for the highest total: another round."""

    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: int


EVENT_TYPES: tuple[type, ...] = (
    RoundStarted,
    CardFlipped,
    Busted,
    SecondChanceUsed,
    SecondChanceKept,
    SecondChanceGiven,
    ActionDiscarded,
    Frozen,
    FlipThreeStarted,
    ActionSetAside,
    FlipThreeEnded,
    Stayed,
    FlipSeven,
    Reshuffled,
    RoundEnded,
    PlayOn,
    GameEnded,
)
