"""Players, results and ratings in PostgreSQL, shared by every node of a cluster.

The same ladder as ``sqliteladder.SqliteLadder`` (the same rules, the same leaderboard order), with
what several writers need: a game's result and its new ratings are written inside the journal's
flush that finishes the table (``PostgresStore.keep``), so the end, the result rows and the
ratings commit together, or not at all, and never for a table this node no longer holds; each
player's rows are locked (an advisory lock per player, taken in one order) while their rating is
read and rewritten, so two nodes ending games of the same player one instant apart apply both,
one after the other, in the order of their result ids (the order a recompute replays). A table
has one result at most (``results.tbl`` is unique): a result can never be applied twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import asyncpg

from cardtable.online.ladder import (
    RECENT,
    BoardRow,
    RatingChange,
    Seat,
    board_row_of,
    day_of,
    recompute_differences,
)
from cardtable.online.ratings import (
    NEW_RATING,
    PROVISIONAL_GAMES,
    PROVISIONAL_SIGMA,
    GameResult,
    Rating,
    counts_for_rating,
    rate,
    recompute,
)

if TYPE_CHECKING:
    from cardtable.online.journal import Journal
    from cardtable.online.pgstore import PostgresStore

#: who a leaderboard ranks: settled ratings (not provisional) with a recent game
_RANKED = (
    f"r.game = $1 AND r.games >= {PROVISIONAL_GAMES} AND r.sigma <= {PROVISIONAL_SIGMA} "
    "AND r.last_played >= $2"
)
_ROW = (
    "SELECT r.player, coalesce(p.name, '?'), coalesce(p.bot, FALSE), r.mu, r.sigma, r.games, "
    "p.started, p.finished FROM ratings r LEFT JOIN players p ON p.id = r.player"
)


class PostgresLadder:
    """The ``Ladder`` of a cluster: its tables live beside the action log (pgstore.py)."""

    def __init__(self, store: PostgresStore, journal: Journal) -> None:
        self.store = store
        self.pool: asyncpg.Pool = store.pool
        self.journal = journal

    # -- players ---------------------------------------------------------------------------------

    async def seen(self, player: str, name: str, bot: bool) -> None:
        await self.pool.execute(
            "INSERT INTO players (id, name, bot) VALUES ($1, $2, $3) "
            "ON CONFLICT (id) DO UPDATE SET name = excluded.name, bot = excluded.bot",
            player,
            name,
            bot,
        )

    async def started(self, players: Sequence[str]) -> None:
        await self.pool.execute(
            "UPDATE players SET started = started + 1 WHERE id = ANY($1)", list(players)
        )

    async def finish_rate(self, player: str) -> float | None:
        row = await self.pool.fetchrow(
            "SELECT started, finished FROM players WHERE id = $1", player
        )
        return row["finished"] / row["started"] if row and row["started"] else None

    async def name(self, player: str) -> str | None:
        return await self.pool.fetchval("SELECT name FROM players WHERE id = $1", player)

    # -- results ---------------------------------------------------------------------------------

    def keep(
        self, game: str, table: str, ended: datetime, seats: Sequence[Seat]
    ) -> Awaitable[list[RatingChange]]:
        done: asyncio.Future[list[RatingChange] | None]
        done = asyncio.get_running_loop().create_future()

        async def record(db: asyncpg.Connection) -> list[RatingChange]:
            return await self._record(db, game, table, ended, seats)

        self.journal.write(self.store.keep, table, record, done)
        return self._kept(done)

    async def _kept(self, done: asyncio.Future[list[RatingChange] | None]) -> list[RatingChange]:
        await self.journal.settled()
        return await done or []

    async def _record(
        self,
        db: asyncpg.Connection,
        game: str,
        table: str,
        ended: datetime,
        seats: Sequence[Seat],
    ) -> list[RatingChange]:
        """Inside the flush's transaction: the result, and the ratings it moves."""
        players = [seat.player for seat in seats]
        for player in sorted(set(players)):  # one order everywhere: no deadlock
            await db.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 38))", player)
        day = day_of(ended)
        rows = await db.fetch(
            "SELECT r.id, x.player FROM results r JOIN result_rows x ON x.result = r.id "
            "WHERE r.game = $1 AND r.day = $2 AND r.counted AND r.id IN "
            "(SELECT result FROM result_rows WHERE player = ANY($3))",
            game,
            day,
            players,
        )
        earlier: dict[int, list[str]] = {}
        for row in rows:
            earlier.setdefault(row["id"], []).append(row["player"])
        counted = counts_for_rating(players, earlier.values())
        result = await db.fetchval(
            "INSERT INTO results (game, tbl, ended, day, counted) VALUES ($1, $2, $3, $4, $5) "
            "ON CONFLICT (tbl) DO NOTHING RETURNING id",
            game,
            table,
            ended.timestamp(),
            day,
            counted,
        )
        if result is None:  # this table's result is kept already
            return []
        await db.executemany(
            "INSERT INTO result_rows (result, seat, player, place, left_early) "
            "VALUES ($1, $2, $3, $4, $5)",
            [(result, n, s.player, s.place, s.left) for n, s in enumerate(seats)],
        )
        await db.execute(
            "UPDATE players SET finished = finished + 1 WHERE id = ANY($1)",
            [s.player for s in seats if not s.left],
        )
        if not counted:
            return []
        found = await db.fetch(
            "SELECT player, mu, sigma, games FROM ratings WHERE game = $1 AND player = ANY($2)",
            game,
            players,
        )
        known = {r["player"]: Rating(r["mu"], r["sigma"], r["games"]) for r in found}
        before = [known.get(player, NEW_RATING) for player in players]
        after = rate([(rating, seat.place) for rating, seat in zip(before, seats, strict=True)])
        await _store_ratings(db, game, ended.timestamp(), zip(players, after, strict=True))
        return [RatingChange(*change) for change in zip(players, before, after, strict=True)]

    async def results(self) -> list[GameResult]:
        """Every result in the order it was kept."""
        rows = await self.pool.fetch(
            "SELECT r.id, r.game, r.day, x.player, x.place FROM results r "
            "JOIN result_rows x ON x.result = r.id ORDER BY r.id, x.seat"
        )
        games: dict[int, GameResult] = {}
        for row in rows:
            kept = games.get(row["id"]) or GameResult(row["game"], row["day"], ())
            games[row["id"]] = GameResult(
                kept.game, kept.day, (*kept.places, (row["player"], row["place"]))
            )
        return list(games.values())

    async def recompute(self) -> list[str]:
        """Rebuild every rating from the results and store it; what differed, one line each."""
        rebuilt = recompute(await self.results())
        kept = [
            r["counted"] for r in await self.pool.fetch("SELECT counted FROM results ORDER BY id")
        ]
        differences = recompute_differences(rebuilt, await self.stored(), kept)
        last = await self.pool.fetch(
            "SELECT x.player, r.game, max(r.ended) AS ended FROM results r "
            "JOIN result_rows x ON x.result = r.id WHERE r.counted GROUP BY 1, 2"
        )
        last_played = {(r["player"], r["game"]): r["ended"] for r in last}
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("DELETE FROM ratings")
            for (player, game), rating in rebuilt.ratings.items():
                when = last_played[player, game]
                await _store_ratings(db, game, when, iter([(player, rating)]))
        return differences

    # -- ratings and leaderboards ----------------------------------------------------------------

    async def rating(self, player: str, game: str) -> Rating:
        row = await self.pool.fetchrow(
            "SELECT mu, sigma, games FROM ratings WHERE player = $1 AND game = $2", player, game
        )
        return Rating(row["mu"], row["sigma"], row["games"]) if row else NEW_RATING

    async def ratings(self, player: str) -> dict[str, Rating]:
        rows = await self.pool.fetch(
            "SELECT game, mu, sigma, games FROM ratings WHERE player = $1 ORDER BY game", player
        )
        return {r["game"]: Rating(r["mu"], r["sigma"], r["games"]) for r in rows}

    async def stored(self) -> dict[tuple[str, str], Rating]:
        rows = await self.pool.fetch("SELECT player, game, mu, sigma, games FROM ratings")
        return {(r["player"], r["game"]): Rating(r["mu"], r["sigma"], r["games"]) for r in rows}

    async def top(self, game: str, now: datetime, limit: int, offset: int) -> list[BoardRow]:
        since = (now - RECENT).timestamp()
        rows = await self.pool.fetch(
            f"{_ROW} WHERE {_RANKED} ORDER BY r.conservative DESC, r.player LIMIT $3 OFFSET $4",
            game,
            since,
            None if limit < 0 else limit,
            offset,
        )
        return [board_row_of(rank, tuple(row)) for rank, row in enumerate(rows, offset + 1)]

    async def standing(self, player: str, game: str, now: datetime) -> BoardRow | None:
        row = await self.pool.fetchrow(f"{_ROW} WHERE r.player = $1 AND r.game = $2", player, game)
        if row is None:
            return None
        mine = board_row_of(None, tuple(row))
        since = (now - RECENT).timestamp()
        ranked = await self.pool.fetchval(
            f"SELECT count(*) FROM ratings r WHERE {_RANKED} AND r.player = $3", game, since, player
        )
        if not ranked:
            return mine
        conservative = mine.rating.conservative
        ahead = await self.pool.fetchval(
            f"SELECT count(*) FROM ratings r WHERE {_RANKED} AND "
            "(r.conservative > $3 OR (r.conservative = $3 AND r.player < $4))",
            game,
            since,
            conservative,
            player,
        )
        return board_row_of(ahead + 1, tuple(row))

    async def everyone(self, game: str, now: datetime) -> list[BoardRow]:
        ranked = await self.top(game, now, limit=-1, offset=0)
        seen = {row.player for row in ranked}
        rest = await self.pool.fetch(
            f"{_ROW} WHERE r.game = $1 ORDER BY r.conservative DESC, r.player", game
        )
        return ranked + [board_row_of(None, tuple(r)) for r in rest if r[0] not in seen]


async def _store_ratings(db: asyncpg.Connection, game: str, when: float, ratings: Any) -> None:
    await db.executemany(
        "INSERT INTO ratings (player, game, mu, sigma, games, conservative, last_played) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player, game) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
        "conservative = excluded.conservative, last_played = excluded.last_played",
        [(p, game, r.mu, r.sigma, r.games, r.conservative, when) for p, r in ratings],
    )
