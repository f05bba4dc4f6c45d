"""The shared ladder in PostgreSQL: a result in the commit that finishes its table, never for a
table another node claimed, never twice; two nodes ending games of the same player at once
apply both; results append-only; every rating rebuilt from them equal to what is stored."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from cardtable.online.journal import Journal
from cardtable.online.ladder import Seat
from cardtable.online.store import TableRecord

asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
from cardtable.online.pgladder import PostgresLadder  # noqa: E402
from cardtable.online.pgstore import PostgresStore  # noqa: E402

ENDED = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


@pytest.fixture
async def nodes(pg_dsn: str) -> AsyncIterator[list[PostgresLadder]]:
    """Two nodes' ladders on one database."""
    stores = [await PostgresStore.open(pg_dsn) for _ in range(2)]
    try:
        yield [PostgresLadder(store, Journal(store)) for store in stores]
    finally:
        for store in stores:
            await store.close()


async def opened(ladder: PostgresLadder, table: str) -> None:
    record = TableRecord(table, "pazaak", {}, 1, [], ["", ""], table[:5], table[-5:])
    ladder.journal.write(ladder.store.create, record)
    await ladder.journal.settled()


async def finished(ladder: PostgresLadder, table: str, winner: str, loser: str) -> list[str]:
    """The table's end and its result, journalled together as the server does."""
    ladder.journal.write(ladder.store.finish, table)
    kept = ladder.keep("pazaak", table, ENDED, [Seat(winner, 1), Seat(loser, 2)])
    return [change.player for change in await kept]


async def test_two_nodes_ending_games_of_one_player_at_once_apply_both(
    nodes: list[PostgresLadder],
) -> None:
    a, b = nodes
    await opened(a, "table-one")
    await opened(b, "table-two")
    moved = await asyncio.gather(
        finished(a, "table-one", "ann", "bo"), finished(b, "table-two", "ann", "cy")
    )
    assert moved == [["ann", "bo"], ["ann", "cy"]]
    assert (await a.rating("ann", "pazaak")).games == 2
    assert await b.recompute() == []  # the stored ratings are what the results give
    assert (await a.rating("ann", "pazaak")).games == 2


async def test_a_result_is_kept_once_and_never_for_a_table_claimed_elsewhere(
    nodes: list[PostgresLadder],
) -> None:
    a, b = nodes
    await opened(a, "table-one")
    assert await finished(a, "table-one", "ann", "bo") == ["ann", "bo"]
    assert await finished(a, "table-one", "ann", "bo") == []  # its result is kept already
    await opened(a, "table-two")
    assert await b.store.claim("table-two") is not None  # B took it over: A may not end it
    assert await finished(a, "table-two", "ann", "bo") == []
    assert len(await a.results()) == 1 and (await a.rating("ann", "pazaak")).games == 1


async def test_results_are_append_only(nodes: list[PostgresLadder]) -> None:
    a, _ = nodes
    await opened(a, "table-one")
    await finished(a, "table-one", "ann", "bo")
    for statement in ("UPDATE results SET counted = FALSE", "DELETE FROM result_rows"):
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await a.pool.execute(statement)
    assert len(await a.results()) == 1


async def test_a_table_s_end_and_its_result_commit_together_or_not_at_all(
    nodes: list[PostgresLadder],
) -> None:
    """As if the process died between the end and the result: a result that cannot be written
    takes the table's end with it (the table is still in play, to be taken over), and nothing
    of the result is kept."""
    a, _ = nodes
    await opened(a, "table-one")

    async def dies(db: object) -> None:
        raise ConnectionError("the process died here")

    done = asyncio.get_running_loop().create_future()
    a.store.finish("table-one")
    a.store.keep("table-one", dies, done)
    with pytest.raises(ConnectionError):
        await a.store.flush()
    assert await a.store.record("table-one") is not None  # not finished: still in play
    assert await a.results() == [] and await a.stored() == {}
    with pytest.raises(ConnectionError):
        await done
    assert await finished(a, "table-one", "ann", "bo") == ["ann", "bo"]  # played out again
    assert await a.recompute() == []
