"""Reading Flip 7's events for the table: which flips to reveal, and how each round ended.

The core hands the table the state after a decision, but one decision can flip several cards
(a deal, a Flip Three) or end the round and clear every row. The table still wants to turn
those cards over one at a time and to show the rows as they stood when the round ended, so it
reads them back from the events, starting from the rows it showed before the decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardtable.games.flip7.cards import Card, is_action, is_number
from cardtable.games.flip7.events import (
    Busted,
    CardFlipped,
    FlipSeven,
    Frozen,
    GameEnded,
    PlayOn,
    RoundEnded,
    RoundStarted,
    SecondChanceGiven,
    SecondChanceKept,
    SecondChanceUsed,
    Stayed,
)
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import SeatView


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

    def copy(self) -> RowAtEnd:
        return RowAtEnd(
            self.seat,
            list(self.numbers),
            list(self.modifiers),
            self.second_chance,
            self.status,
            self.flip_seven,
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


def _flip(rows: list[RowAtEnd], event: CardFlipped) -> None:
    row = rows[event.seat]
    if is_number(event.card):
        if event.card not in row.numbers:  # a duplicate waits for Busted or SecondChanceUsed
            row.numbers.append(event.card)
    elif not is_action(event.card):
        row.modifiers.append(event.card)


def _step(rows: list[RowAtEnd], event: object) -> list[RowAtEnd]:
    """Apply one event to the rows being followed; a new round starts from empty rows."""
    match event:
        case RoundStarted():
            return [RowAtEnd(seat) for seat in range(len(rows))]
        case CardFlipped():
            _flip(rows, event)
        case Busted(seat=s, card=c):
            rows[s].numbers.append(c)
            rows[s].status = Status.BUST
        case SecondChanceUsed(seat=s):
            rows[s].second_chance = False
        case SecondChanceKept(seat=s) | SecondChanceGiven(seat=s):
            rows[s].second_chance = True
        case Frozen(seat=s):
            rows[s].status = Status.FROZEN
        case Stayed(seat=s):
            rows[s].status = Status.STAYED
        case FlipSeven(seat=s):
            rows[s].flip_seven = True
    return rows


def follow(
    before: tuple[SeatView, ...], events: Iterable[object]
) -> tuple[list[RowAtEnd], list[RoundResult]]:
    """The rows after ``events`` and every round they ended, starting from ``before``."""
    rows = [RowAtEnd.of(view) for view in before]
    ended: list[RoundResult] = []
    flipped: int | None = None  # the seat of the last number flipped since the last decision
    for event in events:
        rows = _step(rows, event)
        if isinstance(event, CardFlipped):
            flipped = event.seat if is_number(event.card) else None
        elif isinstance(event, (Stayed, Frozen, SecondChanceUsed)):
            flipped = None
        if isinstance(event, RoundEnded):
            kept = [row.copy() for row in rows]
            ended.append(RoundResult(event.round, kept, event.scores, event.totals))
            ended[-1].ended_on, flipped = flipped, None
        elif isinstance(event, PlayOn) and ended:
            ended[-1].play_on = event.seats
        elif isinstance(event, GameEnded) and ended:
            ended[-1].winners = event.winners
    return rows, ended


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
