"""The hard bot's sampling search: play the rest of a set out many times, score it in match equity.

Each sample fixes what the bot cannot see: the order of the main cards left (from the unseen
counts) and the opponent's hand, dealt from a ready-made deck that fits the cards they have
played. Every candidate move is played out against the same samples (common random numbers, so
their differences are not noise), both players then following the casual greedy policy. Where a
set ends, ``equity.match_equity`` of the new score with the hands left decides, so a hand card
spent now is weighed against the sets still to come. With ``Tuning.specials`` the players in a
play-out use their Flip and Double cards too (the hard bot); without, those cards lie idle in
the hand (the medium bot, as it always played).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from cardtable.games.pazaak.bots.equity import match_equity
from cardtable.games.pazaak.cards import FLIP_TARGETS, READY_DECKS, VALUED, Card, Kind, side_values
from cardtable.games.pazaak.flow import shuffle_front
from cardtable.games.pazaak.shared import BOARD_SIZE, TARGET

WIN, VOID, LOSE = 1, 0, -1
#: a hand card in a play-out: the values it can add, whether it is a Tiebreaker, its worth, for a
#: Flip or Double its kind (None for a card that adds its value), and the card itself
Held = tuple[tuple[int, ...], bool, float, Kind | None, Card]
#: the Flips in the order of ``Spot.flippable``'s two sums
FLIPS = (Kind.FLIP_2_4, Kind.FLIP_3_6)
#: a card value -> which of those sums it counts in
_FLIP_SLOT = {
    sign * target: slot
    for slot, kind in enumerate(FLIPS)
    for target in FLIP_TARGETS[kind]
    for sign in (1, -1)
}
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
    #: whether play-out players use Flip and Double cards (casually: to make 20 or undo a bust)
    specials: bool = False
    #: in a play-out, (the bot, the opponent) stand on this while the other still draws
    stand_on: tuple[int, int] = (18, 18)
    #: whether a play-out ends once either player stands, at the exact value of the chase
    #: that follows (``chased.ChasedPlayOut``), rather than playing the chaser casually on
    chase_ends: bool = False
    #: at or below this total the bot never stands while the opponent still draws
    always_draw: int = 11
    #: while both draw, a +/- card is only searched if it lands on this or more
    card_floor: int = 14


def held(card: Card, worth: float = 0.0) -> Held:
    """A hand card as a play-out uses it; a Flip or Double adds no fixed value, it acts."""
    if card.kind in VALUED:
        return side_values(card), card.kind is Kind.TIEBREAKER, worth, None, card
    return (), False, worth, card.kind, card


def lay(flippable: list[int], value: int) -> None:
    """Count a card now worth ``value`` on a board towards what each Flip would turn over."""
    slot = _FLIP_SLOT.get(value)
    if slot is not None:
        flippable[slot] += value


def flippable_sums(values: list[int]) -> list[int]:
    """A board's cards (their values now) as the two sums ``Spot.flippable`` keeps."""
    sums = [0, 0]
    for value in values:
        lay(sums, value)
    return sums


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
    #: each board's sum of the cards Flip 2&4 and Flip 3&6 would turn over (``flippable_sums``)
    flippable: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])


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
    """``hand_decks`` as the play-outs hold their cards."""
    return [[held(card) for card in deck] for deck in hand_decks(used)]


def hand_decks(used: tuple[Card, ...]) -> list[list[Card]]:
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
    return [list(rest.elements()) for rest in fits]


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
        flippable = [spot.flippable[0][:], spot.flippable[1][:]]
        specials = self.tuning.specials
        p, draw = spot.mover, 0
        while True:
            q = 1 - p
            if standing[q] and not standing[p]:
                chased = self.chased(p, totals, tiebreakers, hands, spot.kept_worth)
                if chased is not None:
                    return chased
            rank = guess.draws[draw]
            draw += 1
            total = totals[p] + rank
            if specials:  # the Flip sums matter only to a play-out that plays Flips
                lay(flippable[p], rank)
            count = counts[p] + 1
            if count < BOARD_SIZE and total != TARGET:
                pick = _card(total, rank, hands[p], flippable[p] if specials else None)
                if pick is not None:
                    total, index, value = pick
                    _, tiebreaker, _, acts, _ = hands[p].pop(index)
                    tiebreakers[p] = tiebreakers[p] or tiebreaker
                    if specials:
                        totals[q] += _act(acts, value, rank, flippable, p)
                    count += 1
            totals[p], counts[p] = total, count
            if count >= BOARD_SIZE or total > TARGET:
                result = WIN if (total <= TARGET) == (p == 0) else LOSE
                break
            if standing[q] and totals[q] > TARGET:  # a Flip turned their minus cards over
                result = WIN if p == 0 else LOSE
                break
            standing[p] = total == TARGET or self._stands(p, total, totals[q], standing[q])
            if not standing[q]:
                p = q
            elif standing[p]:
                result = settle(totals, tiebreakers)
                break
        worth = spot.kept_worth + sum(card[2] for card in hands[0])
        return self.equity(result, worth, len(hands[1]))

    def chased(
        self,
        chaser: int,
        totals: list[int],
        tiebreakers: list[bool],
        hands: list[list[Held]],
        kept_worth: float,
    ) -> float | None:
        """The bot's equity once ``chaser`` alone draws on, or None to play the chase out."""
        return None

    def _stands(self, p: int, total: int, other: int, other_stands: bool) -> bool:
        """The casual rule: 18 or more, or ahead of (or level on 18+ with) a standing total."""
        stand_on = self.tuning.stand_on[p]
        if other_stands:
            return total > other or (total == other and total >= stand_on)
        return total >= stand_on


def _card(
    total: int, rank: int, hand: list[Held], flippable: list[int] | None
) -> tuple[int, int, int] | None:
    """The hand card a play-out plays, casually: the first that makes exactly 20, else the one
    that undoes a bust keeping the most; returns (new total, hand index, value played). Flips
    and Doubles are tried only given the mover's ``flippable`` sums (``Tuning.specials``)."""
    best = None
    for index, (values, _, _, acts, _) in enumerate(hand):
        if acts is not None:
            if flippable is None:
                continue
            if acts is Kind.DOUBLE:
                values = (rank,)  # it doubles this turn's draw
            else:
                values = (-2 * flippable[FLIPS.index(acts)],)
        for value in values:
            landing = total + value
            if landing == TARGET:
                return landing, index, value
            if total > TARGET and landing <= TARGET and (best is None or landing > best[0]):
                best = (landing, index, value)
    return best


def _act(acts: Kind | None, value: int, rank: int, flippable: list[list[int]], p: int) -> int:
    """Keep the Flip sums true once player ``p`` plays a card adding ``value`` to their own
    total; returns what it adds to the other player's total (a Flip turns their cards too)."""
    mine, theirs = flippable[p], flippable[1 - p]
    if acts is None:
        lay(mine, value)
        return 0
    if acts is Kind.DOUBLE:
        lay(mine, -rank)
        lay(mine, 2 * rank)
        return 0
    index = FLIPS.index(acts)
    change = -2 * theirs[index]
    mine[index], theirs[index] = -mine[index], -theirs[index]
    return change


def settle(totals: list[int], tiebreakers: list[bool]) -> int:
    """The bot's result when both stand: the higher total, else a lone Tiebreaker, else void."""
    mine, theirs = totals
    if mine != theirs:
        return WIN if mine > theirs else LOSE
    if tiebreakers[0] == tiebreakers[1]:
        return VOID
    return WIN if tiebreakers[0] else LOSE
