"""The client side of a lobby connection: sign in, seek a quick match, watch the listed tables,
read leaderboards. Headless and async, for the Lobby screen, ``cardtable seek/top/whoami/lobby``
and the tests alike (/work/LOBBY_API.md and docs/PROTOCOL.md say how to use it).

A request (``whoami``, ``top``, ``seek``, ``cancel``, ``subscribe``) is answered in order by the
server; everything else it sends on its own (the seek's progress, a match, the listings' changes)
arrives in :attr:`LobbyClient.news`. The connection is not redialled: a seeker whose line drops
has left the pool, and seeks again on a new connection.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.identity import DOOR_PASS_ENV, Identity
from cardtable.online.link import OPEN_TIMEOUT, TRANSPORT
from cardtable.online.remote import RemoteSession

#: what the lobby pushes unasked: the screen's news
News = (
    wire.Seeking
    | wire.Matched
    | wire.CalledOff
    | wire.Cancelled
    | wire.Listed
    | wire.Unlisted
    | wire.Listing
)


class LobbyError(Exception):
    """The server refused a request (``code`` for programs, the text for people), or the
    connection ended or could not be made."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _Pending:
    answers: frozenset[str]
    reply: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class LobbyClient:
    """One lobby connection, open until :meth:`close`."""

    def __init__(self, url: str, ws: ClientConnection) -> None:
        self.url = url
        self.ws = ws
        #: who the server says this connection is (after ``open``)
        self.you: wire.You | None = None
        #: what the server pushed, in order; None once the connection has ended
        self.news: asyncio.Queue[News | None] = asyncio.Queue()
        #: the listed tables by watch code, kept current once subscribed
        self.tables: dict[str, wire.ListedTable] = {}
        #: called after each change to ``tables`` (a screen redraws its list)
        self.on_tables: Callable[[], None] | None = None
        self._pending: list[_Pending] = []
        self._challenge: asyncio.Future[wire.Challenge] = asyncio.get_running_loop().create_future()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls, url: str, name: str = "Player", identity: Identity | None = None, bot: bool = False
    ) -> LobbyClient:
        """Connect and, with ``identity``, sign in (rated play needs it); LobbyError if the
        server cannot be reached or refuses the key. In an SSH visitor's app the door's pass
        (``DOOR_PASS_ENV``) signs in instead, as the SSH key the visitor logged in with."""
        try:
            ws = await connect(url, open_timeout=OPEN_TIMEOUT, max_size=2**24, compression=None)
        except TRANSPORT as error:
            raise LobbyError("unreachable", f"cannot reach {url}: {error}") from None
        client = cls(url, ws)
        # an SSH visitor's app: the door vouches for the key the visitor logged in with
        door = os.environ.get(DOOR_PASS_ENV) or None
        hello = wire.Lobby(type="lobby", version=wire.PROTOCOL, name=name, bot=bot, door=door)
        await client._send(hello.model_dump_json())
        challenge = await client._challenge
        if identity is None or door is not None:
            client.you = await client.whoami()
        else:
            client.you = await client.sign_in(identity, challenge)
        return client

    async def sign_in(self, identity: Identity, challenge: wire.Challenge) -> wire.You:
        """Sign the server's nonce with ``identity``, bound to the Host this client dialled."""
        assert self.ws.request is not None
        host = self.ws.request.headers["Host"]
        signature = identity.sign(host, base64.b64decode(challenge.nonce))
        request = wire.SignIn(
            type="sign_in", key=identity.public, signature=base64.b64encode(signature).decode()
        )
        you: wire.You = await self._ask(request, "you")
        return you

    async def whoami(self) -> wire.You:
        you: wire.You = await self._ask(wire.WhoAmI(type="whoami"), "you")
        self.you = you
        return you

    async def top(
        self, game: str, limit: int = 20, offset: int = 0, everyone: bool = False
    ) -> wire.Board:
        request = wire.Top(type="top", game=game, limit=limit, offset=offset, everyone=everyone)
        board: wire.Board = await self._ask(request, "board")
        return board

    async def solo(self, game: str, limit: int = 20, offset: int = 0) -> wire.SoloBoard:
        """A page of a solo game's best scores (Flip 7's race to 200), and this player's own."""
        request = wire.Top(type="top", game=game, limit=limit, offset=offset, solo=True)
        board: wire.SoloBoard = await self._ask(request, "solo_board")
        return board

    async def everyone(self, game: str, page: int = 1000) -> list[wire.BoardRow]:
        """Every rated player of ``game``, ranked first, a page at a time."""
        rows: list[wire.BoardRow] = []
        while True:
            board = await self.top(game, limit=page, offset=len(rows), everyone=True)
            rows.extend(board.rows)
            if len(board.rows) < page:
                return rows

    async def seek(
        self, game: str, rated: bool = False, seats: tuple[int, int] | None = None
    ) -> wire.Seeking:
        """Join the game's pool (or change this player's seek); the first status. Matches and
        later statuses arrive in ``news``."""
        status: wire.Seeking = await self._ask(
            wire.Seek(type="seek", game=game, rated=rated, seats=seats), "seeking"
        )
        return status

    async def cancel(self) -> None:
        await self._ask(wire.Cancel(type="cancel"), "cancelled")

    async def subscribe(self) -> dict[str, wire.ListedTable]:
        """The listed tables now; ``tables`` follows every change from here on."""
        listing: wire.Listing = await self._ask(wire.Subscribe(type="subscribe"), "listing")
        self.tables = {row.watch: row for row in listing.tables}
        return self.tables

    async def next_news(self, timeout: float | None = None) -> News:
        """The next thing the server pushed; LobbyError once the connection has ended."""
        async with asyncio.timeout(timeout):
            item = await self.news.get()
        if item is None:
            self.news.put_nowait(None)  # every later reader hears it too
            raise LobbyError("closed", "the lobby connection has ended")
        return item

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    # -- the wire --------------------------------------------------------------------------------

    async def _send(self, text: str) -> None:
        try:
            await self.ws.send(text)
        except ConnectionClosed:
            raise LobbyError("closed", "the lobby connection has ended") from None

    async def _ask(self, request: wire._Message, *answers: str) -> Any:
        pending = _Pending(frozenset(answers))
        self._pending.append(pending)
        await self._send(request.model_dump_json())
        return await pending.reply

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self._heard(wire.parse_server(raw))
        except ConnectionClosed:
            pass
        finally:
            ended = LobbyError("closed", "the lobby connection has ended")
            for pending in self._pending:
                if not pending.reply.done():
                    pending.reply.set_exception(ended)
            if not self._challenge.done():
                self._challenge.set_exception(ended)
            self.news.put_nowait(None)

    def _heard(self, message: Any) -> None:
        if isinstance(message, wire.Challenge):
            if not self._challenge.done():
                self._challenge.set_result(message)
            return
        if isinstance(message, wire.Upgrade | wire.Error) and not self._challenge.done():
            code = "upgrade" if isinstance(message, wire.Upgrade) else message.code
            self._challenge.set_exception(LobbyError(code, message.message))
            return
        if isinstance(message, wire.Upgrade | wire.Error) and self._pending:
            pending = self._pending.pop(0)
            code = "upgrade" if isinstance(message, wire.Upgrade) else message.code
            pending.reply.set_exception(LobbyError(code, message.message))
            return
        if self._pending and message.type in self._pending[0].answers:
            self._pending.pop(0).reply.set_result(message)
            return
        if isinstance(message, wire.Listed):
            self.tables[message.table.watch] = message.table
        elif isinstance(message, wire.Unlisted):
            self.tables.pop(message.watch, None)
        if isinstance(message, wire.Listed | wire.Unlisted) and self.on_tables is not None:
            self.on_tables()
        self.news.put_nowait(message)


def seat_session(url: str, matched: wire.Matched) -> RemoteSession:
    """The table session for a match: it takes the matched seat with its token (not started:
    call ``start()``, or hand it to a table screen or a ``BotSeat``)."""
    session = RemoteSession(
        GAMES.get(matched.game), url, {"type": "resume", "token": matched.token}
    )
    # connects at the table's own address: a node of several that does not hold it sends the
    # seat on to the one that does
    session.invite = matched.invite
    return session
