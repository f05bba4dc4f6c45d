"""Flip 7 positions for tests: stacked decks, chosen totals, and short ways to play them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.games.flip7.actions import ChooseTarget
from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.flow import first_round
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Flip7Config, Flip7State, Mode

SOLO = Flip7Config(1, Mode.SOLO, action_cards=False)

F, F3, SC = Card.FREEZE, Card.FLIP_THREE, Card.SECOND_CHANCE
X2, P2, P4, P6, P8, P10 = Card.TIMES2, Card.PLUS2, Card.PLUS4, Card.PLUS6, Card.PLUS8, Card.PLUS10


def table(seats: int, action_cards: bool = True) -> Flip7Config:
    return Flip7Config(seats, Mode.TABLE, action_cards)


def n(*values: int) -> tuple[Card, ...]:
    """Number cards by value."""
    return tuple(Card(v) for v in values)


def stacked_deck(config: Flip7Config, top: tuple[Card, ...]) -> tuple[Card, ...]:
    """``top`` first, then the rest of the full deck in kind order (so the composition holds)."""
    rest = list(config.deck)
    for card in top:
        rest.remove(card)
    return tuple(top) + tuple(rest)


def start(
    config: Flip7Config, top: tuple[Card, ...] = (), dealer: int = 0, seed: int = 0
) -> tuple[Flip7State, tuple[Any, ...]]:
    """A new game whose deck starts with ``top`` and whose first dealer is ``dealer``."""
    work = first_round(config, seed, stacked_deck(config, top), dealer)
    return work.freeze(), tuple(work.events)


def play(state: Flip7State, *actions: Any) -> tuple[Flip7State, tuple[Any, ...]]:
    """Apply ``actions`` in turn (ints are target choices), each round that one ends dealt on
    by its own step; return the state and all events."""
    events: list[Any] = []
    for action in actions:
        chosen = ChooseTarget(action) if isinstance(action, int) else action
        state, new = RULES.apply(state, chosen)
        events.extend(new)
        if (step := RULES.chance(state)) is not None:
            state, new = RULES.apply(state, step)
            events.extend(new)
    return state, tuple(events)


def banked(state: Flip7State, totals: tuple[int, ...]) -> Flip7State:
    return replace(state, table=replace(state.table, banked=totals))


def of_type(events: tuple[Any, ...], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
