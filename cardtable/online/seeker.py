"""A headless quick-match player: seek, take the matched seat, let a built-in bot play it, repeat.

What ``cardtable seek GAME --bot LEVEL`` runs, and how tests and benchmarks fill a pool.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.online import protocol as wire
from cardtable.online.botclient import BotSeat
from cardtable.online.lobbyclient import LobbyClient, LobbyError, seat_session
from cardtable.online.remote import RemoteSession
from cardtable.session.base import RatingsChanged

#: seconds a game may take before the seeker gives up on it
GAME_TIMEOUT = 600.0
#: seconds to wait for the ``rated`` message after a rated game's end
RATED_TIMEOUT = 10.0


@dataclass
class Played:
    """One quick-match game as the seeker saw it."""

    session: RemoteSession
    matched: wire.Matched

    @property
    def rated(self) -> wire.Rated | None:
        return self.session.rated


async def matched(
    lobby: LobbyClient,
    patience: float | None = None,
    status: Callable[[wire.Seeking], None] | None = None,
) -> wire.Matched:
    """Wait for the lobby to match this seeker; ``status`` hears each status on the way."""
    while True:
        news = await lobby.next_news(patience)
        if isinstance(news, wire.Matched):
            return news
        if isinstance(news, wire.Seeking) and status is not None:
            status(news)
        if isinstance(news, wire.Cancelled):
            raise LobbyError("cancelled", news.message)


async def play_matched(
    lobby: LobbyClient, news: wire.Matched, level: str, think: float = 0.0
) -> Played:
    """Take the matched seat and play it with the ``level`` bot to the game's end."""
    session = seat_session(lobby.url, news)
    rated = asyncio.Event()
    session.connect(
        lambda change: rated.set() if isinstance(change, RatingsChanged) else None,
        lambda callback: callback(),
    )
    try:
        await BotSeat(session, level, think).play(GAME_TIMEOUT)
        if session.problem is not None:
            raise LobbyError("table", session.problem)
        if news.rated:
            async with asyncio.timeout(RATED_TIMEOUT):
                await rated.wait()
    finally:
        session.close()
    return Played(session, news)


async def seek_games(
    lobby: LobbyClient,
    game: str,
    rated: bool,
    seats: tuple[int, int] | None,
    level: str,
    games: int,
    think: float = 0.0,
) -> list[Played]:
    """Seek and play ``games`` quick-match games one after another."""
    played = []
    for _ in range(games):
        await lobby.seek(game, rated, seats)
        played.append(await play_matched(lobby, await matched(lobby), level, think))
    return played
