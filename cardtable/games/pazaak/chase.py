"""Exact play once the opponent stands: their total is fixed, so the rest of the set is a small
game against the main deck alone, which we solve by expectimax.

The unseen main cards are known in distribution (ruling 1's public count; endless decks draw
1–10 evenly) and the bot's own hand is known, so nothing is sampled. Every end is priced in
match equity with the hand cards left (``equity.match_equity``), so the solve weighs a set won
now against a card that would help in later sets. Positions repeat across draw orders (the
deck counts forget the order), so a memo keeps the search to a few thousand positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.board import BOARD_SIZE, TARGET, Board, add_main, play_side
from cardtable.games.pazaak.cards import Card, Kind, side_values
from cardtable.games.pazaak.rollout import LOSE, VOID, WIN

#: a set result and the hand left -> the bot's match equity
Pricer = Callable[[int, tuple[Card, ...]], float]
_UNIFORM = tuple(range(1, 11))


class Chase:
    """The bot (``seat``) draws against a standing opponent; values are match equity."""

    def __init__(self, seat: int, their_tiebreaker: bool, price: Pricer) -> None:
        self.seat, self.other = seat, 1 - seat
        self.their_tiebreaker = their_tiebreaker
        self.price = price
        self.memo: dict[tuple[Any, ...], float] = {}

    def options(
        self,
        boards: tuple[Board, ...],
        hand: tuple[Card, ...],
        tiebreaker: bool,
        unseen: tuple[int, ...] | None,
        legal: tuple[Any, ...],
    ) -> list[tuple[Any, float]]:
        """Each legal move worth weighing with its exact value (a card play is followed by the
        better of standing and drawing on)."""
        out: list[tuple[Any, float]] = [
            (STAND, self._stand(boards, hand, tiebreaker)),
            (END_TURN, self._end(boards, hand, tiebreaker, unseen)),
        ]
        seen: set[tuple[Card, int]] = set()
        for action in legal:
            if not isinstance(action, PlaySide) or (hand[action.index], action.value) in seen:
                continue
            seen.add((hand[action.index], action.value))
            value = self._play(boards, hand, tiebreaker, unseen, action.index, action.value)
            if value is not None:
                out.append((action, value))
        return out

    def _settle(self, boards: tuple[Board, ...], hand: tuple[Card, ...], tb: bool) -> float:
        mine, theirs = boards[self.seat].total, boards[self.other].total
        if mine != theirs:
            result = WIN if mine > theirs else LOSE
        elif tb == self.their_tiebreaker:
            result = VOID
        else:
            result = WIN if tb else LOSE
        return self.price(result, hand)

    def _stand(self, boards: tuple[Board, ...], hand: tuple[Card, ...], tb: bool) -> float:
        """Ruling 4: the mover's bust is judged first, then the standing total's."""
        if boards[self.seat].total > TARGET:
            return self.price(LOSE, hand)
        if boards[self.other].total > TARGET:
            return self.price(WIN, hand)
        return self._settle(boards, hand, tb)

    def _end(
        self,
        boards: tuple[Board, ...],
        hand: tuple[Card, ...],
        tb: bool,
        unseen: tuple[int, ...] | None,
    ) -> float:
        """End the turn: bust now, or the next turn's automatic draw."""
        if boards[self.seat].total > TARGET:
            return self.price(LOSE, hand)
        if boards[self.other].total > TARGET:
            return self.price(WIN, hand)
        key = (boards, hand, tb, unseen)
        found = self.memo.get(key)
        if found is not None:
            return found
        total, weight = 0.0, 0
        for rank, count in _draws(unseen):
            rest = None if unseen is None else (*unseen[: rank - 1], count - 1, *unseen[rank:])
            total += count * self._drawn(_with(boards, self.seat, rank), hand, tb, rest)
            weight += count
        value = total / weight if weight else self._stand(boards, hand, tb)
        self.memo[key] = value
        return value

    def _drawn(
        self,
        boards: tuple[Board, ...],
        hand: tuple[Card, ...],
        tb: bool,
        unseen: tuple[int, ...] | None,
    ) -> float:
        """A turn just opened with its draw: a ninth card or 20 ends it, else the bot acts."""
        mine = boards[self.seat]
        if len(mine.cards) >= BOARD_SIZE:
            return self.price(WIN if mine.total <= TARGET else LOSE, hand)
        if mine.total == TARGET:
            return self._stand(boards, hand, tb)
        theirs = boards[self.other].total
        if mine.total < TARGET and (mine.total > theirs or theirs > TARGET):
            return self.price(WIN, hand)  # standing wins with every card kept: nothing beats it
        best = max(self._stand(boards, hand, tb), self._end(boards, hand, tb, unseen))
        tried: set[tuple[Card, int]] = set()
        for index, card in enumerate(hand):
            for value in side_values(card):
                if (card, value) in tried:
                    continue
                tried.add((card, value))
                after = self._play(boards, hand, tb, unseen, index, value)
                if after is not None and after > best:
                    best = after
        return best

    def _play(
        self,
        boards: tuple[Board, ...],
        hand: tuple[Card, ...],
        tb: bool,
        unseen: tuple[int, ...] | None,
        index: int,
        value: int,
    ) -> float | None:
        """Play hand card ``index`` as ``value``, then stand or draw on, whichever is better;
        None when the play leaves the bot bust (never better than keeping the card)."""
        card = hand[index]
        after, _ = play_side(boards, self.seat, card, value)
        rest = hand[:index] + hand[index + 1 :]
        tb = tb or card.kind is Kind.TIEBREAKER
        mine = after[self.seat]
        if mine.total > TARGET:
            return None
        if len(mine.cards) >= BOARD_SIZE:
            return self.price(WIN if mine.total <= TARGET else LOSE, rest)
        if mine.total == TARGET:
            return self._stand(after, rest, tb)
        return max(self._stand(after, rest, tb), self._end(after, rest, tb, unseen))


def _draws(unseen: tuple[int, ...] | None) -> list[tuple[int, int]]:
    """(rank, count) of each main card the next draw may be."""
    if unseen is None:
        return [(rank, 1) for rank in _UNIFORM]
    return [(rank, count) for rank, count in enumerate(unseen, start=1) if count]


def _with(boards: tuple[Board, ...], seat: int, rank: int) -> tuple[Board, ...]:
    board = add_main(boards[seat], rank)
    return (board, boards[1]) if seat == 0 else (boards[0], board)
