"""Best scores of solo games against the server: a solo game has nobody to be rated against, so
the server keeps each player's results and ranks players by their best one instead.

Flip 7's solo race is the one solo game: reach 200 points in as few rounds as can be. A game
counts when its one seat is signed in with the player's key (``identify``); its row is written
in the commit that finishes the table. A player's best is
their fewest rounds, then their highest score, then the earliest; players are ranked by their
best, and those level share a rank.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.games.registry import GAMES
from cardtable.online.store import SqliteStore, StoreTooNew

if TYPE_CHECKING:
    from collections.abc import Sequence

#: each step brings the best-score tables one schema version up (``best_schema``)
MIGRATIONS = (
    """
    CREATE TABLE solo_scores (
        tbl TEXT PRIMARY KEY, player TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,
        rounds INTEGER NOT NULL, score INTEGER NOT NULL, at REAL NOT NULL);
    CREATE INDEX solo_scores_best ON solo_scores (game, player, rounds, score DESC, at);
    """,
)


def best_of(game: str) -> str:
    """Every player's best game of one game (``game``: the query's placeholder for it), with
    how many they have played and their rank: the ``best`` a query then reads. The same SQL
    for SQLite and PostgreSQL."""
    return f"""
WITH ordered AS (
    SELECT player, name, rounds, score, at,
        ROW_NUMBER() OVER (PARTITION BY player ORDER BY rounds, score DESC, at) AS n,
        COUNT(*) OVER (PARTITION BY player) AS games
    FROM solo_scores WHERE game = {game}),
best AS (
    SELECT player, name, rounds, score, at, games,
        RANK() OVER (ORDER BY rounds, score DESC) AS rank
    FROM ordered WHERE n = 1)
SELECT player, name, rounds, score, at, games, rank FROM best
"""


BEST = best_of("?")


def solo_table(game: str, seats: object) -> bool:
    """A table for one person of a game with a solo mode (Flip 7's race): the server keeps its
    result among the best scores when the seat is signed in, so its host's key is made."""
    spec = GAMES.get(game)
    return spec is not None and spec.rules.min_seats == 1 and seats == ["human"]


@dataclass(frozen=True)
class SoloBest:
    """One player's best solo game: its rank among everyone's bests, and games played."""

    rank: int
    player: str
    name: str
    rounds: int
    score: int
    at: datetime
    games: int


def best_row(row: Sequence[Any]) -> SoloBest:
    """A row of ``best_of``'s query (a SQLite tuple or a PostgreSQL record)."""
    player, name, rounds, score, at, games, rank = row
    return SoloBest(rank, player, name, rounds, score, datetime.fromtimestamp(at, UTC), games)


class BestScores(Protocol):
    """Where a server keeps its solo games' best scores: beside its tables, in their store."""

    def keep(
        self, table: str, player: str, name: str, game: str, rounds: int, score: int, at: float
    ) -> None:
        """A solo game's result, kept in the commit that finishes its table (a journal write:
        ``journal.write(best.keep, …)``); a table's game is kept once."""

    async def top(self, game: str, limit: int = 20, offset: int = 0) -> list[SoloBest]:
        """A page of the players' bests, best first."""
        ...

    async def mine(self, player: str, game: str) -> SoloBest | None:
        """One player's best and its rank (None: no game kept)."""
        ...


class SqliteBestScores:
    """The best-score table inside the table store's SQLite connection."""

    def __init__(self, store: SqliteStore) -> None:
        self.db: sqlite3.Connection = store.db
        self.db.execute("CREATE TABLE IF NOT EXISTS best_schema (version INTEGER NOT NULL)")
        (version,) = self.db.execute("SELECT coalesce(max(version), 0) FROM best_schema").fetchone()
        if version > len(MIGRATIONS):
            raise StoreTooNew(version, len(MIGRATIONS))
        for number, script in enumerate(MIGRATIONS[version:], version + 1):
            self.db.executescript(
                f"BEGIN; {script} INSERT INTO best_schema VALUES ({number}); COMMIT;"
            )

    def keep(
        self, table: str, player: str, name: str, game: str, rounds: int, score: int, at: float
    ) -> None:
        """A solo game's result (call inside the commit that finishes its table). A table's
        game is kept once: were it told twice, the commit of everyone's moves must not fail."""
        self.db.execute(
            "INSERT OR IGNORE INTO solo_scores VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table, player, name, game, rounds, score, at),
        )

    async def top(self, game: str, limit: int = 20, offset: int = 0) -> list[SoloBest]:
        rows = self.db.execute(
            BEST + "ORDER BY rank, at LIMIT ? OFFSET ?", (game, limit, offset)
        ).fetchall()
        return [best_row(row) for row in rows]

    async def mine(self, player: str, game: str) -> SoloBest | None:
        row = self.db.execute(BEST + "WHERE player = ?", (game, player)).fetchone()
        return None if row is None else best_row(row)
