"""The stats file (issue 14): counts that cannot be true are refused and the file set aside."""

from __future__ import annotations

import json

import pytest

from cardtable.persist.stats import StatsStore


@pytest.mark.parametrize(
    "record",
    [
        {"games": -3},
        {"games": 2, "wins": -1},
        {"games": 2, "wins": 3},
        {"games": 5, "wins": 4, "streak": 3, "best_streak": 2},
        {"games": 1, "wins": 1, "streak": -1, "best_streak": 1},
    ],
)
def test_impossible_counts_are_refused_and_set_aside(tmp_path, record):
    path = tmp_path / "stats.json"
    data = {"schema_version": 1, "games": {"pazaak": {"opponents": {"hard": record}}}}
    path.write_text(json.dumps(data))
    store = StatsStore(path)
    assert store.load().games == {}
    assert store.problem is not None and "stats.json" in str(store.problem)
    assert not path.exists()


def test_a_negative_solo_best_is_refused(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"games": {"flip7": {"solo_best_rounds": -2}}}))
    store = StatsStore(path)
    assert store.load().games == {}
    assert store.problem is not None


def test_true_counts_load(tmp_path):
    path = tmp_path / "stats.json"
    record = {"games": 5, "wins": 3, "streak": 1, "best_streak": 2}
    path.write_text(json.dumps({"games": {"pazaak": {"opponents": {"hard": record}}}}))
    assert StatsStore(path).load().games["pazaak"].opponents["hard"].wins == 3
