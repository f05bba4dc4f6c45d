"""Pazu-Pazaak's config and table state: frozen dataclasses of tuples and enums."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from cardtable.games.pazaak.cards import Card, check_deck, deck_named
from cardtable.games.pazaak.shared import Board, MainDeck
from cardtable.games.pazu.events import SetPotCarried, SetWon

MIN_SEATS = 3
#: the most players at the table at once (bots added between sets included)
MAX_SEATS = 6
#: the most players who may sit down in one game, counting those who have left: bots added
#: and removed between sets take new seats, and this keeps a game's length bounded
MAX_SEATINGS = 12
HAND_SIZE = 4


class Phase(Enum):
    """What kind of decision the table waits for; the UI shows a different panel for each."""

    BID = "bid"
    PICK = "pick"
    ANTE = "ante"
    TURN = "turn"
    LEAVE = "leave"
    OVER = "over"


class Status(Enum):
    """Where a seat is in the current set."""

    #: not in this set: left the table, or the set has not reached the ante yet
    OUT = "out"
    ACTIVE = "active"
    STOOD = "stood"
    BUST = "bust"


@dataclass(frozen=True, slots=True)
class PazuConfig:
    """The rules options of one game; every amount is a table choice (RULINGS.md § Pazu-Pazaak)."""

    seats: int
    #: each seat's 10-card personal side deck, checked against Pazaak's inventory
    decks: tuple[tuple[Card, ...], ...]
    main_deck: MainDeck = MainDeck.TABLETOP
    start_chips: int = 200
    ante_min: int = 5
    ante_max: int = 25
    #: a bust pays this many antes into the Pazaak Pot
    bust_penalty: int = 2
    #: an optional evening's length: the game ends after this many sets even if several
    #: players are still at the table; None (the rule) plays on while two can pay the ante
    max_sets: int | None = None
    #: the seats people play when the game opens (every other seat is a bot): between sets they
    #: may add and remove bot seats, and the game ends when the last of them leaves (a person
    #: who sits down later counts too: ``PazuState.people``). () for bots only (sims).
    people: tuple[int, ...] = ()
    #: the side deck a bot added between sets brings to the table
    newcomer_deck: tuple[Card, ...] = deck_named("balanced").cards

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ValueError(
                f"Pazu-Pazaak is for {MIN_SEATS} to {MAX_SEATS} players, not {self.seats}"
            )
        if len(self.decks) != self.seats:
            raise ValueError(
                f"{self.seats} seats need {self.seats} side decks, not {len(self.decks)}"
            )
        for seat, deck in enumerate(self.decks):
            try:
                check_deck(deck)
            except ValueError as problem:
                raise ValueError(f"side deck of seat {seat + 1}: {problem}") from None
        try:
            check_deck(self.newcomer_deck)
        except ValueError as problem:
            raise ValueError(f"the side deck of added bots: {problem}") from None
        if sorted(set(self.people)) != list(self.people) or not all(
            0 <= seat < self.seats for seat in self.people
        ):
            raise ValueError(
                f"the people's seats must be different seats of the {self.seats}, in order, "
                f"not {self.people}"
            )
        amounts = amounts_problem(self)
        if amounts is not None:
            raise ValueError(amounts)

    @classmethod
    def with_decks(cls, names: tuple[str, ...], **options: Any) -> PazuConfig:
        """A config from one ready-made deck name per seat."""
        decks = tuple(deck_named(name).cards for name in names)
        return cls(len(names), decks, **options)

    @property
    def terms(self) -> TableTerms:
        """What every seat may know of this config: all of it but the side decks."""
        return TableTerms(
            self.seats,
            self.main_deck,
            self.start_chips,
            self.ante_min,
            self.ante_max,
            self.bust_penalty,
            self.max_sets,
            self.people,
        )


@dataclass(frozen=True, slots=True)
class TableTerms:
    """The table's public terms, as a view carries them: the side decks each player brought
    are hidden (ruling 9), so a view must not hold the config itself."""

    seats: int
    main_deck: MainDeck
    start_chips: int
    ante_min: int
    ante_max: int
    bust_penalty: int
    max_sets: int | None
    people: tuple[int, ...]


def deck_of(config: PazuConfig, seat: int) -> tuple[Card, ...]:
    """The side deck ``seat`` brought: its own for the opening seats, the newcomers' deck for a
    bot added between sets."""
    return config.decks[seat] if seat < config.seats else config.newcomer_deck


class Amounts(Protocol):
    """The chip amounts of a table: a config, or the options a person chose before it."""

    @property
    def start_chips(self) -> int: ...
    @property
    def ante_min(self) -> int: ...
    @property
    def ante_max(self) -> int: ...
    @property
    def bust_penalty(self) -> int: ...
    @property
    def max_sets(self) -> int | None: ...


def amounts_problem(config: Amounts) -> str | None:
    """Why the chip amounts cannot make a game, or None (the options check with it too)."""
    if not 1 <= config.ante_min <= config.ante_max:
        return (
            f"the ante limits need 1 ≤ minimum ≤ maximum, not {config.ante_min}–{config.ante_max}"
        )
    if config.start_chips < config.ante_min:
        return f"{config.start_chips} starting chips cannot pay the minimum ante {config.ante_min}"
    if config.bust_penalty < 0:
        return f"the bust penalty cannot be negative ({config.bust_penalty} antes)"
    if config.max_sets is not None and config.max_sets < 1:
        return f"a game needs at least one set, not {config.max_sets}"
    return None


@dataclass(frozen=True, slots=True)
class PazuState:
    """The whole table; ``seed``, ``set_number`` and ``draws`` name every shuffle still to come.

    Every per-seat tuple has one entry for each player who ever sat down: the opening seats, then
    any bot added between sets. Players who left keep their entry (and their chips).
    """

    config: PazuConfig
    seed: int
    #: 0 before the first set; a set is numbered when its side cards are revealed
    set_number: int
    phase: Phase
    #: the seats still to act in this phase, the one to move first; () once the game is over
    queue: tuple[int, ...]
    #: the highest bidder of the set: sets the ante, takes the first turn, bids first next set
    first: int
    #: still at the table (leavers keep their chips for the standings)
    seated: tuple[bool, ...]
    #: the seats people play: the config's, and every person who sat down between sets since
    people: tuple[int, ...]
    chips: tuple[int, ...]
    set_pot: int
    pazaak_pot: int
    hands: tuple[tuple[Card, ...], ...]
    #: cards bought at auction still in each hand: everyone saw them taken
    bought: tuple[tuple[Card, ...], ...]
    #: cards from each personal side deck played so far (face up, so public)
    spent: tuple[tuple[Card, ...], ...]
    #: this set's ante; 0 until the first player names it
    ante: int
    #: this set's bids, None for a seat that has not bid (or is not at the table)
    bids: tuple[int | None, ...]
    #: the auction cards still on offer
    revealed: tuple[Card, ...]
    boards: tuple[Board, ...]
    status: tuple[Status, ...]
    #: the order players stood in this set (1 first); 0 for not standing
    stood_at: tuple[int, ...]
    #: the player to move has played their one hand card this turn
    played_side: bool
    #: tabletop: this set's main deck, next draw first; endless: ()
    deck: tuple[int, ...]
    #: main cards drawn in the game (numbers the endless-mode draws)
    draws: int
    #: how the previous set ended
    last_set: SetWon | SetPotCarried | None


def to_move(state: PazuState) -> int | None:
    """The seat the table waits for: the head of the phase's queue (None once the game is over)."""
    return state.queue[0] if state.queue else None
