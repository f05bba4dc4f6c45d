"""What the search bot believes about the opponent's hidden hand, from what it saw them do.

A hand is dealt from each ready-made deck that holds every card its owner has played (as the
play-outs deal them), then weighed by how likely the opponent's turns this set were with it: a
player who ended a turn short of 20 without laying a card that makes exactly 20 probably did
not hold one. Worlds are drawn from these weighted hands, so a hand the play so far argues
against is searched less often, never ruled out.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate

from cardtable.games.pazaak.bots.rollout import hand_decks
from cardtable.games.pazaak.cards import VALUED, Card, Kind, side_values
from cardtable.games.pazaak.flow import shuffle_front
from cardtable.games.pazaak.shared import TARGET, Board

#: the chance a player passes up a hand card that makes exactly 20 on a turn it ends short
PASSES_UP_20 = 0.25


def turn_totals(board: Board) -> list[tuple[int, bool]]:
    """The opponent's turns this set: the total each turn ended on (values as they lie now) and
    whether a hand card was laid in it. A turn opens with its main card."""
    turns: list[tuple[int, bool]] = []
    total = 0
    for placed in board.cards:
        total += placed.value
        if placed.card.kind is Kind.MAIN:
            turns.append((total, False))
        elif turns:
            turns[-1] = (total, True)
    return turns


def likelihood(hand: tuple[Card, ...], turns: list[tuple[int, bool]]) -> float:
    """How likely ``turns`` (all ended short of 20, no card laid) were with ``hand`` held."""
    weight = 1.0
    for total, laid in turns:
        if laid or total >= TARGET:
            continue
        if any(
            total + value == TARGET
            for card in hand
            if card.kind in VALUED
            for value in side_values(card)
        ):
            weight *= PASSES_UP_20
    return weight


class Belief:
    """Weighted guesses at the opponent's hand; ``draw`` picks one in proportion to its weight."""

    def __init__(
        self,
        used: tuple[Card, ...],
        cards: int,
        board: Board,
        standing: bool,
        guesses: int,
        rng: random.Random,
    ) -> None:
        sources = hand_decks(used)
        # the last turn of a standing player ended in a stand, not a pass: it says less
        turns = turn_totals(board)
        if standing and turns:
            turns = turns[:-1]
        rand = rng.random
        self.hands: list[tuple[Card, ...]] = []
        weights: list[float] = []
        for _ in range(guesses):
            source = sources[int(rand() * len(sources))]
            hand = tuple(shuffle_front(source, cards, rand)[:cards])
            self.hands.append(hand)
            weights.append(likelihood(hand, turns))
        self.cumulative = list(accumulate(weights))

    def draw(self, rng: random.Random) -> tuple[Card, ...]:
        """One hand, in proportion to its weight."""
        point = rng.random() * self.cumulative[-1]
        return self.hands[min(bisect(self.cumulative, point), len(self.hands) - 1)]
