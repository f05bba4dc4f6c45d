"""What happens at a Pazu-Pazaak table, as the UI animates it and the log (``describe``) tells it.

The turn's events (draws, hand cards, flips, stands) are Pazaak's own and keep Pazaak's log
lines. No event carries a hidden card: hands are dealt as a count, and a hand card is named
only once it is played face up or taken from the open auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.games.pazaak.cards import Card
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
