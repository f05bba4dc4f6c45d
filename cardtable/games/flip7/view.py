"""What a seat sees of a Flip 7 game: every card on the table, but never the deck's order.

Every card is flipped face up, so each seat sees the same; the deck's make-up is public too
(anyone who counts cards knows it), so the view carries the count of each kind left in the
deck and in the discard pile, which is all the odds panel and the bots need.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.flip7.cards import GOAL, KINDS, Card
from cardtable.games.flip7.state import Flip7State, FlipThree, Mode, Pending, Status


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's row and standing."""

    seat: int
    #: number cards in the order they came (a bust row ends with the duplicate)
    numbers: tuple[Card, ...]
    modifiers: tuple[Card, ...]
    second_chance: bool
    status: Status
    #: the total banked in earlier rounds
    banked: int
    #: what the row would bank if the round ended now (0 once bust)
    round_score: int

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE


@dataclass(frozen=True, slots=True)
class Flip7View:
    """The table as one seat (or a spectator, ``viewer`` None) may see it."""

    viewer: int | None
    mode: Mode
    action_cards: bool
    seats: tuple[SeatView, ...]
    round: int
    dealer: int
    #: who decides now (None once the game is over)
    to_move: int | None
    #: the target choice ``to_move`` owes, if any (else they hit or stay)
    pending: Pending | None
    #: Flip Threes being worked through, innermost last
    flip_three: tuple[FlipThree, ...]
    #: the opening deal is still under way
    dealing: bool
    deck_count: int
    discard_count: int
    #: cards of each kind left in the draw deck, indexed by ``Card``
    deck_counts: tuple[int, ...]
    #: cards of each kind in the discard pile (the next deck, once this one runs out)
    discard_counts: tuple[int, ...]
    goal: int
    over: bool

    def opponents(self, seat: int) -> tuple[SeatView, ...]:
        return tuple(view for view in self.seats if view.seat != seat)


def counts(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """How many of each kind, indexed by ``Card``."""
    tally = [0] * len(KINDS)
    for card in cards:
        tally[card] += 1
    return tuple(tally)


def observe(state: Flip7State, viewer: int | None, to_move: int | None) -> Flip7View:
    table = state.table
    seats = tuple(
        SeatView(seat, row.numbers, row.modifiers, row.second_chance, row.status, banked, row.score)
        for seat, (row, banked) in enumerate(zip(state.rows, table.banked, strict=True))
    )
    flow = state.flow
    return Flip7View(
        viewer=viewer,
        mode=state.config.mode,
        action_cards=state.config.action_cards,
        seats=seats,
        round=table.round,
        dealer=table.dealer,
        to_move=to_move,
        pending=None if flow is None else flow.pending,
        flip_three=() if flow is None else flow.chain,
        dealing=flow is not None and flow.dealing,
        deck_count=len(state.deck),
        discard_count=len(state.discard),
        deck_counts=counts(state.deck),
        discard_counts=counts(state.discard),
        goal=GOAL,
        over=table.over,
    )
