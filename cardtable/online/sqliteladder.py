"""Players, results and ratings on one node: SQLite, in the same file (and connection) as the tables.

Sharing the table store's connection is what lets a game's end, its result rows and the new
ratings be written in one transaction (``store.transaction()``): a process killed at any moment
leaves either all three or none. Results are append-only (triggers refuse an UPDATE or DELETE), and
every stored rating can be rebuilt from them (:meth:`SqliteLadder.recompute`).

The leaderboard reads ``ratings`` through one covering index on (game, conservative rating), so
the top rows and a player's own rank cost an index walk, not a sort of every player.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

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
from cardtable.online.store import SqliteStore, StoreTooNew

if TYPE_CHECKING:
    from cardtable.online.journal import Journal

#: each step brings the ladder's tables one version up (kept apart from the table store's version)
MIGRATIONS = (
    """
    CREATE TABLE players (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, bot INTEGER NOT NULL DEFAULT 0,
        started INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE results (
        id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, tbl TEXT NOT NULL,
        ended REAL NOT NULL, day TEXT NOT NULL, counted INTEGER NOT NULL);
    CREATE INDEX results_day ON results (game, day) WHERE counted;
    CREATE TABLE result_rows (
        result INTEGER NOT NULL REFERENCES results (id), seat INTEGER NOT NULL,
        player TEXT NOT NULL, place INTEGER NOT NULL, left_early INTEGER NOT NULL,
        PRIMARY KEY (result, seat));
    CREATE INDEX result_rows_player ON result_rows (player, result);
    CREATE TRIGGER results_kept BEFORE UPDATE ON results
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TRIGGER results_not_deleted BEFORE DELETE ON results
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TRIGGER result_rows_kept BEFORE UPDATE ON result_rows
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TRIGGER result_rows_not_deleted BEFORE DELETE ON result_rows
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TABLE ratings (
        player TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
        games INTEGER NOT NULL, conservative REAL NOT NULL, last_played REAL NOT NULL,
        PRIMARY KEY (player, game));
    CREATE INDEX ratings_board
        ON ratings (game, conservative DESC, games, sigma, last_played, player);
    """,
)


class SqliteLadder:
    """The ladder's tables inside the table store's SQLite connection."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.db: sqlite3.Connection = store.db
        self._migrate()

    def _migrate(self) -> None:
        self.db.execute("CREATE TABLE IF NOT EXISTS ladder_schema (version INTEGER NOT NULL)")
        (version,) = self.db.execute(
            "SELECT coalesce(max(version), 0) FROM ladder_schema"
        ).fetchone()
        if version > len(MIGRATIONS):
            raise StoreTooNew(version, len(MIGRATIONS))
        for number, script in enumerate(MIGRATIONS[version:], version + 1):
            self.db.executescript(
                f"BEGIN; {script} INSERT INTO ladder_schema VALUES ({number}); COMMIT;"
            )

    # -- players ---------------------------------------------------------------------------------

    def seen(self, player: str, name: str, bot: bool = False) -> None:
        """A signed-in player, under the name they use now."""
        self.db.execute(
            "INSERT INTO players (id, name, bot) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET name = excluded.name, bot = excluded.bot",
            (player, name, int(bot)),
        )

    def started(self, players: Sequence[str]) -> None:
        """Each of ``players`` sat down to a rated game (the finish rate's denominator)."""
        self.db.executemany(
            "UPDATE players SET started = started + 1 WHERE id = ?", [(p,) for p in players]
        )

    def finish_rate(self, player: str) -> float | None:
        """The share of the rated games they started that they stayed in to the end."""
        row = self.db.execute(
            "SELECT started, finished FROM players WHERE id = ?", (player,)
        ).fetchone()
        return row[1] / row[0] if row and row[0] else None

    # -- results ---------------------------------------------------------------------------------

    def record(
        self, game: str, table: str, ended: datetime, seats: Sequence[Seat]
    ) -> list[RatingChange]:
        """Keep a rated game's result and apply it to the ratings, in seat order.

        Call inside the table store's ``transaction()``, with the table's ``finish``, so the end,
        the result and the ratings are one write. A game over the daily pair limit is kept but
        changes nobody's rating (the changes returned are then empty).
        """
        players = [seat.player for seat in seats]
        day = day_of(ended)
        counted = counts_for_rating(players, self._counted_on(game, day, players))
        cursor = self.db.execute(
            "INSERT INTO results (game, tbl, ended, day, counted) VALUES (?, ?, ?, ?, ?)",
            (game, table, ended.timestamp(), day, int(counted)),
        )
        result = cursor.lastrowid
        self.db.executemany(
            "INSERT INTO result_rows (result, seat, player, place, left_early) VALUES (?, ?, ?, ?, ?)",
            [(result, n, s.player, s.place, int(s.left)) for n, s in enumerate(seats)],
        )
        self.db.executemany(
            "UPDATE players SET finished = finished + 1 WHERE id = ?",
            [(s.player,) for s in seats if not s.left],
        )
        if not counted:
            return []
        before = [self.rating(player, game) for player in players]
        after = rate([(rating, seat.place) for rating, seat in zip(before, seats, strict=True)])
        self._store_ratings(game, ended.timestamp(), zip(players, after, strict=True))
        return [RatingChange(*change) for change in zip(players, before, after, strict=True)]

    def _counted_on(self, game: str, day: str, players: Sequence[str]) -> list[list[str]]:
        """The players of each counted game of ``game`` on ``day`` that any of ``players`` was in."""
        marks = ",".join("?" * len(players))
        rows = self.db.execute(
            f"SELECT r.id, x.player FROM results r JOIN result_rows x ON x.result = r.id "
            f"WHERE r.game = ? AND r.day = ? AND r.counted AND r.id IN "
            f"(SELECT result FROM result_rows WHERE player IN ({marks}))",
            (game, day, *players),
        ).fetchall()
        games: dict[int, list[str]] = {}
        for result, player in rows:
            games.setdefault(result, []).append(player)
        return list(games.values())

    def _store_ratings(self, game: str, when: float, ratings: Iterator[tuple[str, Rating]]) -> None:
        self.db.executemany(
            "INSERT INTO ratings (player, game, mu, sigma, games, conservative, last_played) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, game) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
            "conservative = excluded.conservative, last_played = excluded.last_played",
            [(p, game, r.mu, r.sigma, r.games, r.conservative, when) for p, r in ratings],
        )

    def results(self) -> Iterator[GameResult]:
        """Every result in the order it was kept."""
        rows = self.db.execute(
            "SELECT r.id, r.game, r.day, x.player, x.place FROM results r "
            "JOIN result_rows x ON x.result = r.id ORDER BY r.id, x.seat"
        )
        current: int | None = None
        game = day = ""
        places: list[tuple[str, int]] = []
        for result, row_game, row_day, player, place in rows:
            if result != current:
                if current is not None:
                    yield GameResult(game, day, tuple(places))
                current, game, day, places = result, row_game, row_day, []
            places.append((player, place))
        if current is not None:
            yield GameResult(game, day, tuple(places))

    def recompute(self) -> list[str]:
        """Rebuild every rating from the results and store it; what differed from before, one
        line each (nothing when the stored ratings were right)."""
        rebuilt = recompute(self.results())
        kept = [bool(c) for (c,) in self.db.execute("SELECT counted FROM results ORDER BY id")]
        differences = recompute_differences(rebuilt, self.stored(), kept)
        last_played = {
            (player, game): when
            for player, game, when in self.db.execute(
                "SELECT x.player, r.game, max(r.ended) FROM results r "
                "JOIN result_rows x ON x.result = r.id WHERE r.counted GROUP BY 1, 2"
            )
        }
        with self.store.transaction():
            self.db.execute("DELETE FROM ratings")
            for (player, game), rating in rebuilt.ratings.items():
                self._store_ratings(game, last_played[player, game], iter([(player, rating)]))
        return differences

    # -- ratings and leaderboards ----------------------------------------------------------------

    def rating(self, player: str, game: str) -> Rating:
        row = self.db.execute(
            "SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (player, game)
        ).fetchone()
        return Rating(*row) if row else NEW_RATING

    def ratings(self, player: str) -> dict[str, Rating]:
        """A player's rating in each game they have played rated."""
        rows = self.db.execute(
            "SELECT game, mu, sigma, games FROM ratings WHERE player = ? ORDER BY game", (player,)
        )
        return {game: Rating(mu, sigma, games) for game, mu, sigma, games in rows}

    def stored(self) -> dict[tuple[str, str], Rating]:
        rows = self.db.execute("SELECT player, game, mu, sigma, games FROM ratings")
        return {(p, g): Rating(mu, sigma, games) for p, g, mu, sigma, games in rows}

    def name(self, player: str) -> str | None:
        """The name the player last sought a game under (None: never)."""
        row = self.db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
        return str(row[0]) if row else None

    #: who a leaderboard ranks: settled ratings (not provisional) with a recent game
    _RANKED = (
        f"r.game = ? AND r.games >= {PROVISIONAL_GAMES} AND r.sigma <= {PROVISIONAL_SIGMA} "
        "AND r.last_played >= ?"
    )
    _ROW = (
        "SELECT r.player, coalesce(p.name, '?'), coalesce(p.bot, 0), r.mu, r.sigma, r.games, "
        "p.started, p.finished FROM ratings r LEFT JOIN players p ON p.id = r.player"
    )

    def top(self, game: str, now: datetime, limit: int = 20, offset: int = 0) -> list[BoardRow]:
        """``limit`` ranked players of ``game`` by conservative rating, from rank ``offset + 1``
        (``limit`` -1: all of them)."""
        since = (now - RECENT).timestamp()
        rows = self.db.execute(
            f"{self._ROW} WHERE {self._RANKED} "
            "ORDER BY r.conservative DESC, r.player LIMIT ? OFFSET ?",
            (game, since, limit, offset),
        ).fetchall()
        return [board_row_of(rank, row) for rank, row in enumerate(rows, offset + 1)]

    def standing(self, player: str, game: str, now: datetime) -> BoardRow | None:
        """A player's own line, ranked among everyone ranked (rank None when not ranked)."""
        row = self.db.execute(
            f"{self._ROW} WHERE r.player = ? AND r.game = ?", (player, game)
        ).fetchone()
        if row is None:
            return None
        mine = board_row_of(None, row)
        since = (now - RECENT).timestamp()
        ranked = self.db.execute(
            f"SELECT count(*) FROM ratings r WHERE {self._RANKED} AND r.player = ?",
            (game, since, player),
        ).fetchone()[0]
        if not ranked:
            return mine
        ahead = self.db.execute(
            f"SELECT count(*) FROM ratings r WHERE {self._RANKED} AND "
            "(r.conservative > ? OR (r.conservative = ? AND r.player < ?))",
            (game, since, mine.rating.conservative, mine.rating.conservative, player),
        ).fetchone()[0]
        return board_row_of(ahead + 1, row)

    def everyone(self, game: str, now: datetime) -> list[BoardRow]:
        """Every rated player of ``game``, ranked ones first in order, then the rest."""
        ranked = self.top(game, now, limit=-1)
        seen = {row.player for row in ranked}
        rest = self.db.execute(
            f"{self._ROW} WHERE r.game = ? ORDER BY r.conservative DESC, r.player", (game,)
        ).fetchall()
        return ranked + [board_row_of(None, row) for row in rest if row[0] not in seen]


class LocalLadder:
    """The ``Ladder`` of a server on its own: ``SqliteLadder`` in the table store's file, its
    results written by the journal in the commit that finishes the table."""

    def __init__(self, ladder: SqliteLadder, journal: Journal) -> None:
        self.ladder = ladder
        self.journal = journal

    async def seen(self, player: str, name: str, bot: bool) -> None:
        self.ladder.seen(player, name, bot)

    async def started(self, players: Sequence[str]) -> None:
        self.ladder.started(players)

    def keep(
        self, game: str, table: str, ended: datetime, seats: Sequence[Seat]
    ) -> Awaitable[list[RatingChange]]:
        changes: list[RatingChange] = []
        self.journal.write(lambda: changes.extend(self.ladder.record(game, table, ended, seats)))
        return self._kept(changes)

    async def _kept(self, changes: list[RatingChange]) -> list[RatingChange]:
        await self.journal.settled()
        return changes

    async def rating(self, player: str, game: str) -> Rating:
        return self.ladder.rating(player, game)

    async def ratings(self, player: str) -> dict[str, Rating]:
        return self.ladder.ratings(player)

    async def name(self, player: str) -> str | None:
        return self.ladder.name(player)

    async def finish_rate(self, player: str) -> float | None:
        return self.ladder.finish_rate(player)

    async def top(self, game: str, now: datetime, limit: int, offset: int) -> list[BoardRow]:
        return self.ladder.top(game, now, limit, offset)

    async def standing(self, player: str, game: str, now: datetime) -> BoardRow | None:
        return self.ladder.standing(player, game, now)

    async def everyone(self, game: str, now: datetime) -> list[BoardRow]:
        return self.ladder.everyone(game, now)
