"""Pazaak's rules as a ``GameRules``: legality, observations, outcome and hidden-card redeals.

The turn-by-turn progression lives in ``flow``; this module answers the protocol's questions.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import randbelow, shuffled
from cardtable.games.pazaak.actions import (
    ACTION_TYPES,
    DEAL_NEXT_SET,
    END_TURN,
    STAND,
    DealNextSet,
    EndTurn,
    PlaySide,
    Stand,
)
from cardtable.games.pazaak.cards import side_values
from cardtable.games.pazaak.describe import describe
from cardtable.games.pazaak.events import EVENT_TYPES
from cardtable.games.pazaak.flow import Draft, deal_next_set, opening, play_hand_card
from cardtable.games.pazaak.shared import BOARD_SIZE, end_turn, hand_card_refusal, plays, stand
from cardtable.games.pazaak.state import SEATS, SETS_TO_WIN, PazaakConfig, PazaakState
from cardtable.games.pazaak.view import PazaakView, observe

#: the ready-made decks a default match uses (the Options model and new-game form share it).
#: Gold, not Balanced duals: with ten duals each a third of all sets end void at 20-20 and luck
#: decides the rest, while Gold brings every card type into play and rewards using them well.
DEFAULT_DECKS = ("gold", "gold")
_PASS = (STAND, END_TURN)
_DEAL = (DEAL_NEXT_SET,)


class PazaakRules(GameRules[PazaakState, PazaakConfig]):
    id = "pazaak"
    title = "Pazaak"
    #: 2: a set ends in a state of its own and the next is dealt by ``DealNextSet``
    rules_version = 2
    chance_steps_since = 2
    min_seats = SEATS
    max_seats = SEATS
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    config_type = PazaakConfig
    secret_config = True

    def default_config(self, seats: int) -> PazaakConfig:
        if seats != SEATS:
            raise ValueError(f"Pazaak is played by {SEATS} seats, not {seats}")
        return PazaakConfig.with_decks(*DEFAULT_DECKS)

    def new_game(self, config: PazaakConfig, seed: int) -> tuple[PazaakState, tuple[Any, ...]]:
        state = opening(config, seed).freeze()
        return state, state.recent

    def seat_count(self, state: PazaakState) -> int:
        return SEATS

    def to_move(self, state: PazaakState) -> int | None:
        return state.to_move

    def chance(self, state: PazaakState) -> DealNextSet | None:
        """The next set's deal, once a set has ended and the match has not."""
        if state.to_move is None and max(state.sets_won) < SETS_TO_WIN:
            return DEAL_NEXT_SET
        return None

    def is_over(self, state: PazaakState) -> bool:
        return state.to_move is None and max(state.sets_won) >= SETS_TO_WIN

    def legal_actions(self, state: PazaakState) -> tuple[Any, ...]:
        seat = state.to_move
        if seat is None:
            return () if self.is_over(state) else _DEAL
        if state.played_side or len(state.boards[seat].cards) >= BOARD_SIZE:
            return _PASS
        return _PASS + plays(state.hands[seat])

    def is_legal(self, state: PazaakState, action: Any) -> bool:
        """The same answer as ``action in legal_actions(state)``, without listing them."""
        seat = state.to_move
        kind = type(action)
        if seat is None:
            return kind is DealNextSet and not self.is_over(state)
        if kind is Stand or kind is EndTurn:
            return True
        if kind is not PlaySide or state.played_side or len(state.boards[seat].cards) >= BOARD_SIZE:
            return False
        hand = state.hands[seat]
        index, value = action.index, action.value
        if type(index) is not int or type(value) is not int or not 0 <= index < len(hand):
            return False
        return value in side_values(hand[index])

    def explain_illegal(self, state: PazaakState, action: Any) -> str:
        seat = state.to_move
        if seat is None:
            return "the match is over" if self.is_over(state) else "the next set is being dealt"
        if isinstance(action, DealNextSet):
            return "the set is still being played"
        if not isinstance(action, PlaySide):
            # Stand and End Turn are always open to the seat to move
            return f"{action!r} is not a Pazaak action"
        if not state.played_side and state.boards[seat].full:
            return "the board is full: nine cards are on it"
        refusal = hand_card_refusal(state.played_side, state.hands[seat], action)
        return refusal or f"{action!r} is not a legal move now"

    def _apply(self, state: PazaakState, action: Any) -> tuple[PazaakState, tuple[Any, ...]]:
        draft = Draft(state)
        seat = state.to_move
        if seat is None:
            deal_next_set(draft)
        elif type(action) is PlaySide:
            play_hand_card(draft, action.index, action.value)
        elif type(action) is Stand:
            stand(draft, seat)
        else:
            end_turn(draft, seat)
        state = draft.freeze()
        return state, state.recent

    def observe(self, state: PazaakState, seat: int | None) -> PazaakView:
        return observe(state, seat)

    def outcome(self, state: PazaakState) -> Outcome | None:
        if not self.is_over(state):
            return None
        winner = next(s for s in range(SEATS) if state.sets_won[s] >= SETS_TO_WIN)
        stats = {"void_sets": float(state.void_sets), "sets": float(state.set_number)}
        return Outcome((winner,), tuple(float(n) for n in state.sets_won), stats)

    def describe(self, event: Any, viewer: int | None) -> str | None:
        return describe(event, viewer)

    def redeal_hidden(self, state: PazaakState, seat: int, rng: random.Random) -> PazaakState:
        """Deal the other hand afresh from its deck's unplayed cards, reshuffle the main deck
        and reseed every draw and shuffle still to come."""
        other = 1 - seat
        pool = list(state.config.decks[other])
        for card in state.used[other]:
            pool.remove(card)
        hands = list(state.hands)
        hands[other] = shuffled(pool, rng)[: len(state.hands[other])]
        return replace(
            state,
            hands=tuple(hands),
            deck=shuffled(state.deck, rng),
            seed=randbelow(rng, 2**53),
        )


RULES = PazaakRules()
