"""PostgreSQL specifics: batches, the schema's migrations, fencing by epoch, and no update
before its commit."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.codec import encode
from cardtable.online.connection import Connection, Limits
from cardtable.online.protocol import Create
from cardtable.online.server import GameServer
from cardtable.online.store import SqliteStore, StoreTooNew, TableRecord
from tests.online.conftest import FakeSocket
from tests.waits import until

asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
from cardtable.online.pgstore import MIGRATIONS, PostgresStore  # noqa: E402


def record(table: str) -> TableRecord:
    return TableRecord(table, "pazaak", {}, 1, [], ["", ""], "ABCDE", "FGHJK")


async def test_a_batch_with_a_bad_row_keeps_nothing_of_it(pg_dsn: str) -> None:
    store = await PostgresStore.open(pg_dsn)
    try:
        store.create(record("t"))
        store.append("t", 0, {"type": "Stand"})
        assert await store.flush() == set()
        store.append("t", 1, {"type": "Stand"})
        store.append("t", 0, {"type": "End"})  # that ply is kept already
        with pytest.raises(asyncpg.UniqueViolationError):
            await store.flush()
        assert await store.actions("t") == [{"type": "Stand"}]
        store.append("t", 1, {"type": "End"})  # and the next batch goes through
        await store.flush()
        assert len(await store.actions("t")) == 2
    finally:
        await store.close()


async def test_a_claimed_table_refuses_its_old_owner(pg_dsn: str) -> None:
    old, new = await PostgresStore.open(pg_dsn), await PostgresStore.open(pg_dsn)
    try:
        old.create(record("t"))
        old.append("t", 0, {"type": "Stand"})
        await old.flush()
        claimed = await new.claim("t")
        assert claimed is not None and claimed[1] == [{"type": "Stand"}]
        old.append("t", 1, {"type": "Stand"})  # the old owner woke up: refused
        old.create(record("u"))  # while its other tables still write
        old.append("u", 0, {"type": "End"})
        assert await old.flush() == {"t"}
        new.append("t", 1, {"type": "End"})
        assert await new.flush() == set()
        assert await new.actions("t") == [{"type": "Stand"}, {"type": "End"}]
        assert await new.actions("u") == [{"type": "End"}]
        old.append("t", 2, {"type": "End"})  # and stays refused
        assert await old.flush() == {"t"}
    finally:
        await old.close()
        await new.close()


async def test_a_version_1_database_is_migrated_and_a_newer_one_refused(pg_dsn: str) -> None:
    db = await asyncpg.connect(pg_dsn)
    try:
        await db.execute(MIGRATIONS[0])
        await db.execute("CREATE TABLE schema (version INTEGER NOT NULL)")
        await db.execute("INSERT INTO schema VALUES (1)")
        await db.execute(
            "INSERT INTO tables (id, setup) VALUES ('t', $1)", json.dumps(record("t").__dict__)
        )
        store = await PostgresStore.open(pg_dsn)
        assert await store.unfinished() == [("t", "ABCDE")]
        assert await store.claim("t") is not None and store.epochs["t"] == 2
        await store.close()
        assert await db.fetchval("SELECT max(version) FROM schema") == len(MIGRATIONS)
        await db.execute("INSERT INTO schema VALUES ($1)", len(MIGRATIONS) + 1)
        with pytest.raises(StoreTooNew, match="upgrade cardtable"):
            await PostgresStore.open(pg_dsn)
    finally:
        await db.close()


def test_an_unversioned_sqlite_file_is_migrated_and_a_newer_one_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)  # a store from before versions were kept
    old.executescript(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, setup TEXT NOT NULL,"
        " finished INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE actions (tbl TEXT NOT NULL, ply INTEGER NOT NULL, action TEXT NOT NULL,"
        " PRIMARY KEY (tbl, ply));"
    )
    old.execute("INSERT INTO actions VALUES ('t', 0, '{}')")
    old.commit()
    store = SqliteStore(path)
    assert store.actions("t") == [{}]
    assert store.db.execute("PRAGMA user_version").fetchone() == (1,)
    store.db.execute("PRAGMA user_version = 99")
    store.close()
    with pytest.raises(StoreTooNew, match="version 99"):
        SqliteStore(path)
    old.close()


class Reader(FakeSocket):
    """A connection's socket that, on every update, counts the table's actions committed in
    PostgreSQL as another connection sees them: the move it is told of must be among them.
    Its socket is backed up, so the server's writer awaits each of these reads."""

    def __init__(self, db: Any) -> None:
        super().__init__(backed_up=True)
        self.db = db
        self.told: list[tuple[int, int]] = []

    async def send(self, message: str | bytes, text: bool | None = None) -> None:
        update = json.loads(message)
        kept = await self.db.fetchval(
            "SELECT count(*) FROM actions WHERE tbl = $1", update["game_id"]
        )
        self.told.append((update["ply"], kept))


async def test_no_peer_hears_of_an_action_before_postgresql_has_it(pg_dsn: str) -> None:
    game = GameServer(await PostgresStore.open(pg_dsn), Limits())
    db = await asyncpg.create_pool(pg_dsn, min_size=1, max_size=2)
    hello = Create(type="create", version=1, game="pazaak", seats=["human", "human"])
    tables = [game.seating.create(hello) for _ in range(2)]
    peers: list[Connection] = []
    try:
        for table in tables:
            game.journal.write(game.store.create, table.record())
            for seat in (0, 1):
                peer = Connection(Reader(db), game.limits, game.journal)  # type: ignore[arg-type]
                peer.seat = seat
                table.peers.add(peer)
                peers.append(peer)
        for _ in range(6):  # both tables move at once, while a batch may be in flight
            await asyncio.gather(*(game.play.apply(t, t.match.legal_actions()[0]) for t in tables))
        await asyncio.wait_for(asyncio.gather(*(peer.flushed() for peer in peers)), 30)
        told = [entry for peer in peers for entry in peer.ws.told]  # type: ignore[attr-defined]
        assert len(told) == 6 * 4 and all(kept >= ply > 0 for ply, kept in told)
        for table in tables:
            kept = await game.store.actions(table.id)  # type: ignore[misc]
            assert kept == [encode(a) for a in table.match.actions]
    finally:
        for peer in peers:
            peer.close()
        await db.close()
        await game.store.close()  # type: ignore[misc]


class HeldStore(PostgresStore):
    """The real store, counting its flushes; the first waits until ``gate`` is set."""

    flushes = 0
    gate = asyncio.Event()

    async def flush(self) -> set[str]:
        self.flushes += 1
        if self.flushes == 1:
            await self.gate.wait()
        return await super().flush()


async def test_writes_made_while_a_batch_is_in_flight_go_together_in_the_next(
    pg_dsn: str,
) -> None:
    from cardtable.online.journal import Journal

    opened = await PostgresStore.open(pg_dsn)
    store = HeldStore(opened.pool)
    store.gate = asyncio.Event()
    journal = Journal(store)
    try:
        journal.write(store.create, record("t"))
        journal.write(store.append, "t", 0, {"type": "Stand"})
        first = journal.commit_pending()
        # a look each turn of the loop: the first batch goes in flight
        await until(lambda: store.flushes, "the first batch in flight", every=0)
        for ply in range(1, 4):  # three turns of the loop while it is in flight
            journal.write(store.append, "t", ply, {"type": "Stand"})
            await asyncio.sleep(0)
        second = journal.commit_pending()
        assert store.flushes == 1 and second is not first
        store.gate.set()
        await journal.settled()
        assert store.flushes == 2  # one more transaction for the three
        assert first is not None and first.done() and second is not None and second.done()
        assert len(await store.actions("t")) == 4
    finally:
        await opened.close()
