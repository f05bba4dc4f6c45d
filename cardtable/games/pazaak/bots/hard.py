"""Pazaak's ``hard`` bot: exact once the opponent stands, a wider sampled search while both draw.

Against a standing total the rest of the set is a game against the main deck alone, solved
exactly by ``chase``; while the opponent still draws, every sensible move is played out against
sampled futures (``moves``). In both, the players use their Flip and Double cards on later
turns too, which the medium bot's play-outs leave idle: with Gold decks that alone took hard
from 50.9% to 53.8% of 2,000 matches against medium and from 67.4% to 69.6% against easy
(issue #16, seed 1). Both price the end of the set in match equity, so a hand card is spent
only when the set it wins is worth more than what the card would do later in the match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.bots import Advice, percent
from cardtable.games.pazaak.bots.chase import Chase
from cardtable.games.pazaak.bots.equity import match_equity
from cardtable.games.pazaak.bots.moves import overrule, sampled_values
from cardtable.games.pazaak.bots.policy import wary_choice
from cardtable.games.pazaak.bots.rollout import LOSE, WIN, Tuning
from cardtable.games.pazaak.cards import Card
from cardtable.games.pazaak.describe import move_clause, move_name
from cardtable.games.pazaak.view import PazaakView


@dataclass(frozen=True)
class Expert:
    """The hard bot's knobs: the sampled search's tuning and its margin over the casual move."""

    tuning: Tuning = field(default_factory=lambda: Tuning(samples=256, margin=0.01, specials=True))


class HardBot:
    """Plays the move of best match equity; the reason quotes the values it compared."""

    level = "hard"

    def __init__(self, expert: Expert | None = None) -> None:
        self.expert = expert or Expert()

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return self.advise(observation, legal, rng).action

    def advise(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Advice:
        view = observation
        assert view.seat is not None and view.hand is not None
        other = 1 - view.seat
        if view.standing[other]:
            chase = Chase(view.seat, view.tiebreakers[other], view.unseen, self._pricer(view))
            valued = chase.options(view.boards, view.hand, view.tiebreakers[view.seat], legal)
            best = max(valued, key=lambda move: move[1])[0]
            situation = f"they stand on {view.totals[other]}"
        else:
            tuning = self.expert.tuning
            valued = sampled_values(view, legal, tuning, rng)
            if len(valued) == 1:
                return Advice(
                    valued[0][0], f"{move_name(valued[0][0], view.hand)}: nothing else helps"
                )
            best = overrule(wary_choice(view, legal), valued, tuning.margin)
            situation = drawing(view, other)
        return Advice(best, explain(best, valued, view.hand, situation))

    def _pricer(self, view: PazaakView) -> Any:
        """Match equity of a set result with the hand left, for ``Chase``."""
        assert view.seat is not None
        other = 1 - view.seat
        mine, theirs = view.sets_won[view.seat], view.sets_won[other]
        worth = self.expert.tuning.worth
        their_hand = view.hand_counts[other] * self.expert.tuning.unknown_worth
        cache: dict[tuple[int, tuple[Card, ...]], float] = {}

        def price(result: int, hand: tuple[Card, ...]) -> float:
            key = (result, hand)
            found = cache.get(key)
            if found is None:
                found = cache[key] = match_equity(
                    mine + (result == WIN),
                    theirs + (result == LOSE),
                    sum(worth[card.kind] for card in hand),
                    their_hand,
                )
            return found

        return price


def drawing(view: PazaakView, other: int) -> str:
    """Where the opponent who has not stood is: on a total, or not yet started this set."""
    if not view.boards[other].cards:
        return "they have yet to draw"
    return f"they are still drawing on {view.totals[other]}"


def explain(best: Any, valued: list[tuple[Any, float]], hand: tuple[Card, ...], why: str) -> str:
    """One line: the move, the situation, and the match chances it compared (best first)."""
    ranked = sorted(valued, key=lambda move: -move[1])
    mine = next(value for action, value in valued if action == best)
    name = move_name(best, hand)
    # a second copy of the same card is the same move in words: compare with a different one
    rivals = [(a, v) for a, v in ranked if move_name(a, hand) != name][:1]
    line = f"{name}: {why}; you win the match {percent(mine)} this way"
    for action, value in rivals:
        line += f", {percent(value)} if you {move_clause(action, hand)}"
    return line


#: hard with its play-outs ending at the first stand in the exact chase (issue 39's candidate)
CHASED = Expert(Tuning(samples=256, margin=0.01, specials=True, chase_ends=True))
_CHASED = HardBot(CHASED)


def chased(observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The hard bot with its play-outs ending at the first stand in the exact chase
    (``chased.ChasedPlayOut``), as a ``policy:`` seat for ``cardtable sim`` (issue 39)."""
    return _CHASED.choose(observation, legal, rng)
