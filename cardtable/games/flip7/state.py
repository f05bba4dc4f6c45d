"""Flip 7's config and state: frozen dataclasses of tuples and enums, never mutated.

The state is split by how often each part changes, because building a frozen dataclass costs
per field and a hit must stay cheap: a hit touches the deck, one row and the turn; the
``Table`` (totals, round, dealer) changes once a round; a ``Resolution`` exists only while the
deal, a Flip Three chain or a target choice is being worked through.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.games.flip7.cards import SOLO_DECK, TABLE_DECK, Card, row_score
from cardtable.games.flip7.frozen import quick_init


class Mode(Enum):
    SOLO = "solo"
    TABLE = "table"


class Status(Enum):
    """Where a player stands in the round; only ACTIVE players take turns or receive actions."""

    ACTIVE = "active"
    STAYED = "stayed"
    FROZEN = "frozen"
    BUST = "bust"


class Choice(Enum):
    """A decision a player owes before play goes on: whom an action card goes to."""

    FREEZE = "freeze"
    FLIP_THREE = "flip_three"
    SECOND_CHANCE = "second_chance"


#: the card each choice hands out
CHOICE_CARD = {
    Choice.FREEZE: Card.FREEZE,
    Choice.FLIP_THREE: Card.FLIP_THREE,
    Choice.SECOND_CHANCE: Card.SECOND_CHANCE,
}
CARD_CHOICE = {card: choice for choice, card in CHOICE_CARD.items()}

_BUST = Status.BUST
_SECOND_CHANCE = (Card.SECOND_CHANCE,)
MIN_TABLE_SEATS = 2
MAX_TABLE_SEATS = 8


@dataclass(frozen=True, slots=True)
class Flip7Config:
    """Solo challenge (one seat, 85 cards) or table game (2–8 seats, 94 cards with actions)."""

    seats: int
    mode: Mode = Mode.TABLE
    #: table game only: play with Freeze, Flip Three and Second Chance
    action_cards: bool = True

    def __post_init__(self) -> None:
        if self.mode is Mode.SOLO and self.seats != 1:
            raise ValueError(f"the Flip 7 solo challenge is for 1 player, not {self.seats}")
        if self.mode is Mode.SOLO and self.action_cards:
            raise ValueError("the solo challenge has no action cards")
        if self.mode is Mode.TABLE and not MIN_TABLE_SEATS <= self.seats <= MAX_TABLE_SEATS:
            raise ValueError(
                f"the Flip 7 table game is for {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} players, "
                f"not {self.seats}"
            )

    @property
    def deck(self) -> tuple[Card, ...]:
        return TABLE_DECK if self.action_cards else SOLO_DECK


@quick_init
@dataclass(frozen=True, slots=True)
class Row:
    """The cards in front of one player this round, in the order they came."""

    numbers: tuple[Card, ...] = ()
    modifiers: tuple[Card, ...] = ()
    second_chance: bool = False
    status: Status = Status.ACTIVE

    @property
    def score(self) -> int:
        """What the row banks if the round ended now: nothing once bust."""
        if self.status is _BUST:
            return 0
        return row_score(self.numbers, self.modifiers)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card in the row (a bust row keeps the duplicate that bust it)."""
        held = _SECOND_CHANCE if self.second_chance else ()
        return self.numbers + self.modifiers + held


@dataclass(frozen=True, slots=True)
class FlipThree:
    """One Flip Three being worked through: flips still owed and actions set aside meanwhile."""

    target: int
    flips_left: int = 3
    set_aside: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Pending:
    """An action card in ``chooser``'s hand, waiting for them to pick one of ``options``."""

    choice: Choice
    chooser: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What is being worked through between ordinary turns."""

    #: seats still to receive their deal card, in deal order
    deal_left: tuple[int, ...] = ()
    #: True from the round's start until the deal and everything it set off is resolved
    dealing: bool = False
    #: Flip Threes in progress, innermost last
    chain: tuple[FlipThree, ...] = ()
    pending: Pending | None = None
    #: turns go on clockwise after this seat once everything is resolved
    resume: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """Action cards in limbo: set aside in a chain or in a chooser's hand."""
        aside = tuple(card for frame in self.chain for card in frame.set_aside)
        held = () if self.pending is None else (CHOICE_CARD[self.pending.choice],)
        return aside + held


@quick_init
@dataclass(frozen=True, slots=True)
class Table:
    """The slow-moving facts: totals banked, round number, dealer, reshuffles, game over."""

    banked: tuple[int, ...]
    #: the round being played (once over: how many rounds were played)
    round: int = 1
    dealer: int = 0
    #: how many times the discard pile became the deck (names the next shuffle's rng)
    reshuffles: int = 0
    over: bool = False
    #: the round is banked and the game goes on: its rows stay on the table, nobody moves,
    #: until the next round is dealt (``DealNextRound``)
    ended: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Flip7State:
    """A whole game. The deck's top card is ``deck[0]``."""

    config: Flip7Config
    seed: int
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    rows: tuple[Row, ...]
    table: Table
    #: the seat whose turn it is (when nothing is being resolved)
    turn: int
    flow: Resolution | None = None

    @property
    def pending(self) -> Pending | None:
        return None if self.flow is None else self.flow.pending

    def cards_out(self) -> tuple[Card, ...]:
        """Cards neither in the deck nor the discard pile: rows, set aside or being given."""
        limbo = () if self.flow is None else self.flow.cards
        return tuple(card for row in self.rows for card in row.cards) + limbo
