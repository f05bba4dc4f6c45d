"""An independent Pazaak player for measuring the bots, written from the rule texts alone.

It shares no code with ``cardtable.games.pazaak.bots`` (only the rules' own board arithmetic,
``play_side``) and nobody tunes a bot against it, so its results say how strong a bot is, not
how well it learned this opponent. It plays as a careful, card-counting person would:

- over 20: lay the hand card that saves the most, else the turn ends in a bust;
- against a standing total: solve the rest of the set exactly (expectimax over the unseen main
  cards' counts, hand cards included), a set won worth 1, a void half, and each hand card laid
  a small cost, as it is gone for the sets to come;
- while both draw: lay a card that makes exactly 20, stand on 17 or more, else draw.

Seat it with ``cardtable sim pazaak --seats policy:tests.games.pazaak.reference:act,hard``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import Card, Kind
from cardtable.games.pazaak.shared import play_side

TARGET, BOARD_CARDS, STANDS_ON = 20, 9, 17
#: what laying a hand card costs, in sets: it is single-use for the whole match
CARD_COST = 0.04
#: what a void set is worth next to a won set
VOID_WORTH = 0.5
SIGNED = (Kind.PLUS, Kind.MINUS, Kind.DUAL, Kind.VARIABLE, Kind.TIEBREAKER)


def act(view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    seat = view.seat
    other = 1 - seat
    total = view.totals[seat]
    landings = _landings(view, legal)
    if total > TARGET:
        saves = [(land, a) for land, a in landings if land <= TARGET]
        return max(saves, key=lambda s: s[0])[1] if saves else END_TURN
    if view.standing[other]:
        return _chase(view, legal)
    for land, action in landings:
        if land == TARGET:
            return action
    return STAND if total >= STANDS_ON else END_TURN


def _landings(view: Any, legal: tuple[Any, ...]) -> list[tuple[int, Any]]:
    """Each hand-card play with the total it leaves the player on."""
    out = []
    for action in legal:
        if isinstance(action, PlaySide):
            card = view.hand[action.index]
            boards = play_side(view.boards, view.seat, card, action.value)[0]
            out.append((boards[view.seat].total, action))
    return out


def _chase(view: Any, legal: tuple[Any, ...]) -> Any:
    """The best move against a standing total, by exact expectimax."""
    seat, other = view.seat, 1 - view.seat
    theirs = view.totals[other]
    total = view.totals[seat]
    if total > theirs:
        return STAND
    counts = view.unseen or (1,) * 10
    solver = _solver(theirs, view.tiebreakers[other], tuple(counts))
    count = len(view.boards[seat].cards)
    signed = tuple(sorted(_signed(view.hand)))
    mine_tb = view.tiebreakers[seat]
    best, value = STAND, solver.stand(total, mine_tb)
    drawing = solver.draw(total, count, signed, mine_tb)
    if total < TARGET and drawing > value:
        best, value = END_TURN, drawing
    for action in legal:
        if not isinstance(action, PlaySide):
            continue
        card = view.hand[action.index]
        if card.kind not in SIGNED:
            continue
        land = total + action.value
        if land > TARGET:
            continue
        rest = list(signed)
        rest.remove(_key(card))
        tb = mine_tb or card.kind is Kind.TIEBREAKER
        here = solver.settled(land, count + 1, tuple(rest), tb) - CARD_COST
        if here > value:
            best, value = action, here
    return best


def _key(card: Card) -> tuple[int, ...]:
    """A signed card as the values it may add and whether it is a Tiebreaker (last, 1/0)."""
    amount = card.amount
    if card.kind is Kind.PLUS:
        values: tuple[int, ...] = (amount,)
    elif card.kind is Kind.MINUS:
        values = (-amount,)
    elif card.kind is Kind.VARIABLE:
        values = (1, -1, 2, -2)
    elif card.kind is Kind.TIEBREAKER:
        values = (1, -1)
    else:
        values = (amount, -amount)
    return (*values, int(card.kind is Kind.TIEBREAKER))


def _signed(hand: tuple[Card, ...]) -> list[tuple[int, ...]]:
    return [_key(card) for card in hand if card.kind in SIGNED]


@lru_cache(maxsize=64)
def _solver(theirs: int, their_tb: bool, counts: tuple[int, ...]) -> _Solver:
    return _Solver(theirs, their_tb, counts)


class _Solver:
    """The chase against ``theirs``: draws weighted by the counts of unseen main cards."""

    def __init__(self, theirs: int, their_tb: bool, counts: tuple[int, ...]) -> None:
        self.theirs, self.their_tb = theirs, their_tb
        whole = sum(counts) or 1
        self.draws = [(rank, n / whole) for rank, n in enumerate(counts, start=1) if n]
        self.memo: dict[tuple[Any, ...], float] = {}

    def stand(self, total: int, tb: bool) -> float:
        if total > TARGET:
            return 0.0
        if total != self.theirs:
            return float(total > self.theirs)
        if tb != self.their_tb:
            return float(tb)
        return VOID_WORTH

    def settled(self, total: int, count: int, hand: tuple[Any, ...], tb: bool) -> float:
        """The turn's card is down: stand, or end the turn and draw again."""
        if total > TARGET:
            return 0.0
        if count >= BOARD_CARDS:
            return 1.0
        value = self.stand(total, tb)
        if total < TARGET:
            value = max(value, self.draw(total, count, hand, tb))
        return value

    def draw(self, total: int, count: int, hand: tuple[Any, ...], tb: bool) -> float:
        """End the turn: the next turn opens with a draw, then the best play."""
        key = (total, count, hand, tb)
        if key in self.memo:
            return self.memo[key]
        value = 0.0
        for rank, chance in self.draws:
            value += chance * self._opened(total + rank, count + 1, hand, tb)
        self.memo[key] = value
        return value

    def _opened(self, total: int, count: int, hand: tuple[Any, ...], tb: bool) -> float:
        if count >= BOARD_CARDS:
            return float(total <= TARGET)
        if total == TARGET:
            return self.stand(total, tb)
        best = self.settled(total, count, hand, tb) if total < TARGET else 0.0
        for i, card in enumerate(hand):
            if i and hand[i - 1] == card:
                continue
            rest = hand[:i] + hand[i + 1 :]
            for value in card[:-1]:
                land = total + value
                if land <= TARGET:
                    here = self.settled(land, count + 1, rest, tb or bool(card[-1])) - CARD_COST
                    best = max(best, here)
        return best
