"""The hard bot's sampling search: play the rest of a set out many times, score it in match equity.

Each sample fixes what the bot cannot see: the order of the main cards left (from the unseen
counts) and the opponent's hand, dealt from a ready-made deck that fits the cards they have
played. Every candidate move is played out against the same samples (common random numbers, so
their differences are not noise), both players then following the casual greedy policy. Where a
set ends, ``equity.match_equity`` of the new score with the hands left decides, so a hand card
spent now is weighed against the sets still to come.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from cardtable.games.pazaak.board import BOARD_SIZE, TARGET
from cardtable.games.pazaak.cards import READY_DECKS, VALUED, Card, Kind, side_values
from cardtable.games.pazaak.equity import match_equity
from cardtable.games.pazaak.flow import shuffle_front

WIN, VOID, LOSE = 1, 0, -1
#: a hand card in a play-out: the values it can add, whether it is a Tiebreaker, its worth
Held = tuple[tuple[int, ...], bool, float]
_MAX_DRAWS = 2 * BOARD_SIZE


@dataclass(frozen=True)
class Tuning:
    """The hard bot's knobs, in one place so simulations can compare settings."""

    #: play-outs per candidate move: the search budget, in iterations
    samples: int = 128
    #: how much better (in match equity) a move must look to overrule the greedy baseline
    margin: float = 0.02
    #: a hand card's worth in cards, by kind (the equity model counts dual cards)
    worth: dict[Kind, float] = field(
        default_factory=lambda: {
            Kind.DUAL: 1.0,
            Kind.VARIABLE: 1.0,
            Kind.TIEBREAKER: 1.0,
            Kind.MINUS: 0.8,
            Kind.PLUS: 0.8,
            Kind.FLIP_2_4: 0.6,
            Kind.FLIP_3_6: 0.6,
            Kind.DOUBLE: 0.6,
        }
    )
    #: the worth of one unseen card in the opponent's hand
    unknown_worth: float = 1.0
    #: in a play-out, (the bot, the opponent) stand on this while the other still draws
    stand_on: tuple[int, int] = (18, 18)
    #: at or below this total the bot never stands while the opponent still draws
    always_draw: int = 11
    #: while both draw, a +/- card is only searched if it lands on this or more
    card_floor: int = 14


def held(card: Card, worth: float = 0.0) -> Held:
    """A hand card as a play-out uses it; Flip and Double add nothing there."""
    values = side_values(card) if card.kind in VALUED else ()
    return values, card.kind is Kind.TIEBREAKER, worth


@dataclass
class Spot:
    """A set position a play-out starts from; index 0 is the bot, 1 the opponent."""

    totals: list[int]
    counts: list[int]
    standing: list[bool]
    tiebreakers: list[bool]
    #: the bot's valued hand cards still held
    hand: list[Held]
    #: the worth of the bot's Flip and Double cards, which play-outs never play
    kept_worth: float
    #: who draws next
    mover: int


@dataclass(frozen=True)
class Sample:
    """One guess at what the bot cannot see."""

    draws: tuple[int, ...]
    their_hand: tuple[Held, ...]


def samples(
    unseen: tuple[int, ...] | None,
    their_cards: int,
    their_used: tuple[Card, ...],
    n: int,
    rng: random.Random,
) -> list[Sample]:
    """``n`` guesses: main cards to come (without replacement on a tabletop deck) and a hand."""
    deck = [rank for rank, count in enumerate(unseen or (), start=1) for _ in range(count)]
    sources = _hand_sources(their_used)
    rand = rng.random
    out = []
    for _ in range(n):
        if deck:
            draws = tuple(shuffle_front(deck, _MAX_DRAWS, rand)[:_MAX_DRAWS])
        else:
            draws = tuple(1 + int(rand() * 10) for _ in range(_MAX_DRAWS))
        source = sources[int(rand() * len(sources))]
        out.append(Sample(draws, tuple(shuffle_front(source, their_cards, rand)[:their_cards])))
    return out


def _hand_sources(used: tuple[Card, ...]) -> list[list[Held]]:
    """What an unseen hand may be dealt from: each ready-made deck that holds every card its
    owner has played, less those cards; failing that, all ready-made decks pooled."""
    played = Counter(used)
    fits = [
        Counter(deck.cards) - played
        for deck in READY_DECKS.values()
        if not played - Counter(deck.cards)
    ]
    if not fits:
        fits = [Counter(card for deck in READY_DECKS.values() for card in deck.cards)]
    return [[held(card) for card in rest.elements()] for rest in fits]


class PlayOut:
    """Plays sets to their end from a ``Spot`` and scores them in match equity."""

    def __init__(self, tuning: Tuning, sets: tuple[int, int]) -> None:
        self.tuning = tuning
        self.sets = sets

    def equity(self, result: int, worth: float, their_cards: int) -> float:
        """Match equity once the set ends in ``result`` with these hands left."""
        mine, theirs = self.sets
        their_worth = their_cards * self.tuning.unknown_worth
        return match_equity(mine + (result == WIN), theirs + (result == LOSE), worth, their_worth)

    def mean(self, spot: Spot, guesses: list[Sample]) -> float:
        return sum(self.play(spot, guess) for guess in guesses) / len(guesses)

    def play(self, spot: Spot, guess: Sample) -> float:
        """One play-out of the set from ``spot``; both players follow ``_card`` and ``_stands``."""
        totals, counts = spot.totals[:], spot.counts[:]
        standing, tiebreakers = spot.standing[:], spot.tiebreakers[:]
        hands = [spot.hand[:], list(guess.their_hand)]
        p, draw = spot.mover, 0
        while True:
            q = 1 - p
            total = totals[p] + guess.draws[draw]
            draw += 1
            count = counts[p] + 1
            if count < BOARD_SIZE and total != TARGET:
                pick = _card(total, hands[p])
                if pick is not None:
                    total, index = pick
                    if hands[p].pop(index)[1]:
                        tiebreakers[p] = True
                    count += 1
            totals[p], counts[p] = total, count
            if count >= BOARD_SIZE or total > TARGET:
                result = WIN if (total <= TARGET) == (p == 0) else LOSE
                break
            standing[p] = total == TARGET or self._stands(p, total, totals[q], standing[q])
            if not standing[q]:
                p = q
            elif standing[p]:
                result = settle(totals, tiebreakers)
                break
        worth = spot.kept_worth + sum(card[2] for card in hands[0])
        return self.equity(result, worth, len(hands[1]))

    def _stands(self, p: int, total: int, other: int, other_stands: bool) -> bool:
        """The casual rule: 18 or more, or ahead of (or level on 18+ with) a standing total."""
        stand_on = self.tuning.stand_on[p]
        if other_stands:
            return total > other or (total == other and total >= stand_on)
        return total >= stand_on


def _card(total: int, hand: list[Held]) -> tuple[int, int] | None:
    """The hand card a play-out plays, casually: the first that makes exactly 20, else the one
    that undoes a bust keeping the most; returns (new total, hand index)."""
    best = None
    for index, (values, _, _) in enumerate(hand):
        for value in values:
            landing = total + value
            if landing == TARGET:
                return landing, index
            if total > TARGET and landing <= TARGET and (best is None or landing > best[0]):
                best = (landing, index)
    return best


def settle(totals: list[int], tiebreakers: list[bool]) -> int:
    """The bot's result when both stand: the higher total, else a lone Tiebreaker, else void."""
    mine, theirs = totals
    if mine != theirs:
        return WIN if mine > theirs else LOSE
    if tiebreakers[0] == tiebreakers[1]:
        return VOID
    return WIN if tiebreakers[0] else LOSE
