"""Pazu-Pazaak's rules as a ``GameRules``: legality, refusals, observations, outcome, redeals.

The phases themselves live in ``auction`` (bids, picks, ante), ``turns`` (play) and ``flow``
(between sets); this module dispatches actions to them and answers the protocol's questions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from typing import Any

from cardtable.core.errors import IllegalAction
from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import randbelow, shuffled
from cardtable.games.pazaak.cards import Card, label
from cardtable.games.pazaak.shared import end_turn, hand_card_refusal, plays, stand
from cardtable.games.pazu import auction, flow, turns
from cardtable.games.pazu.actions import (
    ACTION_TYPES,
    BOT_LEVELS,
    END_TURN,
    LEAVE,
    STAND,
    STAY,
    Bid,
    EndTurn,
    Leave,
    Pick,
    PlaySide,
    SeatBot,
    SetAnte,
    SitDown,
    Stand,
    Stay,
    UnseatBot,
)
from cardtable.games.pazu.describe import describe
from cardtable.games.pazu.draft import Draft
from cardtable.games.pazu.events import EVENT_TYPES, BotSeated
from cardtable.games.pazu.state import (
    MAX_SEATINGS,
    MAX_SEATS,
    MIN_SEATS,
    PazuConfig,
    PazuState,
    Phase,
    deck_of,
    to_move,
)
from cardtable.games.pazu.view import PazuView, observe

#: the ready-made deck every seat of a default game brings (the Options model shares it)
DEFAULT_DECK = "balanced"
_PASS = (STAND, END_TURN)
_BETWEEN = (STAY, LEAVE)
_SEAT_BOTS = tuple(SeatBot(level) for level in BOT_LEVELS)
#: a person may not send bots away below this many players at the table
MIN_AFTER_REMOVAL = 2
#: the actions each phase accepts, and how the refusal names the phase
_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.BID: (Bid,),
    Phase.PICK: (Pick,),
    Phase.ANTE: (SetAnte,),
    Phase.TURN: (PlaySide, Stand, EndTurn),
    Phase.LEAVE: (Stay, Leave, SeatBot, UnseatBot, SitDown),
}
_PHASE_NAMES = {
    Phase.BID: "bid for the auction cards",
    Phase.PICK: "pick an auction card",
    Phase.ANTE: "name the ante",
    Phase.TURN: "play a turn (a hand card, Stand or End Turn)",
    Phase.LEAVE: "stay at the table or leave",
}


class PazuRules(GameRules[PazuState, PazuConfig]):
    id = "pazu-pazaak"
    title = "Pazu-Pazaak"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    config_type = PazuConfig
    secret_config = True

    def default_config(self, seats: int) -> PazuConfig:
        return PazuConfig.with_decks((DEFAULT_DECK,) * seats)

    def new_game(self, config: PazuConfig, seed: int) -> tuple[PazuState, tuple[Any, ...]]:
        draft = flow.opening(config, seed)
        return draft.freeze(), tuple(draft.events)

    def seat_count(self, state: PazuState) -> int:
        """Every seat there has been: grows when a person adds a bot between sets."""
        return len(state.chips)

    def to_move(self, state: PazuState) -> int | None:
        return to_move(state)

    def legal_actions(self, state: PazuState) -> tuple[Any, ...]:
        if not state.queue:
            return ()
        seat = state.queue[0]
        phase = state.phase
        if phase is Phase.BID:
            return _bids(state.chips[seat])
        if phase is Phase.PICK:
            return _picks(state.revealed)
        if phase is Phase.ANTE:
            return _antes(state.config.ante_min, state.config.ante_max)
        if phase is Phase.TURN:
            return _PASS if state.played_side else _PASS + plays(state.hands[seat])
        return _BETWEEN + _seat_changes(state, seat)

    def is_legal(self, state: PazuState, action: Any) -> bool:
        """The same answer as ``action in legal_actions(state)`` without listing them (bids
        run to hundreds)."""
        if not state.queue or type(action) not in _PHASE_ACTIONS[state.phase]:
            return False
        return _refusal(state, action) is None

    def explain_illegal(self, state: PazuState, action: Any) -> str:
        if not state.queue:
            return "the game is over"
        if not isinstance(action, ACTION_TYPES):
            return f"{action!r} is not a Pazu-Pazaak action"
        if type(action) is SitDown and state.phase is not Phase.LEAVE:
            return (
                f"set {state.set_number} is being played: newcomers sit down between sets, "
                "so join again when it ends"
            )
        if type(action) not in _PHASE_ACTIONS[state.phase]:
            return f"Player {state.queue[0] + 1} has to {_PHASE_NAMES[state.phase]} now"
        return _refusal(state, action) or f"{action!r} is not a legal move now"

    def _apply(self, state: PazuState, action: Any) -> tuple[PazuState, tuple[Any, ...]]:
        d = Draft(state, turns.finish_turn)
        seat = state.queue[0]
        kind = type(action)
        if kind is Bid:
            auction.bid(d, action.amount)
        elif kind is Pick:
            auction.pick(d, action.card)
        elif kind is SetAnte:
            auction.set_ante(d, action.amount)
        elif kind is PlaySide:
            turns.play_hand_card(d, action.index, action.value)
        elif kind is Stand:
            stand(d, seat)
        elif kind is EndTurn:
            end_turn(d, seat)
        elif kind is Stay:
            flow.stay(d)
        elif kind is Leave:
            flow.leave(d)
        elif kind is SeatBot:
            flow.seat_bot(d, action.level)
        elif kind is SitDown:
            flow.sit_down(d, action.replacing)
        else:
            flow.unseat_bot(d, action.seat)
        if d.set_over:
            flow.close_set(d)
        return d.freeze(), tuple(d.events)

    def observe(self, state: PazuState, seat: int | None) -> PazuView:
        return observe(state, seat)

    def outcome(self, state: PazuState) -> Outcome | None:
        """Standings by chips; everyone on the most chips shares the win."""
        if state.phase is not Phase.OVER:
            return None
        best = max(state.chips)
        winners = tuple(seat for seat, chips in enumerate(state.chips) if chips == best)
        scores = tuple(float(chips) for chips in state.chips)
        return Outcome(winners, scores, {"chips": scores, "sets": float(state.set_number)})

    def seat_people(self, config: PazuConfig, people: tuple[int, ...]) -> PazuConfig:
        return replace(config, people=people)

    def arrival(self, state: PazuState) -> SitDown:
        """A newcomer takes the place of the first bot at the table, so the table keeps the
        size it was set up with; with no bot there, a free place if the table has room."""
        bots = [s for s, here in enumerate(state.seated) if here and s not in state.people]
        action = SitDown(bots[0] if bots else None)
        if not self.is_legal(state, action):
            raise IllegalAction(self.explain_illegal(state, action))
        return action

    def has_left(self, state: PazuState, seat: int) -> bool:
        return seat < len(state.seated) and not state.seated[seat]

    def joined_bots(self, history: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, str]]:
        """Bots sit down between sets: each ``BotSeated`` adds a seat."""
        for events in history:
            for event in events:
                if isinstance(event, BotSeated):
                    yield event.seat, event.level

    def describe(self, event: Any, viewer: int | None) -> str | None:
        return describe(event, viewer)

    def redeal_hidden(self, state: PazuState, seat: int, rng: random.Random) -> PazuState:
        """Every other hand's unseen part dealt afresh from what is left of its side deck, the
        main deck reshuffled, and every shuffle still to come reseeded."""
        hands = tuple(
            hand if other == seat else _redeal_hand(state, other, rng)
            for other, hand in enumerate(state.hands)
        )
        return replace(
            state, hands=hands, deck=shuffled(state.deck, rng), seed=randbelow(rng, 2**53)
        )


def _redeal_hand(state: PazuState, seat: int, rng: random.Random) -> tuple[Card, ...]:
    """The bought cards everyone saw stay; the rest comes from the unplayed side deck."""
    secret = Counter(state.hands[seat]) - Counter(state.bought[seat])
    pool = list((Counter(deck_of(state.config, seat)) - Counter(state.spent[seat])).elements())
    dealt = shuffled(pool, rng)[: secret.total()]
    return (*dealt, *state.bought[seat])


def _refusal(state: PazuState, action: Any) -> str | None:
    """Why an action of the phase's own kind is refused, or None when it is legal."""
    seat = state.queue[0]
    kind = type(action)
    if kind is Bid:
        return _bid_refusal(action.amount, state.chips[seat])
    if kind is SetAnte:
        return _ante_refusal(action.amount, state.config.ante_min, state.config.ante_max)
    if kind is Pick:
        if action.card in state.revealed:
            return None
        offer = " ".join(label(card) for card in state.revealed)
        return f"{_name(action.card)} is not on offer; the cards left are {offer}"
    if kind is PlaySide:
        return hand_card_refusal(state.played_side, state.hands[seat], action)
    if kind is SeatBot:
        return _seat_refusal(state, seat, action.level)
    if kind is UnseatBot:
        return _unseat_refusal(state, seat, action.seat)
    if kind is SitDown:
        return _arrival_refusal(state, action.replacing)
    return None


def _seat_changes(state: PazuState, seat: int) -> tuple[SeatBot | UnseatBot, ...]:
    """The bot seats a person deciding between sets may add or remove (none for a bot)."""
    if seat not in state.people:
        return ()
    adds = _SEAT_BOTS if _table_full(state) is None else ()
    if sum(state.seated) <= MIN_AFTER_REMOVAL:
        return adds
    bots = tuple(
        UnseatBot(other)
        for other, here in enumerate(state.seated)
        if here and other not in state.people
    )
    return adds + bots


def _table_full(state: PazuState) -> str | None:
    """Why no bot can sit down now, or None."""
    if sum(state.seated) >= MAX_SEATS:
        return f"the table is full: {MAX_SEATS} players at most"
    if len(state.seated) >= MAX_SEATINGS:
        return f"{MAX_SEATINGS} players have sat down in this game, the most there can be"
    return None


def _not_a_person(state: PazuState, seat: int) -> str | None:
    if seat in state.people:
        return None
    return f"only the people at the table add or remove bots, and Player {seat + 1} is a bot"


def _seat_refusal(state: PazuState, seat: int, level: Any) -> str | None:
    if level not in BOT_LEVELS:
        return f"there is no bot level {level!r}: choose {' or '.join(BOT_LEVELS)}"
    return _not_a_person(state, seat) or _table_full(state)


def _unseat_refusal(state: PazuState, seat: int, bot: Any) -> str | None:
    refusal = _not_a_person(state, seat)
    if refusal is not None:
        return refusal
    if type(bot) is not int or not 0 <= bot < len(state.seated):
        return f"there is no seat {bot!r} at the table"
    if bot in state.people:
        return f"Player {bot + 1} is a person, not a bot: only they can choose to leave"
    if not state.seated[bot]:
        return f"Player {bot + 1} has already left the table"
    if sum(state.seated) <= MIN_AFTER_REMOVAL:
        return f"the table needs {MIN_AFTER_REMOVAL} players: Player {bot + 1} cannot be sent away"
    return None


def _arrival_refusal(state: PazuState, bot: Any) -> str | None:
    """Why a person from outside cannot sit down (in ``bot``'s place, if given), or None."""
    if not state.people:
        return "a table of bots alone takes no newcomers"
    if len(state.seated) >= MAX_SEATINGS:
        return f"{MAX_SEATINGS} players have sat down in this game, the most there can be"
    if bot is None:
        return _table_full(state)
    if type(bot) is not int or not 0 <= bot < len(state.seated):
        return f"there is no seat {bot!r} at the table"
    if bot in state.people:
        return f"Player {bot + 1} is a person: only they can give up their place, by leaving"
    if not state.seated[bot]:
        return f"Player {bot + 1} has already left the table"
    return None


def _bid_refusal(amount: Any, chips: int) -> str | None:
    if type(amount) is not int:
        return f"a bid is a whole number of chips, not {amount!r}"
    if amount < 0:
        return f"a bid cannot be below zero, and {amount} is"
    if amount > chips:
        return f"you hold {chips} chips, so you cannot bid {amount}"
    return None


def _ante_refusal(amount: Any, low: int, high: int) -> str | None:
    if type(amount) is int and low <= amount <= high:
        return None
    return f"the ante must be between {low} and {high} chips, not {amount!r}"


def _name(card: Any) -> str:
    return label(card) if isinstance(card, Card) else repr(card)


_BID_ACTIONS: list[Bid] = []


@lru_cache(maxsize=256)
def _bids(chips: int) -> tuple[Bid, ...]:
    """Every bid from 0 to ``chips``, sharing one Bid object per amount."""
    _BID_ACTIONS.extend(Bid(n) for n in range(len(_BID_ACTIONS), chips + 1))
    return tuple(_BID_ACTIONS[: chips + 1])


@lru_cache(maxsize=64)
def _antes(low: int, high: int) -> tuple[SetAnte, ...]:
    return tuple(SetAnte(n) for n in range(low, high + 1))


@lru_cache(maxsize=1024)
def _picks(revealed: tuple[Card, ...]) -> tuple[Pick, ...]:
    """One pick per different card on offer, in the order they lie."""
    return tuple(Pick(card) for card in dict.fromkeys(revealed))


RULES = PazuRules()
