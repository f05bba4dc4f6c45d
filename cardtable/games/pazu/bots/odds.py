"""The hard bot's arithmetic about everyone else: what a hand card is worth in chips, what an
unseen hand card can do, and the chance that the rest of the table fails to beat a finish.

Opponents are modelled simply and cached across decisions: a player still drawing keeps drawing
(uniform main cards) until they reach what they must beat (18 at least), playing a hand card that
lands exactly on 20 or mends a bust; each of their unseen hand cards is taken to be any card of
a typical side deck not yet played (their own is hidden). Ties between finishes are settled by
card counts, as ruling 6 does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from cardtable.games.pazaak.cards import VALUED, Card, Kind, deck_named, side_values
from cardtable.games.pazaak.shared import BOARD_SIZE, RANKS, TARGET, Board
from cardtable.games.pazu.ranking import finish_key
from cardtable.games.pazu.state import Status
from cardtable.games.pazu.view import PazuView

#: the side deck another player is taken to have brought, as nobody sees theirs
TYPICAL_DECK = deck_named("balanced").cards

#: a hand card's worth by kind, relative to one another (duals mend and finish best); the bot's
#: ``Tuning`` turns them into shares of a set's stake
KIND_WORTH = {
    Kind.DUAL: 0.10,
    Kind.VARIABLE: 0.09,
    Kind.TIEBREAKER: 0.08,
    Kind.MINUS: 0.07,
    Kind.PLUS: 0.045,
    Kind.FLIP_2_4: 0.04,
    Kind.FLIP_3_6: 0.04,
    Kind.DOUBLE: 0.03,
}
#: ±7…±10 overshoot more often than they fit
BIG_CARD_DISCOUNT = 0.7
#: a second card that adds the same values as one in hand
REPEAT_DISCOUNT = 0.5
#: opponents' unseen cards beyond this many change little; capping keeps the cache small
MAX_MODELLED_CARDS = 4
#: the least a player still drawing is taken to aim for before standing
AIM = 18
#: a stand decided after everyone now standing (so it loses every full tie)
LAST_TO_STAND = -(10**6)


def card_worth(card: Card) -> float:
    """What ``card`` in hand is worth, relative to other cards (see ``KIND_WORTH``)."""
    worth = KIND_WORTH[card.kind]
    return worth * BIG_CARD_DISCOUNT if card.amount > 6 else worth


def worth_to_hand(card: Card, hand: tuple[Card, ...]) -> float:
    """``card_worth`` for a card joining ``hand``: half as much if the hand already holds a card
    that does the same, as the two mend and finish the same totals."""
    alike = any(other.kind is card.kind and _adds(other) == _adds(card) for other in hand)
    return card_worth(card) * (REPEAT_DISCOUNT if alike else 1.0)


def stake(view: PazuView) -> float:
    """The chips a typical set is played for: this set's pot, or an average ante's worth."""
    players = sum(view.seated)
    ante = view.ante or (view.config.ante_min + view.config.ante_max) / 2
    return max(view.set_pot, ante * players)


def scarcity(view: PazuView, hand_size: int) -> float:
    """A hand larger than the sets left to play it in is worth less a card."""
    if view.config.max_sets is None:
        return 1.0
    sets_left = view.config.max_sets - view.set_number + 1
    return min(1.0, sets_left / max(1, hand_size))


class HandGuess:
    """What a player's hand can add, as another seat sees it: the values each card bought at
    auction can add (everyone saw it taken), and the unseen cards, each taken to be any card of
    their side deck not yet played.

    Guesses are interned (``guess_hand`` returns the same object for the same hand) and hash by
    identity, so the cached odds below look them up without hashing their contents.
    """

    __slots__ = ("known", "pool", "unseen")

    def __init__(
        self, known: tuple[tuple[int, ...], ...], pool: tuple[tuple[int, ...], ...], unseen: int
    ) -> None:
        self.known = known
        self.pool = pool
        self.unseen = unseen


@lru_cache(maxsize=4096)
def _interned(
    known: tuple[tuple[int, ...], ...], pool: tuple[tuple[int, ...], ...], unseen: int
) -> HandGuess:
    return HandGuess(known, pool, unseen)


def guess_hand(view: PazuView, seat: int) -> HandGuess:
    """``seat``'s hand as ``view`` sees it (Flip and Double add no value of their own). Their
    side deck is hidden (ruling 9), so the unseen cards are guessed from a typical one."""
    unplayed = Counter(TYPICAL_DECK) - Counter(view.spent[seat])
    unseen = view.hand_counts[seat] - len(view.bought[seat])
    return _interned(
        tuple(sorted(_adds(card) for card in view.bought[seat])),
        tuple(sorted(_adds(card) for card in unplayed.elements())),
        min(unseen, MAX_MODELLED_CARDS),
    )


def _adds(card: Card) -> tuple[int, ...]:
    return side_values(card) if card.kind in VALUED else ()


@cache
def rescue(guess: HandGuess, low: int, high: int) -> float:
    """The chance the hand holds a card that can add some value in ``low..high``."""
    if low > high:
        return 0.0
    miss = 1.0
    for values in guess.known:
        if any(low <= v <= high for v in values):
            return 1.0
    if guess.pool and guess.unseen:
        hits = sum(1 for values in guess.pool if any(low <= v <= high for v in values))
        miss = (1.0 - hits / len(guess.pool)) ** guess.unseen
    return 1.0 - miss


@lru_cache(maxsize=1 << 14)
def finishes(
    total: int, count: int, guess: HandGuess, aim: int
) -> tuple[tuple[int, int, float], ...]:
    """How a player drawing on ``total`` with ``count`` cards down may finish: (total, cards,
    chance) for each finish at 20 or less (the rest is busts).

    They draw (uniform main cards) until they reach ``aim`` or more; a hand card that lands
    exactly on 20 is played at once, and a bust is mended with one when one fits.
    """
    out: dict[tuple[int, int], float] = {}
    drawing = {total: 1.0}
    for cards in range(count + 1, BOARD_SIZE + 1):
        drawing = _draw_round(drawing, cards, guess, aim, out)
    return tuple((t, c, p) for (t, c), p in sorted(out.items()))


def _draw_round(
    drawing: dict[int, float],
    cards: int,
    guess: HandGuess,
    aim: int,
    out: dict[tuple[int, int], float],
) -> dict[int, float]:
    """One more draw for every total still short of ``aim``: finishes go to ``out``, and the
    totals still drawing (now with ``cards`` down) are returned."""
    still: dict[int, float] = {}
    for total, chance in drawing.items():
        p = chance / len(RANKS)
        for landed in range(total + 1, total + len(RANKS) + 1):
            if cards >= BOARD_SIZE or aim <= landed <= TARGET:
                if landed <= TARGET:
                    out[landed, cards] = out.get((landed, cards), 0.0) + p
                continue
            exact = rescue(guess, TARGET - landed, TARGET - landed)
            out[TARGET, cards + 1] = out.get((TARGET, cards + 1), 0.0) + p * exact
            if landed > TARGET:
                mend = rescue(guess, aim - landed, TARGET - 1 - landed) * (1.0 - exact)
                key = (max(aim, TARGET - 1), cards + 1)
                out[key] = out.get(key, 0.0) + p * mend
            else:
                still[landed] = still.get(landed, 0.0) + p * (1.0 - exact)
    return still


class Field:
    """The rest of the set as one seat sees it: the standing players' finishes, and for each
    player still drawing their total, cards down and hand. Answers are kept for the decision."""

    __slots__ = ("stood", "drawing", "best_stood", "_chances")

    def __init__(
        self,
        stood: tuple[tuple[int, ...], ...],
        drawing: tuple[tuple[int, int, HandGuess], ...],
        best_stood: int,
    ) -> None:
        self.stood = stood
        self.drawing = drawing
        #: the best total standing now: players still drawing aim above it (and for 18 at least)
        self.best_stood = best_stood
        self._chances: dict[tuple[int, ...], float] = {}

    def win_chance(self, key: tuple[int, ...]) -> float:
        """The chance a stand with ``finish_key`` ``key`` wins the set."""
        if any(theirs > key for theirs in self.stood):
            return 0.0
        short = (key[0], key[1], key[3])
        chance = self._chances.get(short)
        if chance is None:
            chance = self._chances[short] = self._outlast(*short)
        return chance

    def _outlast(self, full: int, total: int, mine: int) -> float:
        """The chance nobody still drawing beats a stand on ``total`` with ``mine`` cards."""
        aim = min(max(AIM, self.best_stood + 1, total), TARGET)
        chance = 1.0
        for theirs, count, guess in self.drawing:
            beaten = 0.0
            for their_total, cards, p in finishes(theirs, count, guess, aim):
                if cards >= BOARD_SIZE and not full:
                    beaten += p
                elif their_total > total or (their_total == total and cards > mine):
                    beaten += p
                elif their_total == total and cards == mine:
                    beaten += p / 2
            chance *= 1.0 - beaten
        return chance


def field_of(view: PazuView, boards: Sequence[Board]) -> Field:
    """Everyone but the viewer still in the set, on ``boards`` (the table now, or after a
    Flip); a standing player above 20 is about to bust and is left out."""
    stood, drawing = [], []
    best = 0
    for other, board in enumerate(boards):
        status = view.status[other]
        if other == view.seat:
            continue
        if status is Status.STOOD and board.total <= TARGET:
            stood.append(finish_key(board, view.stood_at[other]))
            best = max(best, board.total)
        elif status is Status.ACTIVE:
            drawing.append((board.total, len(board.cards), guess_hand(view, other)))
    return Field(tuple(stood), tuple(drawing), best)
