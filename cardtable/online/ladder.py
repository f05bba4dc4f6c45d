"""A ladder's contract: players, results and ratings as the lobby asks for them, whether one node
keeps them (``sqliteladder``) or a cluster shares them (``pgladder``), and the pieces both use.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from cardtable.online.ratings import Rating, Recomputed

#: a leaderboard shows players with a rated game of it within this many days
RECENT = timedelta(days=30)


@dataclass(frozen=True)
class Seat:
    """One seat's line in a finished rated game."""

    player: str
    place: int  # 1 is first; leavers already moved last (ratings.places_from_order)
    left: bool = False


@dataclass(frozen=True)
class RatingChange:
    player: str
    before: Rating
    after: Rating


@dataclass(frozen=True)
class BoardRow:
    """A player's line on a leaderboard (``rank`` None: not ranked, too few recent games)."""

    rank: int | None
    player: str
    name: str
    bot: bool
    rating: Rating
    finish_rate: float | None


def recompute_differences(
    rebuilt: Recomputed, stored: dict[tuple[str, str], Rating], kept: list[bool]
) -> list[str]:
    """How the stored ratings (and which results counted) differ from those rebuilt from the
    results, one line each: none when they agree."""
    differences = [
        f"{player} in {game}: stored {stored.get((player, game))}, rebuilt {rating}"
        for (player, game), rating in rebuilt.ratings.items()
        if stored.get((player, game)) != rating
    ]
    differences += [
        f"{player} in {game}: stored {rating}, but no counted result names them"
        for (player, game), rating in stored.items()
        if (player, game) not in rebuilt.ratings
    ]
    if kept != rebuilt.counted:
        differences.append("the daily pair limit was applied differently from the results")
    return differences


def day_of(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d")


def board_row_of(rank: int | None, row: Sequence[Any]) -> BoardRow:
    """A leaderboard line from a ``_ROW`` row."""
    player, name, bot, mu, sigma, games, started, finished = row
    finish_rate = finished / started if started else None
    return BoardRow(rank, player, name, bool(bot), Rating(mu, sigma, games), finish_rate)


class Ladder(Protocol):
    """Players, results and ratings as the lobby asks for them, on one node or shared by all
    (``pgladder.PostgresLadder``): every call may wait on a database server."""

    async def seen(self, player: str, name: str, bot: bool) -> None:
        """A signed-in player, under the name they use now."""

    async def started(self, players: Sequence[str]) -> None:
        """Each of ``players`` sat down to a rated game."""

    def keep(
        self, game: str, table: str, ended: datetime, seats: Sequence[Seat]
    ) -> Awaitable[list[RatingChange]]:
        """Keep a rated game's result and apply it in the same commit as the table's end
        (journalled just before): written to the journal now, before this returns. Awaited:
        the changes once that commit is kept (none: the daily pair limit, or a result this
        table already has)."""
        ...

    async def rating(self, player: str, game: str) -> Rating: ...

    async def ratings(self, player: str) -> dict[str, Rating]: ...

    async def name(self, player: str) -> str | None: ...

    async def finish_rate(self, player: str) -> float | None: ...

    async def top(self, game: str, now: datetime, limit: int, offset: int) -> list[BoardRow]: ...

    async def standing(self, player: str, game: str, now: datetime) -> BoardRow | None: ...

    async def everyone(self, game: str, now: datetime) -> list[BoardRow]: ...
