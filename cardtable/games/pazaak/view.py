"""What one seat (or a spectator) may see of a Pazaak match: the observation bots and tables read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.games.pazaak.cards import Card
from cardtable.games.pazaak.events import SetVoid, SetWon
from cardtable.games.pazaak.shared import Board, MainDeck, public_view
from cardtable.games.pazaak.state import PazaakState


@dataclass(frozen=True, slots=True)
class PazaakView:
    """What one seat (or a spectator, ``seat`` None) may see of a match."""

    seat: int | None
    to_move: int | None
    set_number: int
    opener: int
    sets_won: tuple[int, ...]
    void_sets: int
    boards: tuple[Board, ...]
    totals: tuple[int, ...]
    standing: tuple[bool, ...]
    tiebreakers: tuple[bool, ...]
    #: the viewer's own hand; None for a spectator
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    used: tuple[tuple[Card, ...], ...]
    played_side: bool
    main_deck: MainDeck
    #: tabletop: main cards of each rank 1–10 (index rank-1) not on a board this set; endless: None
    unseen: tuple[int, ...] | None
    #: how the previous set ended
    last_set: SetWon | SetVoid | None
    #: what the last action did, e.g. the other player's draw and stand, for a one-line summary
    recent: tuple[Any, ...]


def observe(state: PazaakState, seat: int | None) -> PazaakView:
    """``seat``'s view of ``state``; ``seat`` None is a spectator's, who sees no hand."""
    return PazaakView(
        **public_view(state, seat),
        to_move=state.to_move,
        opener=state.opener,
        sets_won=state.sets_won,
        void_sets=state.void_sets,
        standing=state.standing,
        tiebreakers=state.tiebreakers,
        used=state.used,
        main_deck=state.config.main_deck,
        recent=state.recent,
    )
