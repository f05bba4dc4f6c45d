"""Play-outs that stop at the first stand and take the exact value of the chase after it.

A casual play-out plays the chaser on by rule of thumb: it lays a hand card only to make 20, so
a player on 16 with a +2 draws against a standing 17 where any careful player would lay it and
win. The chase against a standing total is a small game against the deck, which
``leaf.LeafChase`` solves (and remembers across decisions); from the first stand on, a play-out
takes that value for whichever player still draws.

Measured (issue 39), hard with these play-outs (``policy:cardtable.games.pazaak.bots.hard:chased``)
against hard as it is: over 1,000 mirrored pairs it won 50.8% (50%–52%; hard 49.1%, 48%–50%;
seed 39501), so it is not shown stronger, and it is slower: over 100 matches with Gold decks
its decisions took 7.0 ms at the median, 352 ms at p99 and 692 ms at most in CPU time, where
hard's took 4.4, 54 and 318 ms (``tests/games/pazaak/bench.py``, seed 39601), past the 250 ms
p99 a move may take. A cold chase (a hand not met before) costs most: the leaf solves every
total for it. Screening on tuning seeds: 50.5% (48%–53%) of 200 pairs; decomposed over 20
matches it differed from hard 26 times, gaining 0.007 ± 0.021 of match equity each, the gain
from keeping a card hard lays on below 16 (0.061 ± 0.041, 6 times). So it stays a policy seat.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.games.pazaak.bots.leaf import LeafChase, Pricer, number
from cardtable.games.pazaak.bots.rollout import Held, PlayOut, Tuning
from cardtable.games.pazaak.cards import Card


class ChasedPlayOut(PlayOut):
    """A ``PlayOut`` whose chases are solved, not played."""

    def __init__(self, tuning: Tuning, sets: tuple[int, int]) -> None:
        super().__init__(tuning, sets)
        # the worth table and the set score name the pricing: positions solved under it are
        # shared by every decision that prices alike
        self.pricing = (tuple(sorted((k.value, w) for k, w in tuning.worth.items())), sets)
        self.leaves: dict[tuple[object, ...], LeafChase] = {}

    def chased(
        self,
        chaser: int,
        totals: list[int],
        tiebreakers: list[bool],
        hands: list[list[Held]],
        kept_worth: float,
    ) -> float:
        """The bot's equity once ``chaser`` alone draws on against the other's standing total."""
        hand = number(tuple(held[4] for held in hands[chaser]))
        stander_tb = tiebreakers[1 - chaser]
        if chaser == 0:
            their_cards = len(hands[1])
            leaf = self._leaf(
                (0, stander_tb, kept_worth, their_cards),
                lambda: self._bot_price(kept_worth, their_cards),
                self._card_worth,
            )
            return leaf.next_draw(totals[0], totals[1], hand, tiebreakers[0])
        mine = kept_worth + sum(held[2] for held in hands[0])
        leaf = self._leaf((1, stander_tb, mine), lambda: self._their_price(mine), _one_card)
        return 1.0 - leaf.next_draw(totals[1], totals[0], hand, tiebreakers[1])

    def _leaf(
        self, key: tuple[object, ...], price: Callable[[], Pricer], worth: Callable[[Card], float]
    ) -> LeafChase:
        """The chase solved under ``key`` (its second part: the stander's Tiebreaker), made
        the first time it is met."""
        leaf = self.leaves.get(key)
        if leaf is None:
            pricing = ("playout", self.pricing, key)
            leaf = self.leaves[key] = LeafChase(bool(key[1]), pricing, price(), worth)
        return leaf

    def _bot_price(self, kept_worth: float, their_cards: int) -> Pricer:
        """The bot chasing: its equity from the result and its hand's worth."""
        return lambda result, worth: self.equity(result, kept_worth + worth, their_cards)

    def _their_price(self, mine: float) -> Pricer:
        """The opponent chasing: its equity (one less the bot's) from the result and the cards
        it keeps, counted as the bot counts an unseen hand."""
        return lambda result, cards: 1.0 - self.equity(-result, mine, round(cards))

    def _card_worth(self, card: Card) -> float:
        return self.tuning.worth[card.kind]


def _one_card(card: Card) -> float:
    """The opponent's hand is priced in cards."""
    return 1.0
