"""The simulator's averages and their intervals, merged across worker processes."""

from __future__ import annotations

import math

from cardtable.core.protocol import Outcome
from cardtable.tools.stats import Tally


def outcome(rounds: float) -> Outcome:
    return Outcome((0,), (200.0,), {"rounds": rounds})


def test_a_mean_gets_its_95_percent_interval_and_merging_keeps_it():
    values = [8, 10, 12, 9, 11, 10]
    whole = Tally(seats=1)
    halves = [Tally(seats=1), Tally(seats=1)]
    for i, value in enumerate(values):
        whole.add(outcome(value))
        halves[i % 2].add(outcome(value))
    merged = Tally(seats=1)
    merged.merge(halves)
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    spread = 1.96 * sd / math.sqrt(len(values))
    expected = [round(mean - spread, 3), round(mean + spread, 3)]
    assert whole.intervals() == merged.intervals() == {"ci95_rounds": expected}
    assert merged.means() == {"mean_rounds": round(mean, 3)}


def test_one_game_has_no_interval():
    tally = Tally(seats=1)
    tally.add(outcome(9))
    assert tally.intervals() == {}
