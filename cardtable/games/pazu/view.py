"""What one seat (or a spectator) may see at a Pazu-Pazaak table: what bots and tables read."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardtable.games.pazaak.cards import Card
from cardtable.games.pazaak.shared import Board, public_view
from cardtable.games.pazu.events import SetPotCarried, SetWon
from cardtable.games.pazu.state import PazuState, Phase, Status, TableTerms, to_move


@dataclass(frozen=True, slots=True)
class PazuView:
    """What one seat (or a spectator, ``seat`` None) may see: everything but hidden hands and
    the order of the decks."""

    seat: int | None
    #: the table's terms without anyone's side deck
    config: TableTerms
    phase: Phase
    to_move: int | None
    #: the seats still to bid, pick or decide, in order (the pick order during picks)
    queue: tuple[int, ...]
    set_number: int
    first: int
    seated: tuple[bool, ...]
    chips: tuple[int, ...]
    set_pot: int
    pazaak_pot: int
    ante: int
    bids: tuple[int | None, ...]
    revealed: tuple[Card, ...]
    boards: tuple[Board, ...]
    totals: tuple[int, ...]
    status: tuple[Status, ...]
    stood_at: tuple[int, ...]
    played_side: bool
    #: the viewer's own hand; None for a spectator
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    bought: tuple[tuple[Card, ...], ...]
    spent: tuple[tuple[Card, ...], ...]
    #: tabletop: main cards of each rank 1–10 (index rank-1) not on a board this set;
    #: endless: None
    unseen: tuple[int, ...] | None
    last_set: SetWon | SetPotCarried | None


def observe(state: PazuState, seat: int | None) -> PazuView:
    """``seat``'s view of ``state``; ``seat`` None is a spectator's, who sees no hand."""
    return PazuView(
        **public_view(state, seat),
        config=replace(state.config.terms, people=state.people),
        phase=state.phase,
        to_move=to_move(state),
        queue=state.queue,
        first=state.first,
        seated=state.seated,
        chips=state.chips,
        set_pot=state.set_pot,
        pazaak_pot=state.pazaak_pot,
        ante=state.ante,
        bids=state.bids,
        revealed=state.revealed,
        status=state.status,
        stood_at=state.stood_at,
        bought=state.bought,
        spent=state.spent,
    )
