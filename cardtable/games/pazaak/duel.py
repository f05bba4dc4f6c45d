"""Search while both players still draw: an expectimax over the rest of the set.

The bot's own later turns are chosen by search (stand, draw on, or a card, a Double included);
the opponent's are played by a model of a sound player: a card to make 20 or to save a bust,
stand on 18, and once the bot stands, draw until ahead, with a card if one lands ahead. Their
hand is unseen: whether they hold the card the model wants is a chance, read off hands dealt
from the decks that fit the cards they have played (``TheirCards``). Draws are weighed by the
unseen counts, as in ``chase``, which takes over exactly once the opponent stands. Every end is
priced in match equity with both hands left, so a card spent now is weighed against the sets to
come. The bot's hand is a bit mask over its cards, so positions hash fast.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.board import BOARD_SIZE, TARGET
from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.chase import draw_chances
from cardtable.games.pazaak.flow import shuffle_front
from cardtable.games.pazaak.policy import boards_after
from cardtable.games.pazaak.rollout import LOSE, VOID, WIN, hand_sources
from cardtable.games.pazaak.state import PazaakView

if TYPE_CHECKING:
    from cardtable.games.pazaak.expert import Expert

#: board counts from which a full board (ruling 5) is close enough to key positions by count
_NEAR_FULL = 5
#: a set result, the bot's hand left and the opponent's count of cards -> the bot's match equity
Pricer = Callable[[int, tuple[Card, ...], int], float]
#: one guess at the opponent's hand: each card's values (none for Flip and Double), Tiebreaker
Guess = list[tuple[tuple[int, ...], bool]]
#: what the opponent's card does: (landing, or None for no card; a Tiebreaker; chance)
Outcome = tuple[int | None, bool, float]


@dataclass(frozen=True)
class Model:
    """How the opponent is played: they stand on ``stand_on`` while the bot draws, and chase a
    standing bot with a hand card only from ``chase_from`` up (lower, they would rather draw:
    what the medium bot does)."""

    stand_on: int = 18
    chase_from: int = 15


class TheirCards:
    """The chance the opponent holds a card landing in a range, from guesses at their hand.

    A hand of ``n`` cards is taken as the first ``n`` of each guess (guesses are shuffled), so
    the chances stay consistent as their hand shrinks."""

    def __init__(self, guesses: list[Guess]) -> None:
        self.guesses = guesses
        self.cache: dict[tuple[int, int, int, int], tuple[Outcome, ...]] = {}

    def pick(self, total: int, low: int, high: int, cards: int) -> tuple[Outcome, ...]:
        """Outcomes of playing the card that lands highest in [``low``, ``high``]."""
        key = (total, low, high, cards)
        found = self.cache.get(key)
        if found is None:
            tally: dict[tuple[int | None, bool], float] = {}
            share = 1 / len(self.guesses) if self.guesses else 1.0
            for guess in self.guesses or [[]]:
                best: tuple[int | None, bool] = (None, False)
                for values, tb in guess[:cards]:
                    for value in values:
                        landing = total + value
                        if low <= landing <= high and (best[0] is None or landing > best[0]):
                            best = (landing, tb)
                tally[best] = tally.get(best, 0.0) + share
            found = self.cache[key] = tuple((land, tb, p) for (land, tb), p in tally.items())
        return found


class Duel:
    """The bot against a drawing opponent; values are the bot's match equity.

    Positions are flat arguments: the bot's total, board count, hand mask and Tiebreaker
    (``mt, mc, mm, mtb``), then the opponent's total, board count, hand size and Tiebreaker
    (``tt, tc, tn, ttb``)."""

    def __init__(
        self,
        draws: list[tuple[int, float]],
        hand: tuple[Card, ...],
        price: Pricer,
        theirs: TheirCards,
        model: Model,
    ) -> None:
        self.draws, self.price, self.theirs = draws, price, theirs
        self.stand_on, self.chase_from = model.stand_on, model.chase_from
        masks = range(1 << len(hand))
        self.hands = [tuple(c for i, c in enumerate(hand) if m >> i & 1) for m in masks]
        self.plays = [_plays(hand, m) for m in masks]
        self.prices: dict[tuple[int, int, int], float] = {}
        self.memo: dict[tuple[int, ...], float] = {}
        self.odds: dict[tuple[int, ...], dict[tuple[int, int], float]] = {}

    def value(self, result: int, mm: int, tn: int) -> float:
        key = (result, mm, tn)
        found = self.prices.get(key)
        if found is None:
            found = self.prices[key] = self.price(result, self.hands[mm], tn)
        return found

    # -- the bot's turns -------------------------------------------------------------------

    def my_draw(self, mt: int, mc: int, mm: int, mtb: bool, tt: int, tc: int, tn: int, ttb: bool):
        """The bot's turn opens with its draw; the opponent still draws."""
        key = (0, mt, _far(mc), mm, mtb, tt, _far(tc), tn, ttb)
        found = self.memo.get(key)
        if found is None:
            found = 0.0
            for rank, chance in self.draws:
                found += chance * self.my_move(mt + rank, mc + 1, rank, mm, mtb, tt, tc, tn, ttb)
            self.memo[key] = found
        return found

    def my_move(self, mt, mc, rank, mm, mtb, tt, tc, tn, ttb) -> float:
        """The bot has drawn ``rank``: a ninth card or 20 ends its turn, else it picks the best."""
        if mc >= BOARD_SIZE:
            return self.value(WIN if mt <= TARGET else LOSE, mm, tn)
        if mt == TARGET:
            return self.stood(mt, mm, mtb, tt, tc, tn, ttb)
        if mt < TARGET:
            best = self.card_down(mt, mc, mm, mtb, tt, tc, tn, ttb)
        else:
            best = self.value(LOSE, mm, tn)
        for value, rest, tb, double in self.plays[mm]:
            landing = mt + (rank if double else value)
            if landing <= TARGET:
                after = self.card_down(landing, mc + 1, rest, mtb or tb, tt, tc, tn, ttb)
                best = max(best, after)
        return best

    def card_down(self, mt, mc, mm, mtb, tt, tc, tn, ttb) -> float:
        """The bot's card for the turn is down: a full board wins, 20 stands, else the better
        of standing and ending the turn."""
        if mc >= BOARD_SIZE:
            return self.value(WIN, mm, tn)
        stand = self.stood(mt, mm, mtb, tt, tc, tn, ttb)
        if mt == TARGET:
            return stand
        return max(stand, self.their_draw(mt, mc, mm, mtb, tt, tc, tn, ttb))

    # -- the opponent's turns while the bot still draws ------------------------------------

    def their_draw(self, mt, mc, mm, mtb, tt, tc, tn, ttb) -> float:
        """The opponent's turn while the bot still draws, played by the model."""
        key = (1, mt, _far(mc), mm, mtb, tt, _far(tc), tn, ttb)
        found = self.memo.get(key)
        if found is None:
            found = 0.0
            for rank, chance in self.draws:
                total, count = tt + rank, tc + 1
                if count >= BOARD_SIZE or total == TARGET:
                    found += chance * self._their_end(mt, mc, mm, mtb, total, count, tn, ttb)
                    continue
                low = 0 if total > TARGET else TARGET
                for landing, tb, p in self.theirs.pick(total, low, TARGET, tn):
                    if landing is None:
                        end = self._their_end(mt, mc, mm, mtb, total, count, tn, ttb)
                    else:
                        end = self._their_end(
                            mt, mc, mm, mtb, landing, count + 1, tn - 1, ttb or tb
                        )
                    found += chance * p * end
            self.memo[key] = found
        return found

    def _their_end(self, mt, mc, mm, mtb, tt, tc, tn, ttb) -> float:
        if tc >= BOARD_SIZE or tt > TARGET:
            return self.value(LOSE if tt <= TARGET else WIN, mm, tn)
        if tt >= self.stand_on:
            return self.chase(mt, mc, mm, mtb, tt, tn, ttb)
        return self.my_draw(mt, mc, mm, mtb, tt, tc, tn, ttb)

    # -- the bot stands: the opponent chases its total -------------------------------------

    def stood(self, mt, mm, mtb, tt, tc, tn, ttb) -> float:
        """The bot stands on ``mt``; the opponent draws until ahead, level on 18+, or bust."""
        key = (2, mt, mm, mtb, tt, _far(tc), tn, ttb)
        found = self.memo.get(key)
        if found is None:
            value = self.value
            odds = self._odds(mt, mtb, tt, tc, tn, ttb)
            found = self.memo[key] = sum(p * value(r, mm, n) for (r, n), p in odds.items())
        return found

    def _odds(self, mt, mtb, tt, tc, tn, ttb) -> dict[tuple[int, int], float]:
        """The chances of each (result, their cards left) once they chase a standing ``mt``:
        the bot's hand plays no part, so every hand it might stand with shares them."""
        key = (mt, mtb, tt, _far(tc), tn, ttb)
        found = self.odds.get(key)
        if found is not None:
            return found
        found = {}
        for rank, chance in self.draws:
            total, count = tt + rank, tc + 1
            if count >= BOARD_SIZE or total == TARGET:
                outcomes: tuple[Outcome, ...] = ((None, False, 1.0),)
            elif total > TARGET:
                outcomes = self.theirs.pick(total, 0, TARGET, tn)
            elif total < self.chase_from:
                outcomes = ((None, False, 1.0),)
            elif total < mt or (total == mt and total < self.stand_on):
                outcomes = self.theirs.pick(total, mt + 1, TARGET, tn)
            else:
                outcomes = ((None, False, 1.0),)
            for landing, tb, p in outcomes:
                if landing is None:
                    after = self._caught(mt, mtb, total, count, tn, ttb)
                else:
                    after = self._caught(mt, mtb, landing, count + 1, tn - 1, ttb or tb)
                for end, q in after.items():
                    found[end] = found.get(end, 0.0) + chance * p * q
        self.odds[key] = found
        return found

    def _caught(self, mt, mtb, tt, tc, tn, ttb) -> dict[tuple[int, int], float]:
        if tc >= BOARD_SIZE or tt > TARGET:
            return {(LOSE if tt <= TARGET else WIN, tn): 1.0}
        if tt > mt:
            return {(LOSE, tn): 1.0}
        if tt == mt and (tt >= self.stand_on or tt == TARGET):
            return {(VOID if ttb == mtb else (WIN if mtb else LOSE), tn): 1.0}
        return self._odds(mt, mtb, tt, tc, tn, ttb)

    # -- the opponent stands: the bot chases (``chase``'s rules, on a hand mask) ------------

    def chase(self, mt, mc, mm, mtb, tt, tn, ttb) -> float:
        """The opponent stands on ``tt``; the bot's turn opens with its draw."""
        key = (3, mt, _far(mc), mm, mtb, tt, tn, ttb)
        found = self.memo.get(key)
        if found is None:
            found = 0.0
            for rank, chance in self.draws:
                found += chance * self._chasing(mt + rank, mc + 1, rank, mm, mtb, tt, tn, ttb)
            self.memo[key] = found
        return found

    def _chasing(self, mt, mc, rank, mm, mtb, tt, tn, ttb) -> float:
        if mc >= BOARD_SIZE:
            return self.value(WIN if mt <= TARGET else LOSE, mm, tn)
        if mt < TARGET and mt > tt:
            return self.value(WIN, mm, tn)  # standing wins with every card kept
        best = self.settle(mt, mm, mtb, tt, tn, ttb)
        if mt == TARGET:
            return best
        if mt < TARGET:
            best = max(best, self.chase(mt, mc, mm, mtb, tt, tn, ttb))
        for value, rest, tb, double in self.plays[mm]:
            landing = mt + (rank if double else value)
            if landing <= TARGET:
                best = max(best, self.chased(landing, mc + 1, rest, mtb or tb, tt, tn, ttb))
        return best

    def chased(self, mt, mc, mm, mtb, tt, tn, ttb) -> float:
        """The bot's card is down against a standing total: the better of standing and drawing."""
        if mc >= BOARD_SIZE:
            return self.value(WIN, mm, tn)
        stand = self.settle(mt, mm, mtb, tt, tn, ttb)
        if mt == TARGET:
            return stand
        return max(stand, self.chase(mt, mc, mm, mtb, tt, tn, ttb))

    def settle(self, mt, mm, mtb, tt, tn, ttb) -> float:
        """Both stand: the higher total, else a lone Tiebreaker, else a void."""
        if mt > TARGET:
            return self.value(LOSE, mm, tn)
        if mt != tt:
            return self.value(WIN if mt > tt else LOSE, mm, tn)
        return self.value(VOID if mtb == ttb else (WIN if mtb else LOSE), mm, tn)


def _far(count: int) -> int:
    """A board count as positions are keyed: below ``_NEAR_FULL`` a ninth card is too far off
    to tell counts apart, and sharing those positions more than halves the search."""
    return count if count >= _NEAR_FULL else 0


def _plays(hand: tuple[Card, ...], mask: int) -> list[tuple[int, int, bool, bool]]:
    """The bot's later-turn plays from a hand mask: (value, mask left, Tiebreaker, Double);
    a Double adds the card just drawn. Flips are kept for later sets."""
    out: list[tuple[int, int, bool, bool]] = []
    tried: set[tuple[Card, int]] = set()
    for index, card in enumerate(hand):
        if not mask >> index & 1:
            continue
        if card.kind in VALUED:
            values, double = side_values(card), False
        elif card.kind is Kind.DOUBLE:
            values, double = (0,), True
        else:
            continue
        for value in values:
            if (card, value) not in tried:
                tried.add((card, value))
                out.append((value, mask & ~(1 << index), card.kind is Kind.TIEBREAKER, double))
    return out


def duel_options(
    view: PazaakView, legal: tuple[Any, ...], price: Pricer, expert: Expert, rng: random.Random
) -> list[tuple[Any, float]]:
    """Each sensible move with its value; plays that leave the bot bust are left out. At
    ``always_draw`` or less, unless a card makes 20, the draw
    comes back alone and unpriced: standing there or playing toward 20 never pays."""
    assert view.seat is not None and view.hand is not None
    seat, other = view.seat, 1 - view.seat
    mine, theirs = view.boards[seat], view.boards[other]
    if mine.total <= expert.always_draw and not any(_strikes(view, a) for a in legal):
        return [(END_TURN, 0.0)]
    hand, tn, ttb = view.hand, view.hand_counts[other], view.tiebreakers[other]
    guesses = _guesses(view.used[other], tn, expert.guesses, rng)
    duel = Duel(draw_chances(view.unseen), hand, price, TheirCards(guesses), expert.model)
    full, mtb = (1 << len(hand)) - 1, view.tiebreakers[seat]
    mt, mc, tt, tc = mine.total, len(mine.cards), theirs.total, len(theirs.cards)
    out: list[tuple[Any, float]]
    if mt > TARGET:
        out = [(END_TURN, duel.value(LOSE, full, tn))]
    else:
        out = [
            (STAND, duel.stood(mt, full, mtb, tt, tc, tn, ttb)),
            (END_TURN, duel.their_draw(mt, mc, full, mtb, tt, tc, tn, ttb)),
        ]
    seen: set[tuple[Card, int]] = set()
    for play in legal:
        if not isinstance(play, PlaySide) or (hand[play.index], play.value) in seen:
            continue
        card = hand[play.index]
        seen.add((card, play.value))
        after = boards_after(view, play)
        board, landed = after[seat], after[other].total
        if board.total > TARGET:
            continue
        rest, tb = full & ~(1 << play.index), mtb or card.kind is Kind.TIEBREAKER
        count = len(board.cards)
        if landed == TARGET:  # a Flip brought them to 20: they stand
            value = duel.chased(board.total, count, rest, tb, landed, tn, ttb)
        else:
            value = duel.card_down(board.total, count, rest, tb, landed, tc, tn, ttb)
        out.append((play, value))
    return out


def _strikes(view: PazaakView, action: Any) -> bool:
    """Whether a play lands the bot on 20 (a Double or a Flip can from low down): the only
    plays worth a search while the bot is too low to stand."""
    if not isinstance(action, PlaySide):
        return False
    assert view.seat is not None
    return boards_after(view, action)[view.seat].total == TARGET


def _guesses(used: tuple[Card, ...], count: int, n: int, rng: random.Random) -> list[Guess]:
    """``n`` shuffled guesses at the opponent's hand, dealt from the decks that fit ``used``."""
    sources = [[(values, tb) for values, tb, _ in source] for source in hand_sources(used)]
    return [
        shuffle_front(sources[int(rng.random() * len(sources))], count, rng.random)[:count]
        for _ in range(n)
    ]
