"""The line from a client to a game server: one websocket at a time, dialled again after a drop.

What the messages mean is the ``Peer``'s business (``RemoteSession``): this module only keeps a
connection up, waits a growing and jittered pause between attempts, and sends text without making
anyone wait for the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Coroutine
from typing import Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

#: seconds to wait for a server to answer a new connection
OPEN_TIMEOUT = 5.0
#: what a lost or refused connection raises (anything else from the peer is its own)
TRANSPORT = (OSError, WebSocketException, TimeoutError)


class Peer(Protocol):
    """What the link asks of the side that understands the messages."""

    def greeting(self) -> str:
        """The first message on every new connection."""
        ...

    def heard(self, raw: str | bytes) -> None:
        """One message from the server; raises ``ValueError`` if it cannot be read."""
        ...

    def dropped(self, error: Exception | None) -> bool:
        """The connection ended (``error``: why, if it failed): True to dial again."""
        ...

    def given_up(self) -> None:
        """Every attempt failed in a row."""
        ...


class Backoff:
    """Pauses between attempts: the ceiling doubles from ``first`` to ``last`` seconds, and each
    pause is drawn from its upper half, so clients dropped together (a server restart) do not
    all knock again in the same instant."""

    def __init__(
        self, first: float = 0.1, last: float = 2.0, rng: random.Random | None = None
    ) -> None:
        self.first, self.last = first, last
        self.ceiling = first
        self.rng = rng or random.Random()

    def reset(self) -> None:
        """A connection worked: the next drop starts from the shortest pause again."""
        self.ceiling = self.first

    def next(self) -> float:
        pause = self.rng.uniform(self.ceiling / 2, self.ceiling)
        self.ceiling = min(self.ceiling * 2, self.last)
        return pause


class Link:
    """A connection to the server at ``url``, kept up as a task on the running loop."""

    def __init__(self, url: str, backoff: Backoff | None = None) -> None:
        self.url = url
        self.backoff = backoff or Backoff()
        #: the open websocket, None while (re)connecting
        self.ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._sending: set[asyncio.Task[None]] = set()

    @property
    def connected(self) -> bool:
        return self.ws is not None

    def start(self, peer: Peer) -> None:
        """Begin connecting on the running loop (once)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run(peer))

    async def run(self, peer: Peer, attempts: int = 10_000) -> None:
        """Stay connected, dialling again after a drop up to ``attempts`` times in a row, as long
        as the peer wants to."""
        for _ in range(attempts):
            error: Exception | None = None
            try:
                async with connect(
                    self.url, open_timeout=OPEN_TIMEOUT, max_size=2**22, compression=None
                ) as ws:
                    self.ws = ws
                    await ws.send(peer.greeting())
                    async for raw in ws:
                        peer.heard(raw)
                        self.backoff.reset()
            except TRANSPORT as failed:
                error = failed
            except ValueError as unreadable:  # a message that is not this protocol's
                error = unreadable
            self.ws = None
            if not peer.dropped(error):
                return
            await asyncio.sleep(self.backoff.next())
        peer.given_up()

    def hang_up(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def send(self, text: str) -> None:
        """Send ``text`` if connected, without waiting for it to go."""
        if self.ws is not None:
            self._spawn(_quietly(self.ws.send(text)))

    def close_soon(self, delay: float = 1.0) -> None:
        """Close this connection in ``delay`` seconds (the server has not seen the last one go:
        it will, and the next connection can take the seat)."""
        ws = self.ws
        if ws is not None:
            asyncio.get_running_loop().call_later(delay, lambda: self._spawn(ws.close()))

    def _spawn(self, sending: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(sending)
        self._sending.add(task)  # held until done: the loop keeps only weak references
        task.add_done_callback(self._sending.discard)


async def _quietly(sending: Coroutine[object, object, None]) -> None:
    with contextlib.suppress(ConnectionClosed):
        await sending
