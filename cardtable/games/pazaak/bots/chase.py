"""Exact play once the opponent stands: their total is fixed, so the rest of the set is a small
game against the main deck alone, which we solve by expectimax.

The unseen main cards are known in distribution (ruling 1's public count; endless decks draw
1–10 evenly) and the bot's own hand is known, so nothing is sampled. Each draw is weighted by
the counts as they stand at the decision: the two or three cards a chase draws barely shift
them, and forgetting which were drawn lets every order of draws share one position. The move
at hand is played on the real boards; later turns may play every hand card too, a Flip
through the sums of the cards it would turn over on each board (``rollout.flippable_sums``)
and a Double on that turn's draw. Every end is
priced in match equity with the hand left, so a set won now is weighed against a card that
would help in the sets to come.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.bots.rollout import FLIPS, LOSE, VOID, WIN, flippable_sums, lay
from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.shared import BOARD_SIZE, TARGET, Board, play_side

#: the sums each Flip would turn over: the bot's two (2&4, 3&6), then the opponent's two
Flippable = tuple[int, int, int, int]
#: the sums once no Flip is left in the hand, so they no longer tell positions apart
UNTRACKED: Flippable = (0, 0, 0, 0)

#: a set result and the hand left -> the bot's match equity
Pricer = Callable[[int, tuple[Card, ...]], float]


class Chase:
    """The bot (``seat``) draws against a standing opponent; values are match equity."""

    def __init__(
        self, seat: int, their_tiebreaker: bool, unseen: tuple[int, ...] | None, price: Pricer
    ) -> None:
        self.seat, self.other = seat, 1 - seat
        self.their_tiebreaker = their_tiebreaker
        self.draws = _draws(unseen)
        self.price = price
        self.memo: dict[tuple[Any, ...], float] = {}

    def options(
        self, boards: tuple[Board, ...], hand: tuple[Card, ...], tb: bool, legal: tuple[Any, ...]
    ) -> list[tuple[Any, float]]:
        """Each legal move worth weighing with its value; a card play is followed by the better
        of standing and drawing on. Plays that leave the bot bust are left out."""
        mine, theirs = boards[self.seat], boards[self.other].total
        out = [
            (STAND, self._stand(mine.total, theirs, hand, tb)),
            (
                END_TURN,
                self._end(mine.total, len(mine.cards), theirs, hand, tb, self._sums(boards)),
            ),
        ]
        seen: set[tuple[Card, int]] = set()
        for action in legal:
            if not isinstance(action, PlaySide) or (hand[action.index], action.value) in seen:
                continue
            card = hand[action.index]
            seen.add((card, action.value))
            after = play_side(boards, self.seat, card, action.value)[0]
            rest = hand[: action.index] + hand[action.index + 1 :]
            board = after[self.seat]
            if board.total <= TARGET:
                value = self._settled_turn(
                    board.total,
                    len(board.cards),
                    after[self.other].total,
                    rest,
                    tb or card.kind is Kind.TIEBREAKER,
                    self._sums(after),
                )
                out.append((action, value))
        return out

    def _sums(self, boards: tuple[Board, ...]) -> Flippable:
        """What each Flip would turn over on ``boards``, the bot's board first."""
        mine, theirs = (
            flippable_sums([placed.value for placed in boards[seat].cards])
            for seat in (self.seat, self.other)
        )
        return mine[0], mine[1], theirs[0], theirs[1]

    def _result(self, mine: int, theirs: int, tb: bool) -> int:
        if mine != theirs:
            return WIN if mine > theirs else LOSE
        if tb == self.their_tiebreaker:
            return VOID
        return WIN if tb else LOSE

    def _stand(self, mine: int, theirs: int, hand: tuple[Card, ...], tb: bool) -> float:
        """Ruling 4: the mover's bust is judged first, then the standing total's."""
        if mine > TARGET:
            return self.price(LOSE, hand)
        if theirs > TARGET:
            return self.price(WIN, hand)
        return self.price(self._result(mine, theirs, tb), hand)

    def _settled_turn(
        self, mine: int, count: int, theirs: int, hand: tuple[Card, ...], tb: bool, sums: Flippable
    ) -> float:
        """The card for this turn is down: a full board or 20 ends it, else stand or draw on."""
        if count >= BOARD_SIZE:
            return self.price(WIN, hand)
        stand = self._stand(mine, theirs, hand, tb)
        if mine == TARGET:
            return stand
        return max(stand, self._end(mine, count, theirs, hand, tb, sums))

    def _end(
        self, mine: int, count: int, theirs: int, hand: tuple[Card, ...], tb: bool, sums: Flippable
    ) -> float:
        """End the turn: bust now, or the next turn's automatic draw and the best reply."""
        if mine > TARGET:
            return self.price(LOSE, hand)
        if theirs > TARGET:
            return self.price(WIN, hand)
        flips = any(card.kind in FLIPS for card in hand)
        if not flips:
            sums = UNTRACKED  # nothing left to turn them over: one position for every board
        key = (mine, count, theirs, hand, tb, sums)
        found = self.memo.get(key)
        if found is not None:
            return found
        value = 0.0
        for rank, chance in self.draws:
            drawn = _laid(sums, rank) if flips else sums
            value += chance * self._drawn(mine + rank, count + 1, theirs, hand, tb, drawn, rank)
        self.memo[key] = value
        return value

    def _drawn(
        self,
        mine: int,
        count: int,
        theirs: int,
        hand: tuple[Card, ...],
        tb: bool,
        sums: Flippable,
        rank: int,
    ) -> float:
        """A turn just opened with a draw of ``rank``: a ninth card or 20 ends it, else the bot
        acts."""
        if count >= BOARD_SIZE:
            return self.price(WIN if mine <= TARGET else LOSE, hand)
        if mine == TARGET:
            return self._stand(mine, theirs, hand, tb)
        if mine < TARGET and mine > theirs:
            return self.price(WIN, hand)  # standing wins with every card kept: nothing beats it
        best = self._stand(mine, theirs, hand, tb)
        if mine < TARGET:
            best = max(best, self._end(mine, count, theirs, hand, tb, sums))
        tried: set[Card] = set()
        for index, card in enumerate(hand):
            if card in tried:
                continue
            tried.add(card)
            rest = hand[:index] + hand[index + 1 :]
            tb_after = tb or card.kind is Kind.TIEBREAKER
            for landing, against, after_sums in _plays(card, mine, theirs, sums, rank):
                if landing <= TARGET:
                    value = self._settled_turn(
                        landing, count + 1, against, rest, tb_after, after_sums
                    )
                    best = max(best, value)
        return best


def _laid(sums: Flippable, value: int) -> Flippable:
    """``sums`` once the bot lays a card now worth ``value``."""
    mine = [sums[0], sums[1]]
    lay(mine, value)
    return mine[0], mine[1], sums[2], sums[3]


def _plays(
    card: Card, mine: int, theirs: int, sums: Flippable, rank: int
) -> list[tuple[int, int, Flippable]]:
    """What playing ``card`` this turn (drawn ``rank``) can make of (the bot's total, the
    opponent's total, the Flip sums)."""
    if card.kind in VALUED:
        return [(mine + value, theirs, _laid(sums, value)) for value in side_values(card)]
    if card.kind is Kind.DOUBLE:
        return [(mine + rank, theirs, _laid(_laid(sums, -rank), 2 * rank))]
    slot = FLIPS.index(card.kind)
    turned = list(sums)
    turned[slot], turned[slot + 2] = -sums[slot], -sums[slot + 2]
    after = (turned[0], turned[1], turned[2], turned[3])
    return [(mine - 2 * sums[slot], theirs - 2 * sums[slot + 2], after)]


def _draws(unseen: tuple[int, ...] | None) -> list[tuple[int, float]]:
    """(rank, chance) of each main card a draw may be; endless decks draw 1–10 evenly."""
    counts = unseen if unseen is not None and any(unseen) else (1,) * 10
    total = sum(counts)
    return [(rank, count / total) for rank, count in enumerate(counts, start=1) if count]
