"""The two moves that make up nearly all of a solo race, built directly.

A random solo race is some thirty hits and fifteen stays, and the full path (``flow.Work``)
pays for its generality on every one of them. These build the very same state and events
(a property test compares them on every position of random games) for the common cases, and
return None for anything else, which then takes the full path.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.flip7.cards import FIRST_ACTION, FLIP_SEVEN, KINDS, row_score
from cardtable.games.flip7.events import CardFlipped, Stayed
from cardtable.games.flip7.flow import (
    HIT_FLIP,
    STAYED,
    TABLE,
    add_card,
    bank_round,
    next_active,
)
from cardtable.games.flip7.state import MAX_TABLE_SEATS, Flip7State, Row

#: a quick hit's events, one shared tuple per seat and card: events are immutable, and
#: building one was a sixth of a hit
_HIT_EVENTS = tuple(
    tuple((CardFlipped(seat, card, HIT_FLIP),) for card in KINDS) for seat in range(MAX_TABLE_SEATS)
)


def quick_hit(state: Flip7State) -> tuple[Flip7State, tuple[Any, ...]] | None:
    """The everyday hit: a number that neither busts nor makes a Flip 7, or a modifier, with
    a card in the deck and nothing being resolved."""
    deck = state.deck
    if not deck or state.flow is not None:
        return None
    card = deck[0]
    seat = state.turn
    row = state.rows[seat]
    if card >= FIRST_ACTION or card in row.numbers or len(row.numbers) == FLIP_SEVEN - 1:
        return None
    rows = state.rows[:seat] + (add_card(row, card),) + state.rows[seat + 1 :]
    turn = next_active(rows, seat)
    after = Flip7State(
        state.config, state.seed, deck[1:], state.discard, rows, state.table, turn, None
    )
    return after, _HIT_EVENTS[seat][card]


def quick_solo_stay(state: Flip7State) -> tuple[Flip7State, tuple[Any, ...]] | None:
    """A solo stay: it always ends the round (the row stays on the table until the next)."""
    if state.config.mode is TABLE or state.flow is not None:
        return None
    row = state.rows[0]
    score = row_score(row.numbers, row.modifiers)
    stayed = Row(row.numbers, row.modifiers, row.second_chance, STAYED)
    table, banking = bank_round(state.table, (score,))
    events = (Stayed(0, score), *banking)
    config, seed, deck, discard = state.config, state.seed, state.deck, state.discard
    return Flip7State(config, seed, deck, discard, (stayed,), table, 0, None), events
