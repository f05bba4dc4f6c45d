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

import json
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
)

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
        new = {r.id for r in created}
        touched = ({t for t, _, _ in appended} | set(seated) | set(finished)) - new
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
