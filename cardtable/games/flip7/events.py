"""What happened, for the table to animate and the log to tell; derived, never the source of truth.

Every card in Flip 7 is flipped face up, so no event hides anything: the public log line and a
player's own line are the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.games.flip7.cards import GOAL, Card, label
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


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _names(seats: tuple[int, ...]) -> str:
    return ", ".join(seat_name(s) for s in seats)


_FLIP_REASON = {Why.DEAL: "is dealt", Why.HIT: "hits:", Why.FLIP_THREE: "flips (Flip Three):"}


def describe(event: object) -> str | None:
    """The log line for ``event``; the same for every viewer, since nothing is hidden."""
    match event:
        case RoundStarted(round=r, dealer=d):
            return f"Round {r} begins; {seat_name(d)} deals."
        case CardFlipped(seat=s, card=c, why=w):
            return f"{seat_name(s)} {_FLIP_REASON[w]} {label(c)}."
        case Busted(seat=s, card=c):
            return f"{seat_name(s)} busts on a second {label(c)} and scores 0 this round."
        case SecondChanceUsed(seat=s, card=c):
            return f"{seat_name(s)} spends a Second Chance to discard the second {label(c)}."
        case SecondChanceKept(seat=s):
            return f"{seat_name(s)} keeps the Second Chance."
        case SecondChanceGiven(giver=g, seat=s):
            return f"{seat_name(g)} gives a Second Chance to {seat_name(s)}."
        case ActionDiscarded(seat=s, card=c):
            return f"{seat_name(s)}'s {label(c)} is discarded unused."
        case Frozen(seat=s, by=b, score=p) if b == s:
            return f"{seat_name(s)} freezes themselves and banks {p}."
        case Frozen(seat=s, by=b, score=p):
            return f"{seat_name(b)} freezes {seat_name(s)}, who banks {p}."
        case FlipThreeStarted(seat=s, by=b) if b == s:
            return f"{seat_name(s)} takes the Flip Three themselves."
        case FlipThreeStarted(seat=s, by=b):
            return f"{seat_name(b)} makes {seat_name(s)} Flip Three."
        case ActionSetAside(seat=s, card=c):
            return f"{seat_name(s)} sets the {label(c)} aside until the Flip Three is done."
        case FlipThreeEnded(seat=s):
            return f"{seat_name(s)}'s Flip Three is done."
        case Stayed(seat=s, score=p):
            return f"{seat_name(s)} stays on {p}."
        case FlipSeven(seat=s):
            return f"{seat_name(s)} makes a Flip 7: +15 and the round ends!"
        case Reshuffled(cards=n):
            return f"The deck is empty: the discard pile is shuffled into a new deck of {n}."
        case RoundEnded(round=r, scores=sc, totals=t):
            parts = ", ".join(f"{seat_name(i)} +{p} ({t[i]})" for i, p in enumerate(sc))
            return f"Round {r} over: {parts}."
        case PlayOn(seats=ss):
            return f"{_names(ss)} tie for the lead at {GOAL} or more: play on."
        case GameEnded(winners=w, rounds=r):
            return f"{_names(w)} wins after {r} rounds."
    return None
