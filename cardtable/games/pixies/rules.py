"""Pixies as a GameRules: legality, observations, outcomes, log lines and hidden-card redeals."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import shuffled
from cardtable.games.pixies import flow
from cardtable.games.pixies.actions import (
    ACTION_TYPES,
    DEAL_NEXT_ROUND,
    DealNextRound,
    KeepNew,
    KeepOld,
    PlaceFaceDown,
    Take,
)
from cardtable.games.pixies.cards import DECK
from cardtable.games.pixies.describe import describe_event
from cardtable.games.pixies.events import EVENT_TYPES
from cardtable.games.pixies.state import (
    EMPTY_SPACES,
    MAX_SEATS,
    MIN_SEATS,
    Grid,
    Phase,
    PixiesConfig,
    PixiesState,
)
from cardtable.games.pixies.view import PixiesObservation, observe

#: prebuilt actions, so listing legal moves allocates nothing
_TAKES = tuple(tuple(Take(i) for i in range(n)) for n in range(MAX_SEATS + 1))
_KEEPS = (KeepNew(), KeepOld())
_PLACES = tuple(tuple(PlaceFaceDown(space) for space in spaces) for spaces in EMPTY_SPACES)
_DEAL = (DEAL_NEXT_ROUND,)


class PixiesRules(GameRules[PixiesState, PixiesConfig]):
    """Pixies for 2 to 5 players: pixies.md, the deck of pixies-cards.md, RULINGS.md § Pixies."""

    id = "pixies"
    title = "Pixies"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    config_type = PixiesConfig
    #: 2: a round ends in a state of its own and the next is dealt by ``DealNextRound``
    rules_version = 2
    chance_steps_since = 2

    def default_config(self, seats: int) -> PixiesConfig:
        return PixiesConfig(seats=seats)

    def new_game(self, config: PixiesConfig, seed: int) -> tuple[PixiesState, tuple[Any, ...]]:
        return flow.new_game(config, seed)

    def seat_count(self, state: PixiesState) -> int:
        return state.config.seats

    def to_move(self, state: PixiesState) -> int | None:
        return state.to_move

    def chance(self, state: PixiesState) -> DealNextRound | None:
        """The next round's deal, once a round has ended and the game has not."""
        return DEAL_NEXT_ROUND if state.round_over else None

    def is_over(self, state: PixiesState) -> bool:
        return state.phase is Phase.OVER

    def legal_actions(self, state: PixiesState) -> tuple[Any, ...]:
        phase = state.phase
        if state.round_over:
            return _DEAL
        if phase is Phase.PICK:
            return _TAKES[len(state.revealed)]
        if phase is Phase.KEEP:
            return _KEEPS
        if phase is Phase.FACE_DOWN:
            return _PLACES[state.grids[state.order[0]].occupied]
        return ()

    def is_legal(self, state: PixiesState, action: Any) -> bool:
        """The same answer as ``legal_actions`` without building it: random play calls it a lot."""
        kind, phase = type(action), state.phase
        if state.round_over:
            return kind is DealNextRound
        if phase is Phase.PICK:
            return (
                kind is Take
                and type(action.index) is int
                and 0 <= action.index < len(state.revealed)
            )
        if phase is Phase.KEEP:
            return kind is KeepNew or kind is KeepOld
        return phase is Phase.FACE_DOWN and action in self.legal_actions(state)

    def explain_illegal(self, state: PixiesState, action: Any) -> str:
        phase = state.phase
        if phase is Phase.OVER:
            return "the game is over"
        if state.round_over:
            return "the next round is being dealt"
        if isinstance(action, DealNextRound):
            return "the round is still being played"
        if phase is Phase.PICK:
            if isinstance(action, Take):
                offered = len(state.revealed)
                return f"there is no card {action.index} on offer: {offered} are, from 0"
            return "first take one of the revealed cards"
        assert state.pending is not None
        card = DECK[state.pending]
        if phase is Phase.KEEP:
            return (
                f"space {card.number} already shows a face-up {card.number}: choose which one "
                "stays face-up (keep the new card or the old one)"
            )
        if isinstance(action, PlaceFaceDown):
            return (
                f"space {action.space} is not empty: a face-down card goes only on an empty space"
            )
        return (
            f"your {card.number} is already validated, so the {card.label} goes face-down: "
            "choose an empty space"
        )

    def _apply(self, state: PixiesState, action: Any) -> tuple[PixiesState, tuple[Any, ...]]:
        kind = type(action)
        if kind is DealNextRound:
            return flow.deal_next_round(state)
        if kind is Take:
            return flow.take(state, action.index)
        if kind is PlaceFaceDown:
            return flow.place_face_down(state, action.space)
        return flow.keep(state, kind is KeepNew)

    def observe(self, state: PixiesState, seat: int | None) -> PixiesObservation:
        return observe(state, seat)

    def outcome(self, state: PixiesState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        totals = state.totals()
        best = max(totals)
        seats = range(state.config.seats)

        def summed(part: str) -> tuple[float, ...]:
            return tuple(float(sum(getattr(r[s], part) for r in state.history)) for s in seats)

        parts = ("validated", "spirals", "crosses", "specials", "zone")
        stats: dict[str, float | tuple[float, ...]] = {part: summed(part) for part in parts}
        return Outcome(
            winners=tuple(s for s in seats if totals[s] == best),
            scores=tuple(float(t) for t in totals),
            stats=stats,
        )

    def describe(self, event: Any, viewer: int | None) -> str | None:
        return describe_event(event, viewer)

    def redeal_hidden(self, state: PixiesState, seat: int, rng: random.Random) -> PixiesState:
        """Deal the deck and every face-down card afresh: nobody, owner included, sees them;
        and a new seed, so the later rounds' deals are unknown too."""
        pool = shuffled(
            list(state.deck) + [c for g in state.grids for c in g.down if c is not None], rng
        )
        deck, rest = pool[: len(state.deck)], iter(pool[len(state.deck) :])
        grids = tuple(
            Grid(g.up, tuple(None if c is None else next(rest) for c in g.down), g.occupied)
            for g in state.grids
        )
        return replace(state, deck=deck, grids=grids, seed=int(rng.random() * 2**53))


RULES = PixiesRules()
