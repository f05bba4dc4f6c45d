"""Pazaak's rules as a ``GameRules``: legality, observations, outcome and hidden-card redeals.

The turn-by-turn progression lives in ``flow``; this module answers the protocol's questions.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import Any

from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import randbelow, shuffled
from cardtable.games.pazaak.actions import (
    ACTION_TYPES,
    END_TURN,
    STAND,
    EndTurn,
    PlaySide,
    Stand,
    play,
)
from cardtable.games.pazaak.board import BOARD_SIZE
from cardtable.games.pazaak.cards import Card, Kind, label, side_values, signed
from cardtable.games.pazaak.events import EVENT_TYPES, describe
from cardtable.games.pazaak.flow import Draft, end_turn, opening, play_hand_card, stand
from cardtable.games.pazaak.state import (
    COPIES_PER_RANK,
    RANKS,
    SEATS,
    SETS_TO_WIN,
    MainDeck,
    PazaakConfig,
    PazaakState,
    PazaakView,
)

#: the ready-made decks a default match uses (the Options model and new-game form share it).
#: Gold, not Balanced duals: with ten duals each a third of all sets end void at 20-20 and luck
#: decides the rest, while Gold brings every card type into play and rewards using them well.
DEFAULT_DECKS = ("gold", "gold")
_PASS = (STAND, END_TURN)


class PazaakRules(GameRules[PazaakState, PazaakConfig]):
    id = "pazaak"
    title = "Pazaak"
    min_seats = SEATS
    max_seats = SEATS
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    config_type = PazaakConfig

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

    def legal_actions(self, state: PazaakState) -> tuple[Any, ...]:
        seat = state.to_move
        if seat is None:
            return ()
        if state.played_side or len(state.boards[seat].cards) >= BOARD_SIZE:
            return _PASS
        return _PASS + _plays(state.hands[seat])

    def is_legal(self, state: PazaakState, action: Any) -> bool:
        """The same answer as ``action in legal_actions(state)``, without listing them."""
        seat = state.to_move
        if seat is None:
            return False
        kind = type(action)
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
            return "the match is over"
        if not isinstance(action, PlaySide):
            # Stand and End Turn are always open to the seat to move
            return f"{action!r} is not a Pazaak action"
        if state.played_side:
            return "only one hand card may be played a turn, and one has been played"
        if state.boards[seat].full:
            return "the board is full: nine cards are on it"
        hand = state.hands[seat]
        if not (isinstance(action.index, int) and 0 <= action.index < len(hand)):
            return f"there is no hand card {action.index}: the hand holds {len(hand)}"
        return _wrong_value(hand[action.index], action.value)

    def _apply(self, state: PazaakState, action: Any) -> tuple[PazaakState, tuple[Any, ...]]:
        draft = Draft(state)
        seat = state.to_move
        assert seat is not None
        if type(action) is PlaySide:
            play_hand_card(draft, action.index, action.value)
        elif type(action) is Stand:
            stand(draft, seat)
        else:
            end_turn(draft, seat)
        state = draft.freeze()
        return state, state.recent

    def observe(self, state: PazaakState, seat: int | None) -> PazaakView:
        return PazaakView(
            seat=seat,
            to_move=state.to_move,
            set_number=state.set_number,
            opener=state.opener,
            sets_won=state.sets_won,
            void_sets=state.void_sets,
            boards=state.boards,
            totals=tuple(board.total for board in state.boards),
            standing=state.standing,
            tiebreakers=state.tiebreakers,
            hand=None if seat is None else state.hands[seat],
            hand_counts=tuple(len(hand) for hand in state.hands),
            used=state.used,
            played_side=state.played_side,
            main_deck=state.config.main_deck,
            unseen=_unseen(state),
            last_set=state.last_set,
            recent=state.recent,
        )

    def outcome(self, state: PazaakState) -> Outcome | None:
        if state.to_move is not None:
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


@lru_cache(maxsize=4096)
def _plays(hand: tuple[Card, ...]) -> tuple[PlaySide, ...]:
    """Every way to play ``hand``; cached, as a hand shrinks slowly and repeats across matches."""
    return tuple(play(i, v) for i, card in enumerate(hand) for v in side_values(card))


def _wrong_value(card: Card, value: Any) -> str:
    values = side_values(card)
    if card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE):
        return f"{label(card)} adds nothing itself: play it with value 0, not {value}"
    allowed = " or ".join(signed(v) for v in values)
    return f"{label(card)} can be played as {allowed}, not {value}"


def _unseen(state: PazaakState) -> tuple[int, ...] | None:
    """Ruling 1's public count: main cards of each rank not yet on a board this set."""
    if state.config.main_deck is MainDeck.ENDLESS:
        return None
    counts = [COPIES_PER_RANK] * len(RANKS)
    for board in state.boards:
        for placed in board.cards:
            if placed.card.kind is Kind.MAIN:
                counts[placed.card.amount - 1] -= 1
    return tuple(counts)


RULES = PazaakRules()
