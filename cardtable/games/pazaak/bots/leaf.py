"""A lighter chase for the search's leaves: one more plus, minus or dual card at most.

``Chase`` also plays Flips and Doubles and keeps the nine-card rule, which makes it exact but
costly from a low total (tens of milliseconds); a tree search values thousands of leaves a
decision. Here the chaser lays one more card at most, Flips and Doubles lie idle (still counted in the
hand's worth),
a board never fills, and the draws are those of a full deck (1–10 alike), so a position is the
chaser's total and hand against a standing total and how the end is priced: each is solved
once per process, and a long run of matches keeps finding its leaves solved. Hands are tuples
of small card numbers in a fixed order, so a position hashes quickly and in one form only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from itertools import count
from typing import Any

from cardtable.games.pazaak.bots.rollout import LOSE, VOID, WIN
from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.shared import TARGET

#: a set result and the worth of the chaser's hand left -> the chaser's match equity
Pricer = Callable[[int, float], float]
#: a hand as card numbers (``number``), in increasing order
Hand = tuple[int, ...]

#: solved positions of every chase this process has met; cleared whole when it grows past
#: ``_MEMO_LIMIT`` (a bound on memory, not a cache policy that needs to be clever)
_MEMO: dict[tuple[Any, ...], float] = {}
_MEMO_LIMIT = 400_000
#: each pricing met since the last clearing -> a number that stands for it in ``_MEMO``'s keys
#: (a nested tuple would be hashed afresh at every look-up); numbers are never reused, so a
#: chase made before a clearing cannot meet another's positions after it
_PRICINGS: dict[Hashable, int] = {}
_NEXT_PRICING = count()
_RANKS = range(1, 11)
#: a chaser with no hand card left settles for a void on this total or more
STANDS_ON_A_VOID = 17

#: every side card met so far, numbered in order of meeting
_CARDS: list[Card] = []
_NUMBERS: dict[Card, int] = {}
#: a hand -> its plays: (hand left, Tiebreaker laid, the values the card can add)
_PLAYS: dict[Hand, list[tuple[Hand, bool, tuple[int, ...]]]] = {}


def number(hand: tuple[Card, ...]) -> Hand:
    """``hand`` as the leaf chase holds it."""
    out = []
    for card in hand:
        found = _NUMBERS.get(card)
        if found is None:
            found = _NUMBERS[card] = len(_CARDS)
            _CARDS.append(card)
        out.append(found)
    return tuple(sorted(out))


def cards(hand: Hand) -> tuple[Card, ...]:
    return tuple(_CARDS[n] for n in hand)


def _plays(hand: Hand) -> list[tuple[Hand, bool, tuple[int, ...]]]:
    found = _PLAYS.get(hand)
    if found is None:
        found = []
        for at, n in enumerate(hand):
            card = _CARDS[n]
            if card.kind not in VALUED or (at and hand[at - 1] == n):
                continue
            rest = hand[:at] + hand[at + 1 :]
            found.append((rest, card.kind is Kind.TIEBREAKER, side_values(card)))
        _PLAYS[hand] = found
    return found


class LeafChase:
    """The chaser draws against a standing total; values are the chaser's match equity.

    The chaser lays at most one more hand card: chases rarely need two, and with one the
    positions while a card is still to come are just the chaser's totals (``_MEMO``), and those
    after it are one small table of result chances (``_bare``) shared by every hand.
    """

    def __init__(
        self,
        their_tiebreaker: bool,
        pricing: Hashable,
        price: Pricer,
        worth: Callable[[Card], float],
    ) -> None:
        """``pricing`` names ``price`` and ``worth`` (positions are shared by it)."""
        self.their_tiebreaker = their_tiebreaker
        self.price = price
        self.worth = worth
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
            _PRICINGS.clear()
        named = (their_tiebreaker, pricing)
        prefix = _PRICINGS.get(named)
        if prefix is None:
            prefix = _PRICINGS[named] = next(_NEXT_PRICING)
        self.prefix = prefix
        self.prices: dict[tuple[int, Hand], float] = {}
        self.bares: dict[tuple[int, int, Hand, bool], float] = {}

    def next_draw(self, mine: int, theirs: int, hand: Hand, tb: bool) -> float:
        """The chaser's turn is about to open with a draw."""
        if mine > TARGET:
            return self._price(LOSE, hand)
        if theirs > TARGET:
            return self._price(WIN, hand)
        key = (self.prefix, mine, theirs, hand, tb)
        found = _MEMO.get(key)
        if found is None:
            found = 0.0
            for rank in _RANKS:
                found += self._drawn(mine + rank, theirs, hand, tb)
            found /= len(_RANKS)
            _MEMO[key] = found
        return found

    def _price(self, result: int, hand: Hand) -> float:
        key = (result, hand)
        found = self.prices.get(key)
        if found is None:
            found = self.prices[key] = self.price(result, sum(self.worth(c) for c in cards(hand)))
        return found

    def _tie(self, tb: bool) -> int:
        """What a tie on totals means for the chaser."""
        if tb == self.their_tiebreaker:
            return VOID
        return WIN if tb else LOSE

    def _drawn(self, mine: int, theirs: int, hand: Hand, tb: bool) -> float:
        """A turn opened on ``mine`` with a hand card still free to lay."""
        if mine == TARGET or (mine < TARGET and mine > theirs):
            return self._bare(mine, theirs, hand, tb)
        best = self._bare(mine, theirs, hand, tb) if mine > TARGET else -1.0
        if mine <= TARGET:
            if mine == theirs:
                best = self._price(self._tie(tb), hand)
            if mine < TARGET:
                best = max(best, self.next_draw(mine, theirs, hand, tb))
        for rest, tiebreaker, values in _plays(hand):
            tb_after = tb or tiebreaker
            for value in values:
                landing = mine + value
                if landing <= TARGET:
                    here = self._bare(landing, theirs, rest, tb_after)
                    if here > best:
                        best = here
        return max(best, self._price(LOSE, hand))

    def _bare(self, mine: int, theirs: int, hand: Hand, tb: bool) -> float:
        """The chaser on ``mine`` (its card for this turn laid) plays on without hand cards."""
        key = (mine, theirs, hand, tb)
        found = self.bares.get(key)
        if found is None:
            win, void, lose = _bare(mine, theirs, self._tie(tb))
            price = self._price
            found = win * price(WIN, hand) + void * price(VOID, hand) + lose * price(LOSE, hand)
            self.bares[key] = found
        return found


@cache
def _bare(mine: int, theirs: int, tie: int) -> tuple[float, float, float]:
    """(win, void, loss) chances of a chaser on ``mine`` with no hand card left, drawing while
    behind (or level, when a tie loses or it is early) and standing once ahead."""
    if mine > TARGET:
        return 0.0, 0.0, 1.0
    if mine > theirs or mine == TARGET:
        return _settle(mine, theirs, tie)
    if mine == theirs and tie != LOSE and (tie == WIN or mine >= STANDS_ON_A_VOID):
        return _settle(mine, theirs, tie)
    win = void = lose = 0.0
    for rank in _RANKS:
        w, v, x = _bare(mine + rank, theirs, tie)
        win, void, lose = win + w, void + v, lose + x
    n = len(_RANKS)
    return win / n, void / n, lose / n


def _settle(mine: int, theirs: int, tie: int) -> tuple[float, float, float]:
    result = tie if mine == theirs else (WIN if mine > theirs else LOSE)
    return float(result == WIN), float(result == VOID), float(result == LOSE)
