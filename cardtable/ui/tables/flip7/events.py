"""Reading Flip 7's events for the table: which flips to reveal, and how a round ended.

One decision can flip several cards (a deal, a Flip Three): the table turns them over one at a
time, so it reads which from the events. A round that ends leaves its rows on the table (the
rules deal the next one by a step of its own), so its summary takes the rows from the view
the session gives and only what the view does not hold (a Flip 7, the card that ended it, who
plays on) from the move's events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from cardtable.games.flip7.cards import Card, is_action, is_number
from cardtable.games.flip7.events import (
    CardFlipped,
    FlipSeven,
    Frozen,
    GameEnded,
    PlayOn,
    RoundEnded,
    RoundStarted,
    SecondChanceUsed,
    Stayed,
)
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import Flip7View, SeatView


@dataclass(frozen=True, slots=True)
class Flip:
    """A card that landed face up in ``seat``'s row: a number, or a modifier above them."""

    seat: int
    number: bool


def fresh_flips(events: Iterable[object]) -> list[Flip]:
    """Cards of this batch still on the table, in the order they were flipped.

    Flips before the batch's last ``RoundStarted`` belong to a finished round (the summary
    shows them); action cards never stay in a row; a duplicate cancelled by a Second Chance
    went straight to the discard.
    """
    batch = list(events)
    starts = [i for i, event in enumerate(batch) if isinstance(event, RoundStarted)]
    batch = batch[starts[-1] + 1 :] if starts else batch
    flips = []
    for i, event in enumerate(batch):
        if not isinstance(event, CardFlipped) or is_action(event.card):
            continue
        after = batch[i + 1] if i + 1 < len(batch) else None
        if isinstance(after, SecondChanceUsed) and after.seat == event.seat:
            continue
        flips.append(Flip(event.seat, is_number(event.card)))
    return flips


@dataclass(slots=True)
class RowAtEnd:
    """One row as the round left it."""

    seat: int
    numbers: list[Card] = field(default_factory=list)
    modifiers: list[Card] = field(default_factory=list)
    second_chance: bool = False
    status: Status = Status.ACTIVE
    flip_seven: bool = False

    @classmethod
    def of(cls, view: SeatView) -> RowAtEnd:
        return cls(
            view.seat, list(view.numbers), list(view.modifiers), view.second_chance, view.status
        )


@dataclass(slots=True)
class RoundResult:
    """A finished round: its rows, what each scored, the totals after it, and what came next."""

    round: int
    rows: list[RowAtEnd]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    #: seats tied at the top past the goal, who play another round
    play_on: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    #: the seat whose number card ended the round (a bust or a Flip 7), if one did
    ended_on: int | None = None


def round_result(view: Flip7View, events: Iterable[object]) -> RoundResult | None:
    """The round these events ended, its rows as ``view`` (the table after them) still shows
    them; None if no round ended."""
    batch = tuple(events)
    ended = next((e for e in batch if isinstance(e, RoundEnded)), None)
    if ended is None:
        return None
    rows = [RowAtEnd.of(seat) for seat in view.seats]
    result = RoundResult(ended.round, rows, ended.scores, ended.totals)
    flipped: int | None = None  # the seat of the last number flipped since a decision
    for event in batch:
        match event:
            case CardFlipped(seat=seat, card=card):
                flipped = seat if is_number(card) else None
            case Stayed() | Frozen() | SecondChanceUsed():
                flipped = None
            case FlipSeven(seat=seat):
                rows[seat].flip_seven = True
            case RoundEnded():
                result.ended_on = flipped
            case PlayOn(seats=seats):
                result.play_on = seats
            case GameEnded(winners=winners):
                result.winners = winners
    return result


def settled(view: Flip7View) -> Flip7View:
    """A view whose round has ended (or the game), each total as it stood before that round:
    the rows say "before → after" as the summary does."""
    if view.to_move is not None:
        return view
    seats = tuple(replace(seat, banked=seat.banked - seat.round_score) for seat in view.seats)
    return replace(view, seats=seats)


def climb(batches: Iterable[tuple[object, ...]], seat: int = 0) -> list[int]:
    """``seat``'s total after each round so far, for the solo chart."""
    return [
        event.totals[seat] for batch in batches for event in batch if isinstance(event, RoundEnded)
    ]


def round_scores(batches: Iterable[tuple[object, ...]], seat: int = 0) -> list[int]:
    """What ``seat`` scored in each finished round (0 for a bust)."""
    return [
        event.scores[seat] for batch in batches for event in batch if isinstance(event, RoundEnded)
    ]
