"""What a seat sees of a Pixies game: everything but face-down cards and the deck's order.

Face-down cards are hidden from everyone, their owner included (RULINGS 5), so every seat's
view is the same apart from ``seat``; a face-down card shows only as a back on its space.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.pixies.cards import DECK, Card
from cardtable.games.pixies.scoring import ScoreBreakdown, breakdown
from cardtable.games.pixies.state import ROUNDS, Grid, Phase, PixiesState


@dataclass(frozen=True, slots=True)
class CellView:
    """One space: its face-up card, and whether a card back lies there (under it, if both)."""

    space: int
    up: Card | None
    down: bool

    @property
    def validated(self) -> bool:
        """A face-up card covering a face-down one: it scores its number, for good."""
        return self.up is not None and self.down

    @property
    def empty(self) -> bool:
        return self.up is None and not self.down


@dataclass(frozen=True, slots=True)
class GridView:
    """A player's grid (spaces 1..9 read like a phone keypad) with its live score."""

    cells: tuple[CellView, ...]
    #: the score if the round ended now, part by part
    score: ScoreBreakdown
    full: bool


@dataclass(frozen=True, slots=True)
class PixiesObservation:
    """The table as one seat (or a spectator, ``seat`` None) may see it."""

    seat: int | None
    seats: int
    round: int
    rounds: int
    #: points per card of the largest zone this round
    zone_value: int
    deck_count: int
    #: who revealed this turn's cards
    leader: int
    to_move: int | None
    #: what ``to_move`` must decide: take a card, keep which, or where to lay it face-down
    phase: Phase
    #: the cards on offer, in the order ``Take(index)`` names them
    revealed: tuple[Card, ...]
    #: the card taken and waiting for a keep-which or face-down choice
    pending: Card | None
    #: seats still to pick this turn, in order
    pickers: tuple[int, ...]
    grids: tuple[GridView, ...]
    #: each finished round's breakdown per seat
    round_scores: tuple[tuple[ScoreBreakdown, ...], ...]
    totals: tuple[int, ...]
    special_counts_itself: bool


def grid_view(grid: Grid, zone_value: int, counts_itself: bool) -> GridView:
    cells = tuple(
        CellView(i + 1, None if u is None else DECK[u], d is not None)
        for i, (u, d) in enumerate(zip(grid.up, grid.down, strict=True))
    )
    score = breakdown(grid.up, grid.down, zone_value, counts_itself)
    return GridView(cells, score, grid.is_full())


def observe(state: PixiesState, seat: int | None) -> PixiesObservation:
    s = state
    counts_itself = s.config.special_counts_itself
    return PixiesObservation(
        seat=seat,
        seats=s.config.seats,
        round=s.round,
        rounds=ROUNDS,
        zone_value=s.zone_value,
        deck_count=len(s.deck),
        leader=s.leader,
        to_move=s.to_move,
        phase=s.phase,
        revealed=tuple(DECK[c] for c in s.revealed),
        pending=None if s.pending is None else DECK[s.pending],
        pickers=s.order,
        grids=tuple(grid_view(g, s.zone_value, counts_itself) for g in s.grids),
        round_scores=s.history,
        totals=s.totals(),
        special_counts_itself=counts_itself,
    )
