"""A real server on an ephemeral 127.0.0.1 port, and clients that play through it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import Server
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.streams import StreamReader

from cardtable.games.registry import get
from cardtable.online.botclient import BotSeat
from cardtable.online.remote import RemoteSession
from cardtable.online.server import GameServer, Limits
from cardtable.online.store import SqliteStore
from tests.waits import PATIENCE, until

# the online tests' own waits: named here, as the tests have always imported them
__all__ = ["PATIENCE", "Running", "play_out", "server", "until"]


@dataclass
class Running:
    """A server that the tests may stop and start again from its store."""

    db: Path
    limits: Limits
    port: int = 0
    game: GameServer | None = None
    listening: Server | None = None
    sessions: list[RemoteSession] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def start(self) -> GameServer:
        self.game = GameServer(SqliteStore(self.db), self.limits)
        self.listening = await self.game.start("127.0.0.1", self.port)
        self.port = self.listening.sockets[0].getsockname()[1]
        return self.game

    async def stop(self) -> None:
        """Stop as a killed process would: connections cut, nothing said, the store kept."""
        assert self.game is not None and self.listening is not None
        self.game.stop()
        self.listening.close()
        await self.listening.wait_closed()
        self.game.store.close()  # type: ignore[attr-defined]

    def session(self, game: str, hello: dict[str, Any]) -> RemoteSession:
        session = RemoteSession(get(game), self.url, hello)
        self.sessions.append(session)
        return session

    async def seated(self, game: str, hello: dict[str, Any]) -> RemoteSession:
        """A session that has had its first update."""
        session = self.session(game, hello)
        session.start()
        await asyncio.wait_for(session.ready.wait(), PATIENCE)
        assert session.problem is None, session.problem
        return session

    async def table(self, game: str, seats: list[str], **options: str) -> list[RemoteSession]:
        """A new table with every human seat taken: the host first, then the guests."""
        host = await self.seated(
            game, {"type": "create", "game": game, "seats": seats, "options": options}
        )
        guests = [
            await self.seated(game, {"type": "join", "code": host.invite, "name": f"G{i}"})
            for i in range(seats.count("human") - 1)
        ]
        return [host, *guests]


class _Buffer:
    """The transport of a fake socket: how much it holds unsent (it never changes), and each
    whole frame written to it, read back as websockets reads one, handed to ``heard``."""

    def __init__(self, unsent: int, heard: Callable[[str | bytes], None]) -> None:
        self.unsent = unsent
        self.heard = heard

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def write(self, data: bytes) -> None:
        reader = StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        parsing = Frame.parse(reader.read_exact, mask=False)
        try:
            next(parsing)
        except StopIteration as parsed:
            frame = parsed.value
        assert frame.opcode is Opcode.TEXT and frame.fin and reader.at_eof()
        self.heard(frame.data)


class FakeSocket:
    """The websocket of a server ``Connection`` that a test drives without a network.

    The server writes a whole text frame to the socket of a peer that keeps up, and awaits
    ``send`` for a peer whose socket is ``backed_up``: either way every message reaches
    ``heard``, in order."""

    remote_address = ("127.0.0.1", 1)
    request = None
    state = State.OPEN

    def __init__(self, backed_up: bool = False) -> None:
        self.transport = _Buffer(1 if backed_up else 0, self.heard)
        #: what the server said, as text
        self.sent: list[str] = []

    async def send(self, message: str | bytes, text: bool | None = None) -> None:
        self.heard(message)

    def heard(self, message: str | bytes) -> None:
        self.sent.append(message.decode() if isinstance(message, bytes) else message)


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Running]:
    running = Running(tmp_path / "server.sqlite3", Limits(grace=0.3, bot_pause=0.0))
    await running.start()
    yield running
    for session in running.sessions:
        session.close()
    await running.stop()


async def play_out(sessions: list[RemoteSession], level: str = "easy") -> None:
    """Every session's seat played by a bot until the game is over."""
    seats = [BotSeat(s, level) for s in sessions]
    await asyncio.gather(*(seat.play(PATIENCE) for seat in seats))
