"""What happens at a Pazu-Pazaak table, as the UI animates and logs it, and the log line for each.

The turn's events (draws, hand cards, flips, stands) are Pazaak's own and keep Pazaak's log
lines. No event carries a hidden card: hands are dealt as a count, and a hand card is named
only once it is played face up or taken from the open auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardtable.games.pazaak import describe as pazaak_log
from cardtable.games.pazaak.cards import Card, label
from cardtable.games.pazaak.events import (
    CardDrawn,
    Doubled,
    Flipped,
    HandDealt,
    SideCardPlayed,
    Stood,
    TurnEnded,
)


class WinReason(Enum):
    """The rule that decided a set (ruling 6), checked in this order."""

    OTHERS_BUST = "others_bust"
    FULL_BOARD = "full_board"
    HIGHER_TOTAL = "higher_total"
    TIEBREAKER = "tiebreaker"
    MORE_CARDS = "more_cards"
    FEWER_SIDE_CARDS = "fewer_side_cards"
    STOOD_FIRST = "stood_first"


class LeaveReason(Enum):
    CHOSE = "chose"
    #: could not pay the ante the first player named
    CANNOT_PAY = "cannot_pay"
    #: ended a set holding less than the smallest ante there can be
    BROKE = "broke"
    #: a bot a person sent away between sets
    REMOVED = "removed"
    #: a bot that got up for a person sitting down between sets
    GAVE_SEAT = "gave_seat"


class EndReason(Enum):
    FEW_PLAYERS = "few_players"
    MAX_SETS = "max_sets"
    #: the last person at the table left it (ruling 8)
    PEOPLE_LEFT = "people_left"


@dataclass(frozen=True, slots=True)
class CardsRevealed:
    """A set opens: one auction card per player turned face up; ``bids_first`` bids first."""

    number: int
    cards: tuple[Card, ...]
    bids_first: int


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    amount: int
    pazaak_pot: int


@dataclass(frozen=True, slots=True)
class CardPicked:
    """``auto``: the cards left on offer were all alike, so there was nothing to choose."""

    seat: int
    card: Card
    auto: bool


@dataclass(frozen=True, slots=True)
class AnteSet:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class AntesPaid:
    seats: tuple[int, ...]
    amount: int
    set_pot: int


@dataclass(frozen=True, slots=True)
class LeftTable:
    seat: int
    chips: int
    reason: LeaveReason


@dataclass(frozen=True, slots=True)
class BotSeated:
    """Between sets a person added a bot of ``level`` in the new seat ``seat``, buying in with
    ``chips``; it is dealt its hand (``HandDealt``) and joins the next set."""

    seat: int
    level: str
    chips: int


@dataclass(frozen=True, slots=True)
class PersonSeated:
    """Between sets a person sat down in the new seat ``seat`` with ``chips``; they are dealt
    their hand (``HandDealt``) and play from the next set on."""

    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class Stayed:
    seat: int


@dataclass(frozen=True, slots=True)
class Busted:
    """Out of the set; ``penalty`` is what went into the Pazaak Pot (all they had, if less)."""

    seat: int
    total: int
    penalty: int


@dataclass(frozen=True, slots=True)
class DeckEmpty:
    """The main deck ran out when ``seat`` was due to draw: everyone still drawing stands."""

    seat: int


@dataclass(frozen=True, slots=True)
class SetWon:
    """``set_pot`` and ``pazaak_pot`` are the chips the winner took from each pot."""

    seat: int
    reason: WinReason
    total: int
    set_pot: int
    pazaak_pot: int


@dataclass(frozen=True, slots=True)
class SetPotCarried:
    """Every player in the set bust: nobody wins, and the Set Pot waits for the next set."""

    amount: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    chips: tuple[int, ...]
    reason: EndReason


EVENT_TYPES = (
    HandDealt,
    CardsRevealed,
    BidMade,
    CardPicked,
    AnteSet,
    AntesPaid,
    LeftTable,
    BotSeated,
    PersonSeated,
    Stayed,
    CardDrawn,
    SideCardPlayed,
    Doubled,
    Flipped,
    Stood,
    TurnEnded,
    Busted,
    DeckEmpty,
    SetWon,
    SetPotCarried,
    GameEnded,
)

_WHY = {
    WinReason.OTHERS_BUST: "as everyone else bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.HIGHER_TOTAL: "with the best total",
    WinReason.TIEBREAKER: "on the Tiebreaker card",
    WinReason.MORE_CARDS: "with more cards on the board",
    WinReason.FEWER_SIDE_CARDS: "with fewer hand cards played",
    WinReason.STOOD_FIRST: "for standing first",
}
_LEAVING = {
    LeaveReason.CHOSE: "leave|leaves",
    LeaveReason.CANNOT_PAY: "cannot pay the ante and leave|cannot pay the ante and leaves",
    LeaveReason.BROKE: "cannot cover an ante and leave|cannot cover an ante and leaves",
    LeaveReason.REMOVED: "are sent away from|is sent away from",
    LeaveReason.GAVE_SEAT: "give your place to a newcomer and leave|gives its place to a newcomer "
    "and leaves",
}
_ENDS = {
    EndReason.FEW_PLAYERS: "too few players are left",
    EndReason.MAX_SETS: "the last set is over",
    EndReason.PEOPLE_LEFT: "the last person has left the table",
}


def _who(seat: int, viewer: int | None, verbs: str) -> str:
    """Subject and verb from ``"you-form|they-form"``: "You bid", "Player 2 bids"."""
    you, other = verbs.split("|")
    return f"You {you}" if seat == viewer else f"Player {seat + 1} {other}"


def _seats(seats: tuple[int, ...], viewer: int | None) -> str:
    return ", ".join("you" if s == viewer else f"Player {s + 1}" for s in seats)


def describe(event: Any, viewer: int | None) -> str | None:
    """The log line for ``event``; the same for every viewer but for "You"."""
    match event:
        case CardsRevealed(number, cards, first):
            offer = " ".join(label(card) for card in cards)
            return f"Set {number}: on offer {offer}; {_who(first, viewer, 'bid|bids')} first"
        case BidMade(seat, amount, pot):
            return f"{_who(seat, viewer, 'bid|bids')} {amount} (Pazaak Pot {pot})"
        case CardPicked(seat, card, auto):
            how = " the last card," if auto else ""
            return f"{_who(seat, viewer, 'take|takes')}{how} {label(card)}"
        case AnteSet(seat, amount):
            return (
                f"{_who(seat, viewer, 'go first and set|goes first and sets')} the ante at {amount}"
            )
        case AntesPaid(seats, amount, pot):
            return f"Ante {amount} paid by {_seats(seats, viewer)}: Set Pot {pot}"
        case LeftTable(seat, chips, reason):
            return f"{_who(seat, viewer, _LEAVING[reason])} the table with {chips} chips"
        case BotSeated(seat, level, chips):
            return f"Player {seat + 1}, a new {level} bot, sits down with {chips} chips"
        case PersonSeated(seat, chips):
            return f"{_who(seat, viewer, 'sit|sits')} down at the table with {chips} chips"
        case Stayed(seat):
            return f"{_who(seat, viewer, 'stay|stays')} at the table"
        case Busted(seat, total, penalty):
            return f"{_who(seat, viewer, 'bust|busts')} with {total}: {penalty} to the Pazaak Pot"
        case DeckEmpty():
            return "The main deck is empty: everyone still drawing stands"
        case SetWon(seat, reason, total, set_pot, pazaak_pot):
            won = f"the Set Pot ({set_pot})"
            if pazaak_pot:
                won += f" and the Pazaak Pot ({pazaak_pot})"
            return f"{_who(seat, viewer, 'win|wins')} on {total} {_WHY[reason]}: {won}"
        case SetPotCarried(amount):
            return f"Everyone bust: the Set Pot ({amount}) carries over"
        case GameEnded(chips, reason):
            return f"Game over, {_ENDS[reason]}: chips {' – '.join(str(c) for c in chips)}"
    return pazaak_log.describe(event, viewer)
