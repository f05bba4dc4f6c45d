"""The moves a Pazaak search bot weighs and their sampled values: each sensible move is played
out against the same sampled futures (see ``rollout``) and priced in match equity.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.bots.chased import ChasedPlayOut
from cardtable.games.pazaak.bots.policy import boards_after
from cardtable.games.pazaak.bots.rollout import (
    LOSE,
    WIN,
    PlayOut,
    Spot,
    Tuning,
    flippable_sums,
    held,
    samples,
    settle,
)
from cardtable.games.pazaak.cards import VALUED, Card, Kind
from cardtable.games.pazaak.shared import BOARD_SIZE, TARGET, Board
from cardtable.games.pazaak.view import PazaakView

#: a move's end when nothing is left to chance: the bot's result and the worth of its hand
Settled = tuple[int, float]


def sampled_values(
    view: PazaakView, legal: tuple[Any, ...], tuning: Tuning, rng: random.Random
) -> list[tuple[Any, float]]:
    """Each move worth searching with its mean match equity over ``tuning.samples`` futures;
    a single move (a sure win, a plain early draw) comes back unpriced, valued 0."""
    assert view.seat is not None
    moves = Candidates(view, tuning).worth_searching(legal)
    if len(moves) == 1:
        return [(moves[0][0], 0.0)]
    other = 1 - view.seat
    their_cards = view.hand_counts[other]
    sets = (view.sets_won[view.seat], view.sets_won[other])
    playout = (ChasedPlayOut if tuning.chase_ends else PlayOut)(tuning, sets)
    guesses = samples(view.unseen, their_cards, view.used[other], tuning.samples, rng)
    return [
        (
            action,
            playout.mean(end, guesses)
            if isinstance(end, Spot)
            else playout.equity(end[0], end[1], their_cards),
        )
        for action, end in moves
    ]


def overrule(casual: Any, valued: list[tuple[Any, float]], margin: float) -> Any:
    """The best-valued move, unless the casual move is within ``margin`` of it."""
    values = [value for _, value in valued]
    best = values.index(max(values))
    casual_value = max((v for a, v in valued if a == casual), default=None)
    if casual_value is not None and values[best] < casual_value + margin:
        return casual
    return valued[best][0]


class Candidates:
    """A search bot's candidate moves from one observation, each with where it leaves the set."""

    def __init__(self, view: PazaakView, tuning: Tuning) -> None:
        assert view.seat is not None and view.hand is not None
        self.view, self.tuning = view, tuning
        self.seat, self.other = view.seat, 1 - view.seat
        self.hand: tuple[Card, ...] = view.hand

    def worth_searching(self, legal: tuple[Any, ...]) -> list[tuple[Any, Spot | Settled]]:
        """Moves worth searching; a sure win or a plain early draw short-cuts the search."""
        view = self.view
        mine, theirs = view.totals[self.seat], view.totals[self.other]
        waiting = view.standing[self.other]
        if mine <= TARGET and waiting and (mine > theirs or theirs > TARGET):
            return [(STAND, (WIN, 0.0))]
        plays = self._plays([a for a in legal if isinstance(a, PlaySide)], mine, theirs, waiting)
        hand = list(range(len(self.hand)))
        moves: list[tuple[Any, Spot | Settled]] = [
            (END_TURN, self._end(view.boards, hand, stands=False))
        ]
        if mine > TARGET:
            return moves + plays
        if waiting or mine > self.tuning.always_draw:
            moves.insert(0, (STAND, self._end(view.boards, hand, stands=True)))
        return moves + plays

    def _plays(
        self, plays: list[PlaySide], mine: int, theirs: int, waiting: bool
    ) -> list[tuple[Any, Spot | Settled]]:
        """Hand-card moves that can matter: saves, landings worth standing on, and specials."""
        floor = theirs if waiting else self.tuning.card_floor
        seen: set[tuple[Card, int]] = set()
        out: list[tuple[Any, Spot | Settled]] = []
        for play in plays:
            card = self.hand[play.index]
            if (card, play.value) in seen:
                continue
            seen.add((card, play.value))
            boards = boards_after(self.view, play)
            landing = boards[self.seat].total
            if landing > TARGET or (card.kind in VALUED and mine <= TARGET and landing < floor):
                continue
            hand = [i for i in range(len(self.hand)) if i != play.index]
            tiebreaker = card.kind is Kind.TIEBREAKER
            out.append((play, self._end(boards, hand, stands=True, tiebreaker=tiebreaker)))
            if landing < TARGET and len(boards[self.seat].cards) < BOARD_SIZE:
                out.append((play, self._end(boards, hand, stands=False, tiebreaker=tiebreaker)))
        return out

    def _end(
        self, boards: tuple[Board, ...], hand: list[int], stands: bool, tiebreaker: bool = False
    ) -> Spot | Settled:
        """Where the turn ends: settled, or a ``Spot`` for the next draw (ruling 4's bust test)."""
        worth, playable = self.tuning.worth, self._playable
        valued = [held(self.hand[i], worth[self.hand[i].kind]) for i in hand if playable(i)]
        kept = sum(worth[self.hand[i].kind] for i in hand if not playable(i))
        mine, theirs = boards[self.seat], boards[self.other]
        total_worth = kept + sum(card[2] for card in valued)
        if len(mine.cards) >= BOARD_SIZE or mine.total > TARGET:
            return (WIN if mine.total <= TARGET else LOSE), total_worth
        waiting = self.view.standing[self.other] or theirs.total == TARGET
        if waiting and theirs.total > TARGET:
            return WIN, total_worth
        stands = stands or mine.total == TARGET
        tiebreakers = [
            self.view.tiebreakers[self.seat] or tiebreaker,
            self.view.tiebreakers[self.other],
        ]
        totals = [mine.total, theirs.total]
        if stands and waiting:
            return settle(totals, tiebreakers), total_worth
        flippable = (
            [flippable_sums([c.value for c in b.cards]) for b in (mine, theirs)]
            if self.tuning.specials
            else [[0, 0], [0, 0]]
        )
        return Spot(
            totals=totals,
            counts=[len(mine.cards), len(theirs.cards)],
            standing=[stands, waiting],
            tiebreakers=tiebreakers,
            hand=valued,
            kept_worth=kept,
            mover=0 if waiting else 1,
            flippable=flippable,
        )

    def _playable(self, index: int) -> bool:
        """Whether the play-outs may play hand card ``index`` (Flip and Double only given
        ``Tuning.specials``)."""
        return self.tuning.specials or self.hand[index].kind in VALUED
