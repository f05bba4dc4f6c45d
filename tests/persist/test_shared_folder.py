"""A host and a joiner on one machine share one data folder: each keeps its replay and its
result (issue 25)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from cardtable.core.match import Match
from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.games.registry import get
from cardtable.persist.records import GameRecord
from cardtable.persist.replays import ReplayStore, load_replay
from cardtable.persist.stats import StatsStore

SEATS = (Seat("You"), Seat("Bob"))
#: games each of the two apps counts, at the same time
GAMES = 25


def test_both_seats_keep_their_replay_of_one_game_ended_in_one_second(tmp_path: Path) -> None:
    spec = get("pazaak")
    match = Match.new(spec.rules, spec.rules.default_config(2), 7)
    record = GameRecord.of(spec, match, SEATS)
    store = ReplayStore(tmp_path)
    host = store.keep(record, "KMTRX-seat1")
    guest = store.keep(record, "KMTRX-seat2")
    assert host != guest and host.exists() and guest.exists()
    assert host.name.endswith("-KMTRX-seat1.json") and guest.name.endswith("-KMTRX-seat2.json")
    assert not isinstance(load_replay(host), Exception)


def _count(path: Path, seat: int) -> None:
    """One app's results: it played ``seat`` and won every game."""
    store = StatsStore(path)
    for _ in range(GAMES):
        store.record("pazaak", SEATS, Outcome((seat,), (3.0, 0.0)), frozenset((seat,)))


def test_two_apps_counting_at_once_lose_no_game(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    apps = [multiprocessing.Process(target=_count, args=(path, seat)) for seat in (0, 1)]
    for app in apps:
        app.start()
    for app in apps:
        app.join(60)
        assert app.exitcode == 0
    record = StatsStore(path).load().games["pazaak"].opponents["online"]
    assert (record.games, record.wins) == (2 * GAMES, 2 * GAMES)
