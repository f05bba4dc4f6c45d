"""Pazu-Pazaak's computer players. ``easy`` bids and plays like a casual human; ``hard`` bids
what a card is worth to its hand and plays each turn by expectimax in chips (``search``).

Both read only their observation and choose among the legal actions they are given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.core.bots import Advice, Bot
from cardtable.core.rng import randbelow
from cardtable.games.pazaak.cards import VALUED, Card, side_values
from cardtable.games.pazaak.shared import TARGET, Board, play_side
from cardtable.games.pazu.actions import END_TURN, STAND, STAY, EndTurn, PlaySide, Stand
from cardtable.games.pazu.bots.odds import field_of, scarcity, stake, worth_to_hand
from cardtable.games.pazu.bots.reasons import (
    ante_reason,
    bid_reason,
    move_words,
    pick_reason,
    turn_reason,
)
from cardtable.games.pazu.bots.search import SAFE, Tuning, TurnSearch
from cardtable.games.pazu.state import Phase, Status
from cardtable.games.pazu.view import PazuView

EASY_STANDS_ON = 18
#: the most an easy bot bids
EASY_BID_LIMIT = 6


def boards_after(view: PazuView, action: PlaySide) -> tuple[Board, ...]:
    """The boards once the viewer has played ``action`` (a Flip reaches every board)."""
    assert view.seat is not None and view.hand is not None
    return play_side(view.boards, view.seat, view.hand[action.index], action.value)[0]


def reserve(view: PazuView) -> int:
    """Chips to keep back from bids: a top ante and a bust at it."""
    return view.config.ante_max * (1 + view.config.bust_penalty)


class EasyBot:
    """A casual player: bids a few chips, takes the most flexible card, names a random ante;
    plays a hand card only for exactly 20 or to mend a bust, stands on 18+ unless behind."""

    level = "easy"

    def choose(self, observation: PazuView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        view = observation
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            spare = max(0, len(legal) - 1 - reserve(view))
            return legal[min(randbelow(rng, EASY_BID_LIMIT + 1), spare)]
        if view.phase is Phase.PICK:
            return max(legal, key=lambda pick: len(side_values(pick.card)))
        if view.phase is Phase.ANTE:
            return legal[randbelow(rng, len(legal))]
        if view.phase is Phase.TURN:
            return self._turn(view, legal)
        return STAY

    def _turn(self, view: PazuView, legal: tuple[Any, ...]) -> Any:
        seat = view.seat
        assert seat is not None
        total = view.totals[seat]
        landings = [
            (boards_after(view, action)[seat].total, action)
            for action in legal
            if isinstance(action, PlaySide)
        ]
        for landing, action in landings:
            if landing == TARGET:
                return action
        if total > TARGET:
            saves = [(landing, action) for landing, action in landings if landing <= TARGET]
            return max(saves, key=lambda save: save[0])[1] if saves else END_TURN
        others = [
            view.totals[s]
            for s, status in enumerate(view.status)
            if s != seat and status is Status.STOOD and view.totals[s] <= TARGET
        ]
        if others and total <= max(others):
            return END_TURN
        alone = all(
            s == seat or status is not Status.ACTIVE for s, status in enumerate(view.status)
        )
        if alone and others:
            return STAND
        return STAND if total >= EASY_STANDS_ON else END_TURN


class HardBot:
    """Bids for the pick a card is worth, picks the card worth most to its hand, sets a high ante
    when its hand is at least as deep as the table's, and plays the turn of highest expected
    chips. Deterministic without using ``rng``: equal values go to the earlier legal action."""

    level = "hard"

    def __init__(self, tuning: Tuning | None = None) -> None:
        self.tuning = tuning or Tuning()

    def choose(self, observation: PazuView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        view = observation
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            return legal[_bid(view, len(legal) - 1, self.tuning.bid_worth_scale)]
        if view.phase is Phase.PICK:
            hand = view.hand or ()
            return max(legal, key=lambda pick: worth_to_hand(pick.card, hand))
        if view.phase is Phase.ANTE:
            return legal[-1] if _deep_hand(view) else legal[0]
        if view.phase is Phase.TURN:
            return self._turn(view, legal)
        return STAY

    def _turn(self, view: PazuView, legal: tuple[Any, ...]) -> Any:
        return self._turn_values(view, legal)[0]

    def _turn_values(self, view: PazuView, legal: tuple[Any, ...]) -> tuple[Any, list[float]]:
        """The turn's move and, for every legal move, the chips it is expected to bring from
        this set (none when the move is plain). The search also counts the hand cards kept at
        their worth to later sets; the hand held now is taken off, so a figure is the pots
        won, less any bust penalty and the later worth of the hand cards played."""
        assert view.seat is not None and view.hand is not None
        if self._plainly_draws(view, legal):
            return END_TURN, []
        search = self._search(view, view.boards, view.hand)
        values = [self._value(view, search, action) for action in legal]
        held = search.kept(search.full)
        return legal[values.index(max(values))], [value - held for value in values]

    def advise(self, observation: PazuView, legal: tuple[Any, ...], rng: random.Random) -> Advice:
        """``choose``'s move with a reason from the same numbers (the viewer's cards only)."""
        view = observation
        action = self.choose(view, legal, rng)
        if len(legal) == 1:
            return Advice(action, f"{move_words(view, action)}: the only move there is")
        if view.phase is Phase.TURN:
            _, values = self._turn_values(view, legal)
            return Advice(action, turn_reason(view, legal, action, values))
        if view.phase is Phase.PICK:
            return Advice(action, pick_reason(view, action.card))
        if view.phase is Phase.ANTE:
            return Advice(action, ante_reason(action.amount, _deep_hand(view)))
        if view.phase is Phase.BID:
            ceiling = max(0, len(legal) - 1 - reserve(view))  # as ``_bid`` reckons it
            return Advice(action, bid_reason(view, action.amount, ceiling))
        return Advice(action, f"{move_words(view, action)}: stay at the table for the next pots")

    def _plainly_draws(self, view: PazuView, legal: tuple[Any, ...]) -> bool:
        """On a total no draw can bust, with no hand card worth weighing (one that lands near
        20, or a Flip or Double), drawing on is plainly best: no need to search."""
        assert view.seat is not None and view.hand is not None
        total = view.totals[view.seat]
        if total > SAFE:
            return False
        for action in legal:
            if isinstance(action, PlaySide):
                card = view.hand[action.index]
                if card.kind not in VALUED or total + action.value >= self.tuning.card_floor:
                    return False
        return True

    def _value(self, view: PazuView, search: TurnSearch, action: Any) -> float:
        seat = view.seat
        assert seat is not None and view.hand is not None
        board = view.boards[seat]
        total, n, held = board.total, len(board.cards), search.full
        if type(action) is Stand:
            return search.stand(total, n, held) if total <= TARGET else search.bust(held)
        if type(action) is EndTurn:
            return search.draw_on(total, n, held) if total <= TARGET else search.bust(held)
        card = view.hand[action.index]
        bit = search.bit(card)
        if bit is not None:
            return search.after_card(total + action.value, n + 1, held & ~(1 << bit))
        if card.kind in VALUED:  # a kind the search leaves out: it adds its value, no more
            return search.after_card(total + action.value, n + 1, held) - search.cost(card)
        # a Flip or Double changes other cards, maybe other boards: search the new table
        boards = boards_after(view, action)
        hand = view.hand[: action.index] + view.hand[action.index + 1 :]
        after = self._search(view, boards, hand)
        mine = boards[seat]
        return after.after_card(mine.total, len(mine.cards), after.full) - search.cost(card)

    def _search(
        self, view: PazuView, boards: tuple[Board, ...], hand: tuple[Card, ...]
    ) -> TurnSearch:
        assert view.seat is not None
        field = field_of(view, boards)
        return TurnSearch(view, boards[view.seat], hand, field, self.tuning)


def _deep_hand(view: PazuView) -> bool:
    """Whether the viewer holds at least as many hand cards as the average player at the table."""
    assert view.seat is not None
    others = [n for s, n in enumerate(view.hand_counts) if s != view.seat and view.seated[s]]
    return not others or view.hand_counts[view.seat] * len(others) >= sum(others)


def _bid(view: PazuView, chips: int, scale: float) -> int:
    """The bid of best expected gain: the card its pick place is likely to get, less the bid.

    Bids already made are known; each bidder still to come is taken to outbid ``b`` with a
    chance falling from one half at 0 to nothing at twice the spread of the cards' worth.
    """
    assert view.seat is not None and view.hand is not None
    if not view.revealed:
        return 0  # every shared card is held: the bid buys only the first turn
    each = stake(view) * scarcity(view, len(view.hand) + 1) * scale
    worths = sorted((worth_to_hand(card, view.hand) * each for card in view.revealed), reverse=True)
    made = [b for s, b in enumerate(view.bids) if b is not None and s != view.seat]
    later = len(view.queue) - 1
    spread = worths[0] - worths[-1]
    ceiling = max(0, chips - reserve(view))
    candidates = sorted({0, *(b + 1 for b in made), round(spread / 2)})
    best, best_gain = 0, float("-inf")
    for bid in (b for b in candidates if b <= ceiling):
        outbid = 0.5 * max(0.0, 1 - bid / (2 * spread)) if spread else 0.5
        ahead = sum(1 for b in made if b >= bid) + later * outbid
        gain = _place_worth(worths, ahead) - bid
        if gain > best_gain:
            best, best_gain = bid, gain
    return best


def _place_worth(worths: list[float], ahead: float) -> float:
    """The worth of the card left after ``ahead`` (maybe fractional) players picked the best."""
    low = min(int(ahead), len(worths) - 1)
    high = min(low + 1, len(worths) - 1)
    part = ahead - int(ahead)
    return worths[low] * (1 - part) + worths[high] * part


BOTS: dict[str, Callable[[], Bot]] = {"easy": EasyBot, "hard": HardBot}
