"""Exact odds from the cards left: the odds panel's figures and the hard bot's lookahead.

Everything here works from an observation: the counts of each kind left in the deck (public,
since every card is seen when flipped) and in the discard pile, which becomes the next deck
when this one runs out. A hit is valued by enumerating every kind of card it could bring,
weighted by how many are left, so the answers are exact, not sampled.

Action cards are valued as neutral for the player who flips them: a Freeze or Flip Three can
always be sent to someone else (or, for a Freeze, used to bank), and a Second Chance is a
shield against the next duplicate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.games.flip7.cards import (
    FIRST_ACTION,
    FLIP_SEVEN,
    LAST_NUMBER,
    PLUS_BY_KIND,
    TIMES2,
    Card,
    score_of,
)
from cardtable.games.flip7.view import Flip7View, SeatView

SECOND_CHANCE = Card.SECOND_CHANCE

#: maps a final round score (0 for a bust) to how much the player wants it
Utility = Callable[[int], float]


@dataclass(frozen=True, slots=True)
class Hand:
    """A row reduced to what its future depends on."""

    #: bit n is set when the number n is in the row
    mask: int = 0
    total: int = 0
    count: int = 0
    plus: int = 0
    double: bool = False
    second_chance: bool = False

    @property
    def score(self) -> int:
        return score_of(self.total, self.count, self.plus, self.double)


@dataclass(frozen=True, slots=True)
class Odds:
    """What one more hit means for a row, as the odds panel shows it."""

    #: the next card busts the row (0 while a Second Chance covers a duplicate)
    bust: float
    #: the next card is a number already in the row
    duplicate: float
    #: the next card makes a Flip 7
    flip_seven: float
    #: points banked by staying now
    stay: float
    #: expected points after exactly one more hit and then staying
    hit: float
    #: the deck is empty: the next card comes from the discard pile, shuffled
    reshuffle: bool


def hand_of(seat: SeatView) -> Hand:
    """The hand of a row still in play (a bust row has nothing left to gain)."""
    mask = 0
    for number in seat.numbers:
        mask |= 1 << number
    return Hand(
        mask=mask,
        total=sum(seat.numbers),
        count=len(seat.numbers),
        plus=sum(PLUS_BY_KIND[card] for card in seat.modifiers),
        double=TIMES2 in seat.modifiers,
        second_chance=seat.second_chance,
    )


def next_counts(view: Flip7View) -> tuple[int, ...]:
    """The make-up of the pile the next card comes from (the discard pile once the deck is out)."""
    return view.deck_counts if view.deck_count else view.discard_counts


def odds(view: Flip7View, seat: int) -> Odds:
    """The odds panel's figures for ``seat`` hitting once now."""
    hand = hand_of(view.seats[seat])
    counts = next_counts(view)
    left = sum(counts)
    held = [counts[n] for n in range(LAST_NUMBER + 1) if hand.mask >> n & 1]
    duplicate = sum(held) / left if left else 0.0
    fresh = sum(counts[n] for n in range(LAST_NUMBER + 1) if not hand.mask >> n & 1)
    seventh = fresh / left if left and hand.count == FLIP_SEVEN - 1 else 0.0
    search = Search(view.deck_counts, view.discard_counts, float)
    return Odds(
        bust=0.0 if hand.second_chance else duplicate,
        duplicate=duplicate,
        flip_seven=seventh,
        stay=float(hand.score),
        hit=search.after_one_hit(hand),
        reshuffle=view.deck_count == 0,
    )


class Search:
    """Exact expectimax over the cards left: hit or stay, looking ``depth`` hits ahead.

    ``counts`` is the pile being drawn from; ``spare`` the discard pile that replaces it when
    it runs out. Values are memoised on what has been drawn, which fixes both the row and
    what is left, so each distinct position is valued once per search.
    """

    def __init__(self, counts: Sequence[int], spare: Sequence[int], utility: Utility) -> None:
        self.counts = list(counts)
        self.left = sum(self.counts)
        self.spare = tuple(spare)
        self.utility = utility
        self.memo: dict[tuple[int, ...], float] = {}
        self.drawn = 0

    def after_one_hit(self, hand: Hand) -> float:
        """Expected utility of exactly one hit, then staying."""
        return self.expect(*_fields(hand), 0, 0)

    def play_on(self, hand: Hand, depth: int) -> float:
        """Expected utility of hitting now and then playing on for up to ``depth`` - 1 hits."""
        return self.expect(*_fields(hand), depth - 1, 0)

    def forced(self, hand: Hand, flips: int, depth: int = 0) -> float:
        """Expected utility of ``flips`` forced flips (a Flip Three), then ``depth`` free hits."""
        return self.expect(*_fields(hand), depth, flips - 1)

    def value(
        self,
        mask: int,
        total: int,
        count: int,
        plus: int,
        double: bool,
        sc: bool,
        depth: int,
        forced: int,
    ) -> float:
        """Utility of a position: forced flips first, then the better of staying and hitting."""
        if forced:
            return self.expect(mask, total, count, plus, double, sc, depth, forced - 1)
        stay = self.utility(score_of(total, count, plus, double))
        if not depth:
            return stay
        key = (self.drawn, mask, plus, double, sc, depth)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self.expect(mask, total, count, plus, double, sc, depth - 1, 0)
        return stay if stay >= known else known

    def expect(
        self,
        mask: int,
        total: int,
        count: int,
        plus: int,
        double: bool,
        sc: bool,
        depth: int,
        forced: int,
    ) -> float:
        """The average over the next card of the position it leads to."""
        if not self.left:
            return self._from_reshuffle(mask, total, count, plus, double, sc, depth, forced)
        counts, left, acc = self.counts, self.left, 0.0
        for kind, copies in enumerate(counts):
            if not copies:
                continue
            counts[kind] -= 1
            self.left -= 1
            self.drawn += _WEIGHT[kind]
            acc += copies * self._after(kind, mask, total, count, plus, double, sc, depth, forced)
            self.drawn -= _WEIGHT[kind]
            self.left += 1
            counts[kind] += 1
        return acc / left

    def _after(
        self,
        kind: int,
        mask: int,
        total: int,
        count: int,
        plus: int,
        double: bool,
        sc: bool,
        depth: int,
        forced: int,
    ) -> float:
        if kind <= LAST_NUMBER:
            if mask >> kind & 1:
                if sc:
                    return self.value(mask, total, count, plus, double, False, depth, forced)
                return self.utility(0)
            if count + 1 == FLIP_SEVEN:
                return self.utility(score_of(total + kind, FLIP_SEVEN, plus, double))
            return self.value(
                mask | 1 << kind, total + kind, count + 1, plus, double, sc, depth, forced
            )
        if kind < FIRST_ACTION:
            if kind == TIMES2:
                return self.value(mask, total, count, plus, True, sc, depth, forced)
            return self.value(
                mask, total, count, plus + PLUS_BY_KIND[kind], double, sc, depth, forced
            )
        shield = sc or kind == SECOND_CHANCE
        return self.value(mask, total, count, plus, double, shield, depth, forced)

    def _from_reshuffle(
        self,
        mask: int,
        total: int,
        count: int,
        plus: int,
        double: bool,
        sc: bool,
        depth: int,
        forced: int,
    ) -> float:
        """The deck ran out mid-search: go on drawing from the discard pile, shuffled."""
        saved = self.counts, self.left, self.drawn
        self.counts, self.left = list(self.spare), sum(self.spare)
        self.drawn += _RESHUFFLED
        try:
            if not self.left:
                return self.utility(score_of(total, count, plus, double))
            return self.expect(mask, total, count, plus, double, sc, depth, forced)
        finally:
            self.counts, self.left, self.drawn = saved


def _fields(hand: Hand) -> tuple[int, int, int, int, bool, bool]:
    return hand.mask, hand.total, hand.count, hand.plus, hand.double, hand.second_chance


#: ``drawn`` adds one of these per card, a base-16 digit per kind: a key for what left the
#: pile (a kind never loses 16 copies in one search), plus a mark for the reshuffle
_WEIGHT = tuple(16**kind for kind in range(len(Card)))
_RESHUFFLED = 16 ** len(Card)
