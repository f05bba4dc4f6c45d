"""Where a server keeps its tables: each table's setup and every action, appended as played.

The server writes an action here before anyone hears of it, so a table rebuilt by replaying its
actions is exactly the table that was lost. ``TableStore`` is the one-process interface (SQLite,
written on the event loop: a WAL append costs microseconds); ``pgstore.PostgresStore`` is the
one several server processes share, written in awaited batches.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import orjson

from cardtable.persist.paths import data_dir, ensure


@dataclass(frozen=True)
class TableRecord:
    """What a table was set up with; ``tokens`` hold each human seat's token hash, else "".
    Records written before a field was added read back with its default."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    tokens: list[str]
    invite: str
    watch: str
    #: a quick-match table's setup as the lobby wrote it (rated, who sits where); None else
    quick: dict[str, Any] | None = None
    #: the rules version the actions were played under: a table kept before versions were
    #: written down was played under version 1, and replays as that (``Match.replay``)
    rules_version: int = 1
    #: the plies of this game a stand-in bot played for an absent person: replayed, they are
    #: not that seat's own moves (a game left before everyone moved is not rated)
    stood_in: list[int] = field(default_factory=list)


class TableStore(Protocol):
    def create(self, record: TableRecord) -> None:
        """Keep a new table."""

    def seated(self, record: TableRecord) -> None:
        """The table's record changes (its actions stay): somebody took a seat, or a stand-in
        moved for an absent person."""

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        """Keep the action played at ``ply``; durable once this returns."""

    def finish(self, table: str) -> None:
        """The table's game is over (or abandoned): it is not rebuilt on start."""

    def unfinished(self) -> Iterator[tuple[TableRecord, list[dict[str, Any]]]]:
        """Every table still in play, with its actions in order."""

    def transaction(self) -> AbstractContextManager[None]:
        """The writes made inside are kept all together, durable once it ends, or not at all."""


class StoreTooNew(Exception):
    """The store was written by a newer cardtable: this one will not guess at its shape."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"the store's schema is version {found}, this cardtable knows up to {known}: "
            "upgrade cardtable to use it"
        )


#: each step brings a SQLite store one schema version up; files from before versions were kept
#: (version 0) already hold version 1's tables, hence IF NOT EXISTS
SQLITE_MIGRATIONS = (
    """
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, setup TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS actions (
        tbl TEXT NOT NULL, ply INTEGER NOT NULL, action TEXT NOT NULL,
        PRIMARY KEY (tbl, ply));
    """,
)


@runtime_checkable
class SharedStore(Protocol):
    """A store several server processes share (``pgstore.PostgresStore``): its write methods
    only stage, ``flush`` sends what is staged in one transaction, and a table is written only
    by the process that last ``claim``ed it."""

    #: the epoch this process holds each of its tables at
    epochs: dict[str, int]

    def create(self, record: TableRecord) -> None: ...

    def seated(self, record: TableRecord) -> None: ...

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None: ...

    def finish(self, table: str) -> None: ...

    async def flush(self) -> set[str]:
        """Commit what is staged; the tables refused because another process claimed them."""

    async def claim(self, table: str) -> tuple[TableRecord, list[dict[str, Any]]] | None:
        """Take ``table`` over from whoever held it; its record and actions (None: over)."""

    async def unfinished(self) -> list[tuple[str, str]]:
        """The id and invite code of each table still in play."""

    async def record(self, table: str) -> TableRecord | None:
        """What a table still in play was set up with."""

    async def find(self, code: str) -> str | None:
        """The id of the table in play with this invite or watch code."""

    async def actions(self, table: str) -> list[dict[str, Any]]: ...

    async def close(self) -> None: ...


def default_db() -> Path:
    return ensure(data_dir()) / "server.sqlite3"


class SqliteStore:
    """The one-process default: a SQLite file in write-ahead mode."""

    def __init__(self, path: Path | str) -> None:
        self.db = sqlite3.connect(str(path), isolation_level=None)
        # WAL with synchronous=NORMAL survives a killed process (not a power cut) at
        # a fraction of the cost of a full sync on every action
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        """Bring the file up to ``SQLITE_SCHEMA`` (its version is SQLite's ``user_version``)."""
        (version,) = self.db.execute("PRAGMA user_version").fetchone()
        if version > len(SQLITE_MIGRATIONS):
            raise StoreTooNew(version, len(SQLITE_MIGRATIONS))
        for number, script in enumerate(SQLITE_MIGRATIONS[version:], version + 1):
            self.db.executescript(f"BEGIN; {script} PRAGMA user_version = {number}; COMMIT;")

    def create(self, record: TableRecord) -> None:
        setup = json.dumps(record.__dict__)
        self.db.execute("INSERT INTO tables (id, setup) VALUES (?, ?)", (record.id, setup))

    def seated(self, record: TableRecord) -> None:
        setup = json.dumps(record.__dict__)
        self.db.execute("UPDATE tables SET setup = ? WHERE id = ?", (setup, record.id))

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        # orjson: an action is written on every move, and json.dumps took ten times as long
        self.db.execute(
            "INSERT INTO actions (tbl, ply, action) VALUES (?, ?, ?)",
            (table, ply, orjson.dumps(action).decode()),
        )

    def finish(self, table: str) -> None:
        self.db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table,))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:  # a failed COMMIT leaves it open too
                self.db.execute("ROLLBACK")
            raise

    def unfinished(self) -> Iterator[tuple[TableRecord, list[dict[str, Any]]]]:
        rows = self.db.execute("SELECT id, setup FROM tables WHERE finished = 0").fetchall()
        for table, setup in rows:
            actions = self.db.execute(
                "SELECT action FROM actions WHERE tbl = ? ORDER BY ply", (table,)
            ).fetchall()
            yield TableRecord(**json.loads(setup)), [json.loads(a) for (a,) in actions]

    def actions(self, table: str) -> list[dict[str, Any]]:
        """Every action of one table (finished or not), for checking a game after the fact."""
        rows = self.db.execute(
            "SELECT action FROM actions WHERE tbl = ? ORDER BY ply", (table,)
        ).fetchall()
        return [json.loads(a) for (a,) in rows]

    def close(self) -> None:
        self.db.close()
