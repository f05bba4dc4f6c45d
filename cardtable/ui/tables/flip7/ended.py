"""The table as a round left it: its rows, the totals before it, and the deck and discard.

The core deals the next round in the same decision that ends one, so the view after it shows
the new deal. The table keeps the ended round in sight until its summary is closed, and the
header and odds must count the card that ended it (the duplicate that bust a row, say) as
drawn: rows and piles are followed card by card from the view shown before the decision.
At the game's end the rows stay on the table and the totals already hold them; the boards say
"before → after" as the summary does, so ``settled`` takes the round's score back out of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.events import (
    ActionDiscarded,
    CardFlipped,
    FlipThreeStarted,
    Frozen,
    Reshuffled,
    RoundEnded,
    SecondChanceUsed,
)
from cardtable.games.flip7.view import Flip7View, SeatView
from cardtable.ui.tables.flip7.events import RoundResult, RowAtEnd, follow


@dataclass(slots=True)
class Piles:
    """Counts of each kind in the deck and the discard, indexed by ``Card``."""

    deck: list[int]
    discard: list[int]

    def step(self, event: object) -> None:
        """Move the cards ``event`` moved between the piles (and from the deck to a row)."""
        match event:
            case Reshuffled():
                self.deck, self.discard = self.discard, [0] * len(self.discard)
            case CardFlipped(card=card):
                self.deck[card] -= 1
            case SecondChanceUsed(card=card):
                self.discard[card] += 1
                self.discard[Card.SECOND_CHANCE] += 1
            case Frozen():
                self.discard[Card.FREEZE] += 1
            case FlipThreeStarted():
                self.discard[Card.FLIP_THREE] += 1
            case ActionDiscarded(card=card):
                self.discard[card] += 1

    def clear(self, rows: Iterable[RowAtEnd]) -> None:
        """A round that ended before the last one: its rows went to the discard."""
        for row in rows:
            for card in (*row.numbers, *row.modifiers):
                self.discard[card] += 1
            self.discard[Card.SECOND_CHANCE] += row.second_chance


def piles_at_round_end(
    before: Flip7View, events: Iterable[object], ended: list[RoundResult]
) -> Piles:
    """The piles at the last of the ``ended`` rounds, its rows still on the table."""
    piles = Piles(list(before.deck_counts), list(before.discard_counts))
    rounds = iter(ended)
    for event in events:
        if isinstance(event, RoundEnded):
            result = next(rounds)
            if result is ended[-1]:
                break
            piles.clear(result.rows)
        piles.step(event)
    return piles


def end_of_round_view(before: Flip7View, events: Iterable[object]) -> Flip7View | None:
    """The table as the round these events ended stood (None if none ended)."""
    batch = tuple(events)
    _, ended = follow(before.seats, batch)
    if not ended:
        return None
    piles = piles_at_round_end(before, batch, ended)
    return replace(
        before,
        seats=_ended_seats(ended[-1]),
        round=ended[-1].round,
        to_move=None,
        pending=None,
        flip_three=(),
        dealing=False,
        deck_count=sum(piles.deck),
        discard_count=sum(piles.discard),
        deck_counts=tuple(piles.deck),
        discard_counts=tuple(piles.discard),
    )


def _ended_seats(result: RoundResult) -> tuple[SeatView, ...]:
    return tuple(
        SeatView(
            row.seat,
            tuple(row.numbers),
            tuple(row.modifiers),
            row.second_chance,
            row.status,
            result.totals[row.seat] - result.scores[row.seat],
            result.scores[row.seat],
        )
        for row in result.rows
    )


def settled(view: Flip7View) -> Flip7View:
    """A finished game's view with each total as it stood before the last round."""
    if not view.over:
        return view
    seats = tuple(replace(seat, banked=seat.banked - seat.round_score) for seat in view.seats)
    return replace(view, seats=seats)
