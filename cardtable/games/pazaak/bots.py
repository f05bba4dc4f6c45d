"""Pazaak's computer players: ``easy`` plays like a casual human, ``hard`` checks every casual
move by a sampling search (see ``rollout``). Both read only their observation and the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.core.bots import Bot
from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.board import BOARD_SIZE, TARGET, Board, play_side
from cardtable.games.pazaak.cards import VALUED, Card, Kind
from cardtable.games.pazaak.rollout import (
    LOSE,
    WIN,
    PlayOut,
    Spot,
    Tuning,
    held,
    samples,
    settle,
)
from cardtable.games.pazaak.state import PazaakView

#: the casual player stands on this total or more
CASUAL_STANDS_ON = 18
#: a move's end when nothing is left to chance: the bot's result and the worth of its hand
Settled = tuple[int, float]


def boards_after(view: PazaakView, play: PlaySide) -> tuple[Board, ...]:
    """The boards once the viewer has played ``play`` (flips reach every board)."""
    assert view.seat is not None and view.hand is not None
    card = view.hand[play.index]
    return play_side(view.boards, view.seat, card, play.value)[0]


def card_to_20_or_save(view: PazaakView, legal: tuple[Any, ...]) -> Any | None:
    """The hand card a casual player cannot resist: the first that makes exactly 20, else (over
    20) the save that keeps the highest total; None when neither exists."""
    seat = view.seat
    assert seat is not None
    landings = [(boards_after(view, a)[seat].total, a) for a in legal if isinstance(a, PlaySide)]
    for landing, action in landings:
        if landing == TARGET:
            return action
    if view.totals[seat] > TARGET:
        saves = [(landing, action) for landing, action in landings if landing <= TARGET]
        # max keeps the first of equals
        return max(saves, key=lambda save: save[0])[1] if saves else None
    return None


def casual_choice(view: PazaakView, legal: tuple[Any, ...]) -> Any:
    """The easy level, exactly as issue #2 defines it: stand on 18+, play a hand card only to
    make exactly 20 or to save a bust. It ignores the other board, so it stands on 18 even
    against a standing 19: that blind spot is what a casual player has and the hard bot uses."""
    seat = view.seat
    assert seat is not None
    card = card_to_20_or_save(view, legal)
    if card is not None:
        return card
    total = view.totals[seat]
    return STAND if CASUAL_STANDS_ON <= total <= TARGET else END_TURN


def wary_choice(view: PazaakView, legal: tuple[Any, ...]) -> Any:
    """The casual move with one look across the table: against a standing opponent, stand as
    soon as it is ahead (or level on 18+) and draw on while behind, never standing on a sure
    loss. The hard bot's baseline."""
    seat = view.seat
    assert seat is not None
    card = card_to_20_or_save(view, legal)
    if card is not None:
        return card
    total, theirs = view.totals[seat], view.totals[1 - seat]
    if total > TARGET:
        return END_TURN
    if view.standing[1 - seat] and theirs <= TARGET:
        stands = total > theirs or (total == theirs and total >= CASUAL_STANDS_ON)
    else:
        stands = total >= CASUAL_STANDS_ON
    return STAND if stands else END_TURN


class EasyBot:
    """Plays ``casual_choice``: it needs no search and no randomness."""

    level = "easy"

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return casual_choice(observation, legal)


class HardBot:
    """The casual move, overruled whenever a sampling search finds one clearly better.

    Every sensible move is played out against the same sampled futures (see ``rollout``) and
    priced in match equity, hand cards kept included; the casual move stands unless another beats
    it by ``Tuning.margin``, so sampling noise alone never changes a sound move. Deterministic
    for a given rng: the rng draws the samples, and equal values go to the earlier move.
    """

    level = "hard"

    def __init__(self, tuning: Tuning | None = None) -> None:
        self.tuning = tuning or Tuning()

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        seat = observation.seat
        assert seat is not None
        moves = _Moves(observation, self.tuning).worth_searching(legal)
        if len(moves) == 1:
            return moves[0][0]
        other = 1 - seat
        their_cards = observation.hand_counts[other]
        playout = PlayOut(self.tuning, (observation.sets_won[seat], observation.sets_won[other]))
        guesses = samples(
            observation.unseen, their_cards, observation.used[other], self.tuning.samples, rng
        )
        values = [
            playout.mean(end, guesses)
            if isinstance(end, Spot)
            else playout.equity(end[0], end[1], their_cards)
            for _, end in moves
        ]
        best = values.index(max(values))
        casual = wary_choice(observation, legal)
        casual_value = max(
            (v for (a, _), v in zip(moves, values, strict=True) if a == casual), default=None
        )
        if casual_value is not None and values[best] < casual_value + self.tuning.margin:
            return casual
        return moves[best][0]


class _Moves:
    """The hard bot's candidate moves from one observation, each with where it leaves the set."""

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
        worth = self.tuning.worth
        valued = [
            held(self.hand[i], worth[self.hand[i].kind])
            for i in hand
            if self.hand[i].kind in VALUED
        ]
        kept = sum(worth[self.hand[i].kind] for i in hand if self.hand[i].kind not in VALUED)
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
        return Spot(
            totals=totals,
            counts=[len(mine.cards), len(theirs.cards)],
            standing=[stands, waiting],
            tiebreakers=tiebreakers,
            hand=valued,
            kept_worth=kept,
            mover=0 if waiting else 1,
        )


BOTS: dict[str, Callable[[], Bot]] = {"easy": EasyBot, "hard": HardBot}
