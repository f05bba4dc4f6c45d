"""What happens in a Pazaak match, as the UI animates and logs it, and the log line for each.

Events never carry a hidden card: hands are dealt as a count, and a hand card is named only once
it is played face up, so every log line is safe for any viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardtable.games.pazaak.cards import Card, label, side_values, signed


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

_REASONS = {
    WinReason.HIGHER: "with the higher total",
    WinReason.BUST: "on a bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.TIEBREAKER: "on the tiebreaker",
}


def _who(seat: int, viewer: int | None, you: str, other: str) -> str:
    """Subject and verb: "You draw" for the viewer's own seat, "Player 2 draws" otherwise."""
    return f"You {you}" if seat == viewer else f"Player {seat + 1} {other}"


def _score(values: tuple[int, ...]) -> str:
    return " – ".join(str(v) for v in values)


def describe(event: Any, viewer: int | None) -> str | None:
    """The log line for ``event``; the same for every viewer but for "You"."""
    match event:
        case HandDealt(seat, count):
            return f"{_who(seat, viewer, 'take', 'takes')} a hand of {count} side cards"
        case SetStarted(number, opener):
            return f"Set {number}: {_who(opener, viewer, 'open', 'opens')}"
        case CardDrawn(seat, rank, total):
            return f"{_who(seat, viewer, 'draw', 'draws')} {rank} → {total}"
        case SideCardPlayed(seat, card, value, totals):
            choice = len(side_values(card)) > 1
            shown = f"{label(card)} as {signed(value)}" if choice else label(card)
            return f"{_who(seat, viewer, 'play', 'plays')} {shown} → {totals[seat]}"
        case Doubled(seat, rank, value):
            return f"{_who(seat, viewer, 'double', 'doubles')} a {rank}: it counts {value}"
        case Flipped(_, card, turned):
            return f"{label(card)} turns {turned} card{'s' if turned != 1 else ''} over"
        case Stood(seat, total, auto):
            how = "automatically " if auto else ""
            return f"{_who(seat, viewer, 'stand', 'stands')} {how}on {total}"
        case TurnEnded(seat, total):
            return f"{_who(seat, viewer, 'end', 'ends')} the turn on {total}"
        case Busted(seat, total):
            return f"{_who(seat, viewer, 'bust', 'busts')} with {total}"
        case SetWon(seat, reason, totals, sets_won):
            wins = _who(seat, viewer, "win", "wins")
            return f"{wins} the set {_REASONS[reason]} ({_score(totals)}); sets {_score(sets_won)}"
        case SetVoid(totals):
            return f"Tie at {_score(totals)}: the set is void"
        case MatchWon(seat, sets_won):
            return f"{_who(seat, viewer, 'win', 'wins')} the match {_score(sets_won)}"
    return None
