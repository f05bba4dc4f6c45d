"""The one-node ladder: results kept with the table's end in one transaction, append-only, the daily
pair limit, finish rates, leaderboards, and ratings rebuilt from results equal to those stored."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.online.ladder import Seat
from cardtable.online.ratings import NEW_RATING, places_from_order
from cardtable.online.sqliteladder import SqliteLadder
from cardtable.online.store import SqliteStore, TableRecord

NOON = datetime(2026, 11, 28, 12, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    store = SqliteStore(tmp_path / "server.sqlite3")
    yield store
    store.close()


def table(store: SqliteStore, name: str) -> str:
    store.create(TableRecord(name, "pazaak", {}, 1, [], [], "", ""))
    return name


def play(
    ladder: SqliteLadder, store: SqliteStore, game: str, seats: list[Seat], when: datetime = NOON
):
    tbl = table(store, f"t{len(list(ladder.results()))}")
    with store.transaction():
        store.finish(tbl)
        return ladder.record(game, tbl, when, seats)


def test_a_rated_game_moves_the_ratings_and_says_by_how_much(store: SqliteStore) -> None:
    ladder = SqliteLadder(store)
    ladder.seen("ann", "Ann")
    ladder.seen("bo", "Bo", bot=True)
    changes = play(ladder, store, "pazaak", [Seat("ann", 1), Seat("bo", 2)])
    assert [c.player for c in changes] == ["ann", "bo"]
    assert changes[0].before == NEW_RATING and changes[0].after.display > 1500
    assert ladder.rating("ann", "pazaak") == changes[0].after
    assert ladder.ratings("bo") == {"pazaak": changes[1].after}
    assert ladder.rating("ann", "pixies") == NEW_RATING


def test_the_end_the_result_and_the_ratings_are_kept_together_or_not_at_all(
    store: SqliteStore,
) -> None:
    ladder = SqliteLadder(store)
    tbl = table(store, "t1")
    with pytest.raises(RuntimeError), store.transaction():
        store.finish(tbl)
        ladder.record("pazaak", tbl, NOON, [Seat("ann", 1), Seat("bo", 2)])
        raise RuntimeError("the process dies here")
    assert list(ladder.results()) == []
    assert ladder.stored() == {}
    assert [record.id for record, _actions in store.unfinished()] == ["t1"]


def test_results_are_append_only(store: SqliteStore) -> None:
    ladder = SqliteLadder(store)
    play(ladder, store, "pazaak", [Seat("ann", 1), Seat("bo", 2)])
    for statement in (
        "UPDATE results SET counted = 0",
        "DELETE FROM results",
        "UPDATE result_rows SET place = 1",
        "DELETE FROM result_rows",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store.db.execute(statement)


def test_the_fourth_game_of_a_day_between_two_players_changes_no_rating(store: SqliteStore) -> None:
    ladder = SqliteLadder(store)
    for _ in range(3):
        assert play(ladder, store, "pazaak", [Seat("ann", 1), Seat("bo", 2)])
    assert play(ladder, store, "pazaak", [Seat("ann", 1), Seat("bo", 2)]) == []
    assert ladder.rating("ann", "pazaak").games == 3
    assert play(ladder, store, "pazaak", [Seat("ann", 1), Seat("cy", 2)])
    tomorrow = NOON + timedelta(days=1)
    assert play(ladder, store, "pazaak", [Seat("bo", 1), Seat("ann", 2)], tomorrow)
    assert ladder.recompute() == []


def test_a_leaver_ranks_last_and_lowers_their_finish_rate(store: SqliteStore) -> None:
    ladder = SqliteLadder(store)
    for player in ("ann", "bo", "cy"):
        ladder.seen(player, player.title())
    ladder.started(["ann", "bo", "cy"])
    # ann's seat, played out by a bot after she left, came first: she still ranks last
    places = dict(places_from_order([["ann"], ["bo"], ["cy"]], leavers=["ann"]))
    seats = [Seat(p, places[p], left=p == "ann") for p in ("ann", "bo", "cy")]
    changes = {c.player: c for c in play(ladder, store, "pazu", seats)}
    assert changes["ann"].after.mu < changes["cy"].after.mu < changes["bo"].after.mu
    assert ladder.finish_rate("ann") == 0.0
    assert ladder.finish_rate("bo") == 1.0
    assert ladder.finish_rate("nobody") is None


def test_the_leaderboard_ranks_settled_recent_players_and_shows_your_own_row(
    store: SqliteStore,
) -> None:
    ladder = SqliteLadder(store)
    players = [f"p{n}" for n in range(8)]
    for player in players:
        ladder.seen(player, player.upper(), bot=player == "p0")
    # a round robin, lower numbers winning, spread over days so every game counts
    day = 0
    for _round in range(3):
        for a in range(8):
            for b in range(a + 1, 8):
                play(
                    ladder,
                    store,
                    "pazaak",
                    [Seat(players[a], 1), Seat(players[b], 2)],
                    NOON + timedelta(days=day),
                )
                day += 1
    play(ladder, store, "pazaak", [Seat("new", 1), Seat("p7", 2)], NOON + timedelta(days=day))
    now = NOON + timedelta(days=day)
    top = ladder.top("pazaak", now, limit=3)
    assert [row.player for row in top] == ["p0", "p1", "p2"]
    assert [row.rank for row in top] == [1, 2, 3]
    assert top[0].bot and top[0].name == "P0" and not top[0].rating.provisional
    mine = ladder.standing("p6", "pazaak", now)
    assert mine is not None and mine.rank == 7
    newcomer = ladder.standing("new", "pazaak", now)
    assert newcomer is not None and newcomer.rank is None and newcomer.rating.provisional
    everyone = ladder.everyone("pazaak", now)
    assert [row.player for row in everyone] == [*players, "new"]
    # a month later with nothing played, nobody is ranked
    assert ladder.top("pazaak", now + timedelta(days=31)) == []


@settings(max_examples=20, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["pazaak", "pazu"]),
            st.lists(st.sampled_from("abcdef"), min_size=2, max_size=6, unique=True),
            st.integers(0, 3),
            st.data(),
        ),
        max_size=20,
    )
)
def test_ratings_rebuilt_from_the_results_equal_those_stored(
    tmp_path_factory: pytest.TempPathFactory, games: list
) -> None:
    store = SqliteStore(tmp_path_factory.mktemp("ladder") / "server.sqlite3")
    ladder = SqliteLadder(store)
    for game, players, day, data in games:
        places = [data.draw(st.integers(1, len(players))) for _ in players]
        seats = [Seat(p, place) for p, place in zip(players, places, strict=True)]
        play(ladder, store, game, seats, NOON + timedelta(days=day))
    stored = ladder.stored()
    assert ladder.recompute() == []
    assert ladder.stored() == stored
    store.close()


def test_a_rating_that_disagrees_with_the_results_is_named_and_rebuilt(store: SqliteStore) -> None:
    ladder = SqliteLadder(store)
    play(ladder, store, "pazaak", [Seat("ann", 1), Seat("bo", 2)])
    right = ladder.stored()
    store.db.execute("UPDATE ratings SET mu = mu + 5 WHERE player = 'ann'")
    differences = ladder.recompute()
    assert len(differences) == 1 and differences[0].startswith("ann in pazaak: stored")
    assert ladder.stored() == right
