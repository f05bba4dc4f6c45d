"""What a Pazu-Pazaak player can decide: a bid, a pick, the ante, a turn's moves, stay or leave,
and (for the people at the table, between sets) a bot seat added or removed; and the one action
nobody at the table decides: a person sitting down between sets.

A turn's moves are Pazaak's own (``PlaySide``, ``Stand``, ``EndTurn``), shared rather than
redefined, so a hand card means the same thing in both games.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.pazaak.actions import END_TURN, STAND, EndTurn, PlaySide, Stand, play
from cardtable.games.pazaak.cards import Card


@dataclass(frozen=True, slots=True)
class Bid:
    """An open bid of ``amount`` chips for an early pick; paid into the Pazaak Pot at once."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pick:
    """Take ``card`` from the auction cards still on offer (equal cards are one choice)."""

    card: Card


@dataclass(frozen=True, slots=True)
class SetAnte:
    """The first player names the set's ante, within the table's limits."""

    amount: int


@dataclass(frozen=True, slots=True)
class Stay:
    """Between sets: keep playing."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Between sets: leave the table, keeping your chips for the standings."""


@dataclass(frozen=True, slots=True)
class SeatBot:
    """Between sets, a person adds a bot of ``level`` in a new seat; it buys in with the start
    chips. The person is still deciding afterwards (to add another, remove one, stay or leave)."""

    level: str


@dataclass(frozen=True, slots=True)
class UnseatBot:
    """Between sets, a person sends the bot in ``seat`` away; it leaves with its chips."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitDown:
    """Between sets, a person who was not at the table sits down in a new seat with the start
    chips (an online table's server plays it when someone comes with the invite code). With
    ``replacing``, the bot in that seat gets up for them and leaves with its chips.

    It is no seated player's decision, so ``legal_actions`` never lists it: the rules accept it
    whenever the table has a place for the newcomer (see ``PazuRules.arrival``)."""

    replacing: int | None = None


#: the bot levels a person may add between sets (the bots module names the same levels)
BOT_LEVELS = ("easy", "hard")
ACTION_TYPES = (
    Bid,
    Pick,
    SetAnte,
    PlaySide,
    Stand,
    EndTurn,
    Stay,
    Leave,
    SeatBot,
    UnseatBot,
    SitDown,
)
STAY = Stay()
LEAVE = Leave()

__all__ = [
    "ACTION_TYPES",
    "BOT_LEVELS",
    "END_TURN",
    "LEAVE",
    "STAND",
    "STAY",
    "Bid",
    "EndTurn",
    "Leave",
    "Pick",
    "PlaySide",
    "SeatBot",
    "SetAnte",
    "SitDown",
    "Stand",
    "Stay",
    "UnseatBot",
    "play",
]
