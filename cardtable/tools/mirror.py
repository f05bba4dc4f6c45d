"""Mirrored matches for ``cardtable sim --mirror``: each seed played twice, the two bots swapping
chairs, and intervals taken over the pairs.

Both games of a pair deal the same cards, so the luck of the deal falls on each bot once: what
is left of the difference between the two games of a pair is the bots' play. The pairs are
independent of one another, so a 95% interval over them (a normal interval of the mean of the
pair results) is honest and, with the deal's luck cancelled, narrower for the same games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardtable.core.protocol import Outcome
from cardtable.tools.stats import mean_interval

#: the bots of a mirrored run sit in two chairs
MIRROR_SEATS = 2


def swapped(outcome: Outcome) -> Outcome:
    """A mirrored game's outcome with its seats put back in the bots' order."""
    return Outcome(
        winners=tuple(1 - seat for seat in outcome.winners),
        scores=tuple(reversed(outcome.scores)),
        stats={
            key: tuple(reversed(value)) if isinstance(value, tuple) else value
            for key, value in outcome.stats.items()
        },
    )


@dataclass
class PairTally:
    """Per bot, running sums (and sums of squares) of each pair's result: the share of the
    pair's two games it won outright, and its mean score over them."""

    pairs: int = 0
    wins: list[float] = field(default_factory=lambda: [0.0] * MIRROR_SEATS)
    win_squares: list[float] = field(default_factory=lambda: [0.0] * MIRROR_SEATS)
    scores: list[float] = field(default_factory=lambda: [0.0] * MIRROR_SEATS)
    score_squares: list[float] = field(default_factory=lambda: [0.0] * MIRROR_SEATS)

    def add(self, first: Outcome, second: Outcome) -> None:
        """One pair, both outcomes already in the bots' order (``swapped`` for the second)."""
        self.pairs += 1
        for bot in range(MIRROR_SEATS):
            won = sum(o.winners == (bot,) for o in (first, second)) / 2
            score = (first.scores[bot] + second.scores[bot]) / 2
            self.wins[bot] += won
            self.win_squares[bot] += won * won
            self.scores[bot] += score
            self.score_squares[bot] += score * score

    def merge(self, others: Iterable[PairTally]) -> None:
        for other in others:
            self.pairs += other.pairs
            for mine, theirs in (
                (self.wins, other.wins),
                (self.win_squares, other.win_squares),
                (self.scores, other.scores),
                (self.score_squares, other.score_squares),
            ):
                for bot in range(MIRROR_SEATS):
                    mine[bot] += theirs[bot]

    def win_intervals(self) -> list[tuple[float, float]]:
        """Each bot's 95% interval of its win rate, over pairs (all of 0–1 below two pairs)."""
        if self.pairs < 2:
            return [(0.0, 1.0)] * MIRROR_SEATS
        return self._intervals(self.wins, self.win_squares)

    def score_intervals(self) -> list[tuple[float, float]] | None:
        """Each bot's 95% interval of its mean score, over pairs (none below two pairs)."""
        if self.pairs < 2:
            return None
        return self._intervals(self.scores, self.score_squares)

    def _intervals(self, sums: list[float], squares: list[float]) -> list[tuple[float, float]]:
        return [mean_interval(s, q, self.pairs) for s, q in zip(sums, squares, strict=True)]
