"""The hard bot's turn: expectimax over its own draws and hand cards, scored in chips.

A finish is worth its chance of beating the ``Field`` times the pot (the Pazaak Pot too for a
full board); a bust costs the penalty; every hand card kept is worth ``odds.card_worth`` of a
set's stake (scaled by ``Tuning``), so a card spent now is weighed against the sets to come.
Hand cards that add the same values are one kind to the search, so a big hand stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.shared import BOARD_SIZE, RANKS, TARGET, Board
from cardtable.games.pazu.bots.odds import LAST_TO_STAND, Field, card_worth, scarcity, stake
from cardtable.games.pazu.ranking import side_cards
from cardtable.games.pazu.view import PazuView

#: the most kinds of valued hand card the search plays with (the rest are held back)
MAX_KINDS = 4
#: no draw can bust a total this low, so standing on it is never better than one more draw
SAFE = TARGET - max(RANKS)


@dataclass(frozen=True)
class Tuning:
    """The hard bot's knobs, in one place so simulations can compare settings."""

    #: on later turns the search plays a hand card only to mend a bust or land on this or more
    #: (every card this turn is weighed; a tight bound keeps the search small)
    card_floor: int = 18
    #: a hand card kept, in shares of a set's stake per unit of ``odds.KIND_WORTH`` (0: spend
    #: cards freely). Self-play against easy bots tried 1, 3, 6 and 10: 6 won most chips, as a
    #: card that mends a bust saves two antes and keeps the set alive
    card_worth_scale: float = 6.0
    #: the same for bidding: chips paid for a better pick are lost for good, so bid lower
    bid_worth_scale: float = 1.0
    #: how many hand cards the search lays from now to the end of the set, this turn's
    #: included: the hands it weighs are what its time goes on. With no cap (four) a four-seat
    #: game took 6.3 s of CPU, with two 5.4 s, with one 2.6 s (issue #39; two played the very
    #: same games as four on the seeds tried, one held its own against four on the same deals)
    set_cards: int = 1


def draw_odds(view: PazuView) -> tuple[tuple[int, float], ...]:
    """(rank, probability) of the next main card, from the unseen counts (uniform if endless)."""
    weights = view.unseen or (1,) * 10
    total = sum(weights)
    return tuple((rank, n / total) for rank, n in enumerate(weights, start=1) if n)


def _kinds(hand: tuple[Card, ...]) -> list[tuple[tuple[int, ...], Card]]:
    """The valued hand cards the search plays with: one per set of values it can add (the
    most valuable of equals), the ``MAX_KINDS`` most valuable kinds."""
    best: dict[tuple[int, ...], Card] = {}
    for card in hand:
        if card.kind in VALUED:
            values = side_values(card)
            if values not in best or card_worth(card) > card_worth(best[values]):
                best[values] = card
    ranked = sorted(best.items(), key=lambda kind: -card_worth(kind[1]))
    return ranked[:MAX_KINDS]


class TurnSearch:
    """The value of the seat's positions for the rest of one set, memoised per decision.

    ``mask`` has a bit per kind of valued card still held; ``n`` is the cards on the board.
    """

    def __init__(
        self, view: PazuView, board: Board, hand: tuple[Card, ...], field: Field, tuning: Tuning
    ) -> None:
        assert view.seat is not None
        self.field = field
        self.tuning = tuning
        self.odds = draw_odds(view)
        self.pot = view.set_pot
        self.jackpot = view.pazaak_pot
        self.penalty = min(view.chips[view.seat], view.config.bust_penalty * view.ante)
        #: the chips one share of a set's stake comes to
        self.each = each = stake(view) * scarcity(view, len(hand)) * tuning.card_worth_scale
        kinds = _kinds(hand)
        self.kind_of = {values: bit for bit, (values, _) in enumerate(kinds)}
        self.values = [values for values, _ in kinds]
        self.worth = [card_worth(card) * each for _, card in kinds]
        self.tiebreak_bits = sum(
            1 << bit for bit, (_, card) in enumerate(kinds) if card.kind is Kind.TIEBREAKER
        )
        self.full = (1 << len(kinds)) - 1
        self.side = side_cards(board)
        self.tiebreak = any(p.card.kind is Kind.TIEBREAKER for p in board.cards)
        self._draw_memo: dict[tuple[int, int, int], float] = {}
        self._after_draw_memo: dict[tuple[int, int, int], float] = {}
        self._stand_memo: dict[tuple[int, int, int], float] = {}
        self._kept_memo: dict[int, float] = {}

    def bit(self, card: Card) -> int | None:
        """The search's kind bit for ``card``, or None if the search does not play it."""
        return self.kind_of.get(side_values(card)) if card.kind in VALUED else None

    def cost(self, card: Card) -> float:
        """The worth of spending ``card`` when the search does not track it: a Flip, a Double,
        or a kind past ``MAX_KINDS``."""
        return card_worth(card) * self.each

    def kept(self, mask: int) -> float:
        """The worth of the hand card kinds in ``mask``."""
        value = self._kept_memo.get(mask)
        if value is None:
            value = self._kept_memo[mask] = sum(
                w for i, w in enumerate(self.worth) if mask >> i & 1
            )
        return value

    def stand(self, total: int, n: int, mask: int) -> float:
        """Stand on ``total`` (≤ 20) with ``n`` cards and the kinds in ``mask`` still held."""
        key = (total, n, mask)
        value = self._stand_memo.get(key)
        if value is None:
            value = self._stand_memo[key] = self._stand(total, n, mask)
        return value

    def _stand(self, total: int, n: int, mask: int) -> float:
        spent = self.full & ~mask
        full = n >= BOARD_SIZE
        key = (
            int(full),
            total,
            int(self.tiebreak or spent & self.tiebreak_bits != 0),
            n,
            -(self.side + spent.bit_count()),
            LAST_TO_STAND,
        )
        prize = self.pot + (self.jackpot if full else 0)
        return self.field.win_chance(key) * prize + self.kept(mask)

    def bust(self, mask: int) -> float:
        return self.kept(mask) - self.penalty

    def after_card(self, total: int, n: int, mask: int) -> float:
        """The turn's hand card is down: stand, or end the turn (above 20 that is a bust)."""
        if total > TARGET:
            return self.bust(mask)
        if n >= BOARD_SIZE or total == TARGET:
            return self.stand(total, n, mask)
        if total <= SAFE:
            return self.draw_on(total, n, mask)
        return max(self.stand(total, n, mask), self.draw_on(total, n, mask))

    def after_draw(self, total: int, n: int, mask: int) -> float:
        """A turn has drawn to ``total``: a hand card may follow, then stand or end the turn."""
        key = (total, n, mask)
        value = self._after_draw_memo.get(key)
        if value is None:
            value = self._after_draw_memo[key] = self._after_draw(total, n, mask)
        return value

    def _after_draw(self, total: int, n: int, mask: int) -> float:
        if n >= BOARD_SIZE:
            return self.stand(total, n, mask) if total <= TARGET else self.bust(mask)
        if total == TARGET:
            return self.stand(total, n, mask)
        after_card = self.after_card
        best = after_card(total, n, mask)
        if not mask or (self.full & ~mask).bit_count() >= self.tuning.set_cards:
            return best
        # mending a bust may land anywhere; otherwise a card is only worth playing near 20
        floor = -TARGET * BOARD_SIZE if total > TARGET else self.tuning.card_floor
        low, high = floor - total, TARGET - total
        for bit, values in enumerate(self.values):
            if mask >> bit & 1:
                left = mask & ~(1 << bit)
                for value in values:
                    if low <= value <= high:
                        landed = after_card(total + value, n + 1, left)
                        if landed > best:
                            best = landed
        return best

    def draw_on(self, total: int, n: int, mask: int) -> float:
        """End the turn on ``total`` (≤ 20) and draw again next turn."""
        key = (total, n, mask)
        memo = self._draw_memo
        value = memo.get(key)
        if value is None:
            after_memo = self._after_draw_memo
            value = 0.0
            n += 1
            for rank, p in self.odds:
                landed = total + rank
                found = after_memo.get((landed, n, mask))
                if found is None:
                    found = after_memo[landed, n, mask] = self._after_draw(landed, n, mask)
                value += p * found
            memo[key] = value
        return value
