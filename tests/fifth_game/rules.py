"""High-card War for 2 to 4 players: the fifth game, which exists only in the tests.

Each player is dealt a hand from a 52-card deck. Tricks: the leader plays any card from their
hand face up, then each other player in turn; the highest rank wins (the card played first wins
a tie of ranks) and its player leads the next trick. When the hands are empty the most tricks
win. The hands are hidden, and so is the rest of the deck: just enough game to prove that a new
game plugs into every layer of cardtable from outside the package.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from cardtable.core.bots import Bot
from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import derive_rng, shuffled

MIN_SEATS, MAX_SEATS = 2, 4
RANKS = "23456789TJQKA"
SUITS = "♣♦♥♠"
DECK = tuple(range(52))


def rank(card: int) -> int:
    return card // 4


def card_name(card: int) -> str:
    return RANKS[rank(card)] + SUITS[card % 4]


RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
RANK_WORDS += ("jack", "queen", "king", "ace")
SUIT_WORDS = dict(zip(SUITS, ("clubs", "diamonds", "hearts", "spades"), strict=True))


def card_words(token: str) -> str | None:
    """ "Q♥" -> "queen of hearts"; None for a word that is no card."""
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUIT_WORDS:
        return None
    return f"{RANK_WORDS[RANKS.index(token[0])]} of {SUIT_WORDS[token[1]]}"


@dataclass(frozen=True, slots=True)
class WarConfig:
    seats: int = 2
    hand_size: int = 5

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ValueError(f"War is for {MIN_SEATS} to {MAX_SEATS} players, not {self.seats}")
        if not 1 <= self.hand_size <= 10:
            raise ValueError(f"a hand holds 1 to 10 cards, not {self.hand_size}")


@dataclass(frozen=True, slots=True)
class Play:
    card: int


@dataclass(frozen=True, slots=True)
class HandsDealt:
    hand_size: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WarState:
    config: WarConfig
    seed: int
    hands: tuple[tuple[int, ...], ...]
    #: the undealt cards, face down
    deck: tuple[int, ...]
    #: (seat, card) played to the trick so far
    trick: tuple[tuple[int, int], ...]
    leader: int
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WarView:
    """What one seat sees (``hand`` is None for a spectator)."""

    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[int, ...]
    to_move: int | None


def _deal(config: WarConfig, seed: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    cards = shuffled(DECK, derive_rng(seed, "war-deal"))
    size = config.hand_size
    hands = tuple(tuple(sorted(cards[i * size : (i + 1) * size])) for i in range(config.seats))
    return hands, tuple(cards[config.seats * size :])


class WarRules(GameRules[WarState, WarConfig]):
    id = "war"
    title = "War"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    action_types = (Play,)
    event_types = (HandsDealt, CardPlayed, TrickWon, GameEnded)
    config_type = WarConfig

    def default_config(self, seats: int) -> WarConfig:
        return WarConfig(seats)

    def new_game(self, config: WarConfig, seed: int) -> tuple[WarState, tuple[Any, ...]]:
        hands, deck = _deal(config, seed)
        state = WarState(config, seed, hands, deck, (), 0, (0,) * config.seats)
        return state, (HandsDealt(config.hand_size),)

    def seat_count(self, state: WarState) -> int:
        return state.config.seats

    def to_move(self, state: WarState) -> int | None:
        if not any(state.hands):
            return None
        return (state.leader + len(state.trick)) % state.config.seats

    def legal_actions(self, state: WarState) -> tuple[Any, ...]:
        seat = self.to_move(state)
        return () if seat is None else tuple(Play(card) for card in state.hands[seat])

    def explain_illegal(self, state: WarState, action: Any) -> str:
        if isinstance(action, Play) and not self.is_over(state):
            return f"{card_name(action.card)} is not in your hand"
        return super().explain_illegal(state, action)

    def _apply(self, state: WarState, action: Any) -> tuple[WarState, tuple[Any, ...]]:
        seat = self.to_move(state)
        assert seat is not None, "a legal move has a seat to make it"
        hands = list(state.hands)
        hands[seat] = tuple(card for card in hands[seat] if card != action.card)
        trick = (*state.trick, (seat, action.card))
        events: list[Any] = [CardPlayed(seat, action.card)]
        state = replace(state, hands=tuple(hands), trick=trick)
        if len(trick) == state.config.seats:
            winner, card = max(trick, key=lambda played: (rank(played[1]), -trick.index(played)))
            tricks = tuple(n + (s == winner) for s, n in enumerate(state.tricks))
            state = replace(state, trick=(), leader=winner, tricks=tricks)
            events.append(TrickWon(winner, card))
            if not any(state.hands):
                events.append(GameEnded(_most(tricks)))
        return state, tuple(events)

    def observe(self, state: WarState, seat: int | None) -> WarView:
        return WarView(
            hand=None if seat is None else state.hands[seat],
            hand_counts=tuple(len(hand) for hand in state.hands),
            trick=tuple(card for _, card in state.trick),
            leader=state.leader,
            tricks=state.tricks,
            to_move=self.to_move(state),
        )

    def outcome(self, state: WarState) -> Outcome | None:
        if not self.is_over(state):
            return None
        return Outcome(_most(state.tricks), tuple(float(n) for n in state.tricks))

    def describe(self, event: Any, viewer: int | None) -> str | None:
        def who(seat: int) -> str:
            return "You" if seat == viewer else f"Player {seat + 1}"

        if isinstance(event, HandsDealt):
            return f"Each player is dealt {event.hand_size} cards."
        if isinstance(event, CardPlayed):
            return f"{who(event.seat)} played {card_name(event.card)}."
        if isinstance(event, TrickWon):
            return f"{who(event.seat)} took the trick with {card_name(event.card)}."
        if isinstance(event, GameEnded):
            return " and ".join(who(seat) for seat in event.winners) + " won."
        return None

    def redeal_hidden(self, state: WarState, seat: int, rng: random.Random) -> WarState:
        """The other hands and the deck shuffled together and dealt again at their sizes."""
        others = [s for s in range(state.config.seats) if s != seat]
        pool = shuffled([card for s in others for card in state.hands[s]] + list(state.deck), rng)
        hands = list(state.hands)
        for s in others:
            size = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
        return replace(state, hands=tuple(hands), deck=tuple(pool), seed=rng.getrandbits(62))


def _most(tricks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seat for seat, n in enumerate(tricks) if n == max(tricks))


class HighCardBot:
    """Plays its highest card: the whole of War's strategy worth a bot."""

    level = "easy"

    def choose(self, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return max(legal, key=lambda play: rank(play.card))


RULES = WarRules()
BOTS: dict[str, Callable[[], Bot]] = {"easy": HighCardBot}
