"""Where a server keeps its tables: each table's setup and every action, appended as played.

The server writes an action here before anyone hears of it, so a table rebuilt by replaying its
actions is exactly the table that was lost. ``TableStore`` is the whole interface: a Postgres
store for several server processes would be one more module with these six methods.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardtable.persist.paths import data_dir, ensure


@dataclass(frozen=True)
class TableRecord:
    """What a table was set up with; ``tokens`` hold each human seat's token hash, else ""."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    tokens: list[str]
    invite: str
    watch: str


class TableStore(Protocol):
    def create(self, record: TableRecord) -> None:
        """Keep a new table."""

    def seated(self, record: TableRecord) -> None:
        """Somebody took a seat: the table's record changes (its actions stay)."""

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        """Keep the action played at ``ply``; durable once this returns."""

    def finish(self, table: str) -> None:
        """The table's game is over (or abandoned): it is not rebuilt on start."""

    def unfinished(self) -> Iterator[tuple[TableRecord, list[dict[str, Any]]]]:
        """Every table still in play, with its actions in order."""

    def transaction(self) -> AbstractContextManager[None]:
        """The writes made inside are kept all together, durable once it ends, or not at all."""


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
        self.db.executescript(
            """
            CREATE TABLE IF NOT EXISTS tables (
                id TEXT PRIMARY KEY, setup TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS actions (
                tbl TEXT NOT NULL, ply INTEGER NOT NULL, action TEXT NOT NULL,
                PRIMARY KEY (tbl, ply));
            """
        )

    def create(self, record: TableRecord) -> None:
        setup = json.dumps(record.__dict__)
        self.db.execute("INSERT INTO tables (id, setup) VALUES (?, ?)", (record.id, setup))

    def seated(self, record: TableRecord) -> None:
        setup = json.dumps(record.__dict__)
        self.db.execute("UPDATE tables SET setup = ? WHERE id = ?", (setup, record.id))

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO actions (tbl, ply, action) VALUES (?, ?, ?)",
            (table, ply, json.dumps(action)),
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
