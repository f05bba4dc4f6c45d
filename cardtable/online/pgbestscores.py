"""Best scores of solo games in PostgreSQL, shared by every node of a cluster.

The same table and ranking as ``bestscores.SqliteBestScores`` (its schema is a step of
``pgstore.MIGRATIONS``), written the way the cluster's ladder writes a result: a solo game's row
joins the journal's flush that finishes its table, so it commits with the table's end, or not
at all, and never for a table another node has claimed since. A table's game is kept once.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from cardtable.online.bestscores import SoloBest, best_of, best_row

if TYPE_CHECKING:
    import asyncpg

    from cardtable.online.pgstore import PostgresStore

_BEST = best_of("$1")


class PostgresBestScores:
    """The ``BestScores`` of a cluster, beside its action log (pgstore.py)."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store

    def keep(
        self, table: str, player: str, name: str, game: str, rounds: int, score: int, at: float
    ) -> None:
        """Staged by the journal's commit: the row is written inside the flush's transaction."""

        async def insert(db: asyncpg.Connection) -> None:
            await db.execute(
                "INSERT INTO solo_scores (tbl, player, name, game, rounds, score, at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tbl) DO NOTHING",
                table,
                player,
                name,
                game,
                rounds,
                score,
                at,
            )

        # nobody awaits the row: a failed flush is the journal's to report
        self.store.keep(table, insert, asyncio.get_running_loop().create_future())

    async def top(self, game: str, limit: int = 20, offset: int = 0) -> list[SoloBest]:
        rows = await self.store.pool.fetch(
            _BEST + "ORDER BY rank, at LIMIT $2 OFFSET $3", game, limit, offset
        )
        return [best_row(row) for row in rows]

    async def mine(self, player: str, game: str) -> SoloBest | None:
        row = await self.store.pool.fetchrow(_BEST + "WHERE player = $2", game, player)
        return None if row is None else best_row(row)
