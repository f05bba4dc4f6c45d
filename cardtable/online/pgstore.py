"""The action log in PostgreSQL, shared by every node of a cluster (the ``cluster`` extra).

The server's write calls (``create``, ``seated``, ``append``, ``finish``) only stage a statement
here; the journal then awaits ``flush()``, which sends everything staged in one transaction, so
the event loop never waits on the database and a busy instant costs one commit, not one per
move. ``synchronous_commit`` stays on: a flushed batch is on the database's disk.

Each table has an ``epoch``: the node that holds a table knows the epoch it claimed it at, and a
flush writes a table's rows only while that is still the table's epoch. A node that stalled
while another claimed its table (epoch + 1) can therefore never write to it again: its flush
names the table as fenced, and the server gives it up.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import Any

import asyncpg

from cardtable.online.store import StoreTooNew, TableRecord

#: each step brings the database one schema version up, inside one transaction
MIGRATIONS = (
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY, setup JSONB NOT NULL, finished BOOLEAN NOT NULL DEFAULT FALSE);
    CREATE TABLE actions (
        tbl TEXT NOT NULL, ply INTEGER NOT NULL, action JSONB NOT NULL, PRIMARY KEY (tbl, ply));
    """,
    """
    ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 1;
    CREATE INDEX tables_unfinished ON tables (id) WHERE NOT finished;
    CREATE INDEX tables_invite ON tables ((setup->>'invite')) WHERE NOT finished;
    CREATE INDEX tables_watch ON tables ((setup->>'watch')) WHERE NOT finished;
    """,
    # the ladder (pgladder.py): players, append-only results, and the ratings they give
    """
    CREATE TABLE players (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, bot BOOLEAN NOT NULL DEFAULT FALSE,
        started INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE results (
        id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, tbl TEXT NOT NULL UNIQUE,
        ended DOUBLE PRECISION NOT NULL, day TEXT NOT NULL, counted BOOLEAN NOT NULL);
    CREATE INDEX results_day ON results (game, day) WHERE counted;
    CREATE TABLE result_rows (
        result BIGINT NOT NULL REFERENCES results (id), seat INTEGER NOT NULL,
        player TEXT NOT NULL, place INTEGER NOT NULL, left_early BOOLEAN NOT NULL,
        PRIMARY KEY (result, seat));
    CREATE INDEX result_rows_player ON result_rows (player, result);
    CREATE FUNCTION results_kept() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'results are append-only'; END $$;
    CREATE TRIGGER results_kept BEFORE UPDATE OR DELETE ON results
        FOR EACH ROW EXECUTE FUNCTION results_kept();
    CREATE TRIGGER result_rows_kept BEFORE UPDATE OR DELETE ON result_rows
        FOR EACH ROW EXECUTE FUNCTION results_kept();
    CREATE TABLE ratings (
        player TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL,
        conservative DOUBLE PRECISION NOT NULL, last_played DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, game));
    CREATE INDEX ratings_board
        ON ratings (game, conservative DESC, games, sigma, last_played, player);
    """,
    # solo games' best scores (pgbestscores.py), as bestscores.MIGRATIONS gives SQLite
    """
    CREATE TABLE solo_scores (
        tbl TEXT PRIMARY KEY, player TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,
        rounds INTEGER NOT NULL, score INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL);
    CREATE INDEX solo_scores_best ON solo_scores (game, player, rounds, score DESC, at);
    """,
)

#: a write joined to a flush (a game's result): run on the flush's connection, in its transaction
Kept = Callable[[asyncpg.Connection], Awaitable[Any]]

#: the lock every node takes while migrating, so two starting at once do not race
_MIGRATION_LOCK = 0x63617264


async def _migrate(db: asyncpg.Connection) -> None:
    """Bring the schema up to date, one transaction for all the steps it needs."""
    await db.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
    await db.execute("CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL)")
    version = await db.fetchval("SELECT max(version) FROM schema") or 0
    if version > len(MIGRATIONS):
        raise StoreTooNew(version, len(MIGRATIONS))
    for number, script in enumerate(MIGRATIONS[version:], version + 1):
        await db.execute(script)
        await db.execute("INSERT INTO schema (version) VALUES ($1)", number)


class PostgresStore:
    """Tables and their actions in PostgreSQL; writes staged, then flushed in one transaction."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        #: the epoch this process holds each of its tables at
        self.epochs: dict[str, int] = {}
        self._created: list[TableRecord] = []
        self._seated: dict[str, TableRecord] = {}
        self._appended: list[tuple[str, int, str]] = []
        self._finished: list[str] = []
        self._kept: list[tuple[str, Kept, asyncio.Future[Any]]] = []

    @classmethod
    async def open(cls, dsn: str, stall: float = 10.0) -> PostgresStore:
        """Connect to ``dsn`` and bring its schema up to date. A transaction of this process
        left idle ``stall`` seconds (the process stopped halfway) is ended by the database, so
        its locks cannot hold up the node that claims its tables."""
        settings = {"idle_in_transaction_session_timeout": str(int(stall * 1000))}
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=4, server_settings=settings)
        try:
            async with pool.acquire() as db, db.transaction():
                await _migrate(db)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    # -- staged writes: sent by the next flush ----------------------------------------------------

    def create(self, record: TableRecord) -> None:
        self._created.append(record)
        self.epochs[record.id] = 1

    def seated(self, record: TableRecord) -> None:
        self._seated[record.id] = record

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        self._appended.append((table, ply, json.dumps(action)))

    def finish(self, table: str) -> None:
        self._finished.append(table)

    def keep(self, table: str, job: Kept, done: asyncio.Future[Any]) -> None:
        """Run ``job`` inside the flush's transaction, after the table's own writes, unless the
        table is fenced; ``done`` gets what it returns once the transaction commits (None: the
        table is not this process's to write)."""
        self._kept.append((table, job, done))

    async def flush(self) -> set[str]:
        """Send every staged write in one transaction; the tables whose writes were refused
        because another node has claimed them since (they are no longer this node's)."""
        created, seated, appended, finished = (
            self._created,
            self._seated,
            self._appended,
            self._finished,
        )
        self._created, self._seated, self._appended, self._finished = [], {}, [], []
        kept, self._kept = self._kept, []
        try:
            fenced = await self._write(created, seated, appended, finished, kept)
        except BaseException as error:
            for _, _, done in kept:
                if not done.done():
                    done.set_exception(error)
                    done.exception()  # retrieved: the journal reports the failure
            raise
        return fenced

    async def _write(
        self,
        created: list[TableRecord],
        seated: dict[str, TableRecord],
        appended: list[tuple[str, int, str]],
        finished: list[str],
        kept: list[tuple[str, Kept, asyncio.Future[Any]]],
    ) -> set[str]:
        new = {r.id for r in created}
        touched = {t for t, _, _ in appended} | set(seated) | set(finished)
        touched = (touched | {t for t, _, _ in kept}) - new
        async with self.pool.acquire() as db, db.transaction():
            fenced = await self._fenced(db, touched)
            if created:
                await db.executemany(
                    "INSERT INTO tables (id, setup) VALUES ($1, $2)",
                    [(r.id, json.dumps(asdict(r))) for r in created],
                )
            updates = [(json.dumps(asdict(r)), t) for t, r in seated.items() if t not in fenced]
            if updates:
                await db.executemany("UPDATE tables SET setup = $1 WHERE id = $2", updates)
            rows = [row for row in appended if row[0] not in fenced]
            if rows:
                await db.execute(
                    "INSERT INTO actions (tbl, ply, action) SELECT t, p, a::jsonb"
                    " FROM unnest($1::text[], $2::int[], $3::text[]) AS u(t, p, a)",
                    *map(list, zip(*rows, strict=True)),
                )
            done = [t for t in finished if t not in fenced]
            if done:
                await db.execute("UPDATE tables SET finished = TRUE WHERE id = ANY($1)", done)
            results = [(await job(db) if t not in fenced else None) for t, job, _ in kept]
        for (_, _, future), result in zip(kept, results, strict=True):
            future.set_result(result)
        for table in (*fenced, *done):  # not this process's to write any more
            self.epochs.pop(table, None)
        return fenced

    async def _fenced(self, db: asyncpg.Connection, tables: set[str]) -> set[str]:
        """Of ``tables``, those whose epoch is no longer the one held here. The rows stay
        locked until the flush commits, so a claim waits for it (and sees its actions)."""
        if not tables:
            return set()
        rows = await db.fetch(
            "SELECT id, epoch FROM tables WHERE id = ANY($1) FOR SHARE", list(tables)
        )
        now = {row["id"]: row["epoch"] for row in rows}
        return {t for t in tables if now.get(t) != self.epochs.get(t)}

    # -- reading ----------------------------------------------------------------------------------

    async def claim(self, table: str) -> tuple[TableRecord, list[dict[str, Any]]] | None:
        """Take ``table`` over (epoch + 1: whoever held it can write no more) and read it;
        None if it is finished or unknown."""
        async with self.pool.acquire() as db, db.transaction():
            row = await db.fetchrow(
                "UPDATE tables SET epoch = epoch + 1 WHERE id = $1 AND NOT finished"
                " RETURNING setup, epoch",
                table,
            )
            if row is None:
                return None
            actions = await db.fetch(
                "SELECT action FROM actions WHERE tbl = $1 ORDER BY ply", table
            )
        self.epochs[table] = row["epoch"]
        record = TableRecord(**json.loads(row["setup"]))
        return record, [json.loads(a["action"]) for a in actions]

    async def unfinished(self) -> list[tuple[str, str]]:
        """The id and invite code of every table still in play."""
        rows = await self.pool.fetch(
            "SELECT id, setup->>'invite' AS invite FROM tables WHERE NOT finished ORDER BY id"
        )
        return [(row["id"], row["invite"]) for row in rows]

    async def record(self, table: str) -> TableRecord | None:
        """What a table in play was set up with (None: over or unknown)."""
        setup = await self.pool.fetchval(
            "SELECT setup FROM tables WHERE id = $1 AND NOT finished", table
        )
        return None if setup is None else TableRecord(**json.loads(setup))

    async def find(self, code: str) -> str | None:
        """The table in play with this invite or watch code, if any."""
        return await self.pool.fetchval(
            "SELECT id FROM tables WHERE NOT finished"
            " AND (setup->>'invite' = $1 OR setup->>'watch' = $1) LIMIT 1",
            code,
        )

    async def actions(self, table: str) -> list[dict[str, Any]]:
        """Every action of one table (finished or not), for checking a game after the fact."""
        rows = await self.pool.fetch(
            "SELECT action FROM actions WHERE tbl = $1 ORDER BY ply", table
        )
        return [json.loads(row["action"]) for row in rows]

    async def close(self) -> None:
        await self.pool.close()
