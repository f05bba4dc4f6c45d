"""Flip 7's rules as the game protocol: the solo challenge (1 seat) and the table game (2–8)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, ClassVar

from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import shuffled
from cardtable.games.flip7.actions import (
    ACTION_TYPES,
    DEAL_NEXT_ROUND,
    DEAL_ONLY,
    HIT_ONLY,
    TURN_ACTIONS,
    ChooseTarget,
    DealNextRound,
    Hit,
    Stay,
)
from cardtable.games.flip7.cards import label
from cardtable.games.flip7.describe import describe, seat_name, seen_by
from cardtable.games.flip7.events import EVENT_TYPES
from cardtable.games.flip7.flow import Work, opening
from cardtable.games.flip7.quick import quick_hit, quick_solo_stay
from cardtable.games.flip7.state import (
    CHOICE_CARD,
    MAX_TABLE_SEATS,
    Flip7Config,
    Flip7State,
    Mode,
)
from cardtable.games.flip7.view import Flip7View, observe

#: one ChooseTarget per seat, built once so legal_actions allocates nothing
_TARGETS = tuple(ChooseTarget(seat) for seat in range(MAX_TABLE_SEATS))


class Flip7Rules(GameRules[Flip7State, Flip7Config]):
    """Push your luck: flip cards for points, stay before a duplicate number busts you."""

    id: ClassVar[str] = "flip7"
    title: ClassVar[str] = "Flip 7"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = MAX_TABLE_SEATS
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    event_types: ClassVar[tuple[type, ...]] = EVENT_TYPES
    config_type: ClassVar[type] = Flip7Config
    #: 2: a round ends in a state of its own and the next is dealt by ``DealNextRound``
    rules_version: ClassVar[int] = 2
    chance_steps_since: ClassVar[int | None] = 2

    def default_config(self, seats: int) -> Flip7Config:
        """One seat is the solo challenge; two or more the table game with action cards."""
        if seats == 1:
            return Flip7Config(1, Mode.SOLO, action_cards=False)
        return Flip7Config(seats, Mode.TABLE, action_cards=True)

    def new_game(self, config: Flip7Config, seed: int) -> tuple[Flip7State, tuple[Any, ...]]:
        work = opening(config, seed)
        return work.freeze(), tuple(work.events)

    def seat_count(self, state: Flip7State) -> int:
        return state.config.seats

    def to_move(self, state: Flip7State) -> int | None:
        if state.table.over or state.table.ended:
            return None
        flow = state.flow
        if flow is not None and flow.pending is not None:
            return flow.pending.chooser
        return state.turn

    def chance(self, state: Flip7State) -> DealNextRound | None:
        """The next round's deal, once a round has ended and the game has not."""
        return DEAL_NEXT_ROUND if state.table.ended else None

    def is_over(self, state: Flip7State) -> bool:
        return state.table.over

    def legal_actions(self, state: Flip7State) -> tuple[Any, ...]:
        if state.table.over:
            return ()
        if state.table.ended:
            return DEAL_ONLY
        flow = state.flow
        if flow is not None and flow.pending is not None:
            return tuple(_TARGETS[seat] for seat in flow.pending.options)
        return TURN_ACTIONS if _may_stay(state) else HIT_ONLY

    def apply(self, state: Flip7State, action: Any) -> tuple[Flip7State, tuple[Any, ...]]:
        """``GameRules.apply``, answering the everyday hit and the solo stay first.

        Those two moves are nearly all of a solo race; the quick paths build the same state
        and events as the full one (a test checks), without its bookkeeping.
        """
        quick = None
        if state.flow is None and not state.table.over and not state.table.ended:
            if type(action) is Hit:
                quick = quick_hit(state)
            elif type(action) is Stay and self.is_legal(state, action):
                quick = quick_solo_stay(state)
        return super().apply(state, action) if quick is None else quick

    def is_legal(self, state: Flip7State, action: Any) -> bool:
        """The same answer as ``action in legal_actions(state)``, without building the tuple."""
        if state.table.over:
            return False
        if state.table.ended:
            return type(action) is DealNextRound
        pending = state.pending
        if pending is None:
            if type(action) is Stay:
                return _may_stay(state)
            return type(action) is Hit
        return type(action) is ChooseTarget and action.seat in pending.options

    def explain_illegal(self, state: Flip7State, action: Any) -> str:
        if state.table.over:
            return "the game is over"
        if state.table.ended:
            return "the next round is being dealt"
        if isinstance(action, DealNextRound):
            return "the round is still being played"
        pending = state.pending
        if not isinstance(action, (Hit, Stay, ChooseTarget)):
            return f"{action!r} is not a Flip 7 action"
        if pending is None and isinstance(action, Stay):
            return "there is nothing to bank yet: hit (a first card can never bust you)"
        if pending is None:
            return "there is no action card to hand out: hit or stay"
        card = label(CHOICE_CARD[pending.choice])
        who = seat_name(pending.chooser)
        if not isinstance(action, ChooseTarget):
            return f"{who} must first choose who gets the {card}"
        options = ", ".join(seat_name(s) for s in pending.options)
        return f"{seat_name(action.seat)} cannot take the {card}: choose one of {options}"

    def _apply(self, state: Flip7State, action: Any) -> tuple[Flip7State, tuple[Any, ...]]:
        work = Work(state)
        if type(action) is DealNextRound:
            work.deal_next_round()
        elif type(action) is Hit:
            work.hit()
        elif type(action) is Stay:
            work.stay()
        else:
            work.choose(action.seat)
        return work.freeze(), tuple(work.events)

    def observe(self, state: Flip7State, seat: int | None) -> Flip7View:
        return observe(state, seat, self.to_move(state))

    def outcome(self, state: Flip7State) -> Outcome | None:
        table = state.table
        if not table.over:
            return None
        top = max(table.banked)
        winners = tuple(s for s, total in enumerate(table.banked) if total == top)
        scores = tuple(float(total) for total in table.banked)
        return Outcome(winners, scores, {"rounds": float(table.round)})

    def describe(self, event: Any, viewer: int | None) -> str | None:
        line = describe(event)
        return None if line is None else seen_by(line, viewer)

    def redeal_hidden(self, state: Flip7State, seat: int, rng: random.Random) -> Flip7State:
        """Only the deck's order is hidden (from everyone), and the shuffles still to come."""
        seed = int(rng.random() * 2**53)
        return replace(state, seed=seed, deck=shuffled(state.deck, rng))


def _may_stay(state: Flip7State) -> bool:
    """The solo text offers Hit or Stay on every turn (an empty row banks 0); at the table a
    player must flip a card before staying."""
    row = state.rows[state.turn]
    return state.config.mode is Mode.SOLO or bool(row.numbers or row.modifiers)


RULES = Flip7Rules()
