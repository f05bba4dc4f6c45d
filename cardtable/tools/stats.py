"""Summaries of many simulated games: win counts, intervals and averaged per-game figures."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardtable.core.protocol import Outcome


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate; behaves well near 0 and 1."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return ((centre - spread) / scale, (centre + spread) / scale)


def mean_interval(total: float, squares: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The normal 95% interval of a mean of ``n`` (at least 2) values from their sum and squares."""
    mean = total / n
    spread = z * math.sqrt(max(squares - n * mean * mean, 0.0) / (n - 1) / n)
    return (mean - spread, mean + spread)


@dataclass
class Tally:
    """Running totals over finished games; ``merge`` combines the tallies of worker processes."""

    seats: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    shared: int = 0
    score_sums: list[float] = field(default_factory=list)
    stat_sums: dict[str, float | list[float]] = field(default_factory=dict)
    #: sums of squares of the single-number stats, for their intervals
    stat_squares: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats
        self.score_sums = self.score_sums or [0.0] * self.seats

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        if len(outcome.winners) == 1:
            self.wins[outcome.winners[0]] += 1
        elif outcome.winners:
            self.shared += 1
        for seat, score in enumerate(outcome.scores):
            self.score_sums[seat] += score
        for key, value in outcome.stats.items():
            self._add_stat(key, value)

    def _add_stat(self, key: str, value: float | tuple[float, ...]) -> None:
        if isinstance(value, tuple):
            sums = self.stat_sums.setdefault(key, [0.0] * len(value))
            assert isinstance(sums, list)
            for i, v in enumerate(value):
                sums[i] += v
        else:
            total = self.stat_sums.get(key, 0.0)
            assert isinstance(total, float | int)
            self.stat_sums[key] = total + value
            self.stat_squares[key] = self.stat_squares.get(key, 0.0) + value * value

    def merge(self, others: Iterable[Tally]) -> None:
        for other in others:
            self.games += other.games
            self.shared += other.shared
            self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
            self.score_sums = [
                a + b for a, b in zip(self.score_sums, other.score_sums, strict=True)
            ]
            for key, value in other.stat_sums.items():
                if isinstance(value, list):
                    self._add_stat(key, tuple(value))
                else:
                    mine = self.stat_sums.get(key, 0.0)
                    assert isinstance(mine, float | int)
                    self.stat_sums[key] = mine + value
                    squares = other.stat_squares.get(key, 0.0)
                    self.stat_squares[key] = self.stat_squares.get(key, 0.0) + squares

    def means(self) -> dict[str, float | list[float]]:
        """``mean_<stat>`` for every per-game figure the games reported."""
        n = max(self.games, 1)
        out: dict[str, float | list[float]] = {}
        for key, value in sorted(self.stat_sums.items()):
            if isinstance(value, list):
                out[f"mean_{key}"] = [round(v / n, 3) for v in value]
            else:
                out[f"mean_{key}"] = round(value / n, 3)
        return out

    def intervals(self, z: float = 1.96) -> dict[str, list[float]]:
        """``ci95_<stat>``: the 95% interval of each single-number stat's mean (normal, n > 1)."""
        n = self.games
        out: dict[str, list[float]] = {}
        for key, squares in sorted(self.stat_squares.items()):
            total = self.stat_sums[key]
            assert isinstance(total, float | int)
            if n < 2:
                continue
            lo, hi = mean_interval(total, squares, n, z)
            out[f"ci95_{key}"] = [round(lo, 3), round(hi, 3)]
        return out
