"""The websocket side of the server: connections, the limits every message meets, and handing
each message to the part of the server that acts on it.

A message is checked here before anything reads it: the connection's rate, its size (one far
over the limit closes the connection), that it parses, and that a connection's first message
speaks this protocol. Then the handler for its type acts on it; a ``Refusal`` it raises is sent
back as an ``error`` naming the problem, and the connection, its table and the server go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.online.connection import Connection, Limits
from cardtable.online.jobs import Jobs
from cardtable.online.journal import Journal
from cardtable.online.metrics import ServerMetrics
from cardtable.online.placement import Placement
from cardtable.online.protocol import (
    MAX_FRAME,
    MAX_MESSAGE,
    PROTOCOL,
    Hello,
    error_message,
    message_bytes,
    parse_client,
    plain_problem,
    stated_version,
    upgrade_message,
)
from cardtable.online.tables import Refusal

#: the longest message the websockets library reads at all: it closes on a longer one itself
#: (1009, before any reply), so it is kept well above ``MAX_FRAME``, which is answered first
READ_CEILING = 4 * MAX_FRAME

#: what acts on one kind of message from a connection (raising ``Refusal`` to refuse it)
Handler = Callable[[Connection, Any], Awaitable[None]]


class Transport:
    """Every open connection, and the handler of each kind of message (``routes``)."""

    def __init__(
        self,
        limits: Limits,
        journal: Journal,
        metrics: ServerMetrics,
        placement: Placement,
        jobs: Jobs,
        gone: Callable[[Connection], None],
    ) -> None:
        """``gone(conn)`` is called once a connection has closed."""
        self.limits = limits
        self.journal = journal
        self.metrics = metrics
        self.placement = placement
        self.jobs = jobs
        self.gone = gone
        self.routes: dict[type, Handler] = {}
        #: every open connection, so stopping ends their writers too
        self.connections: set[Connection] = set()

    def route(self, kind: type, handler: Handler) -> None:
        """Send every message of type ``kind`` to ``handler``."""
        self.routes[kind] = handler

    async def listen(self, host: str, port: int) -> Server:
        return await serve(
            self.handle,
            host,
            port,
            max_size=READ_CEILING,
            compression=None,
            # pings go only to peers that have gone quiet (``keepalive``), not to every peer
            ping_interval=None,
            process_request=self.placement.process_request,
        )

    def stop(self) -> None:
        for conn in self.connections:
            conn.close()

    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits, self.journal)
        self.connections.add(conn)
        overdue = asyncio.get_running_loop().call_later(
            self.limits.quotas.hello_deadline, self._overdue, conn
        )
        try:
            async for raw in ws:
                conn.heard = time.monotonic()
                if not conn.allowed():
                    conn.strikes += 1
                    if conn.strikes > self.limits.burst * 5:  # it is not listening: hang up
                        await ws.close(1008, "too many messages")
                        break
                    self.refuse(conn, "rate", "too many messages: slow down")
                    continue
                size = message_bytes(raw)
                if size > MAX_FRAME:
                    over = f"message over {MAX_FRAME // 1024} KiB ({size} bytes)"
                    self.refuse(conn, "size", f"{over}: closing the connection")
                    await self._hang_up(conn, 1009, "message too big")
                    break
                if size > MAX_MESSAGE:
                    self.refuse(conn, "size", f"message too large: at most {MAX_MESSAGE} bytes")
                    continue
                await self.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            overdue.cancel()
            self.placement.unfollow(conn)
            conn.close()
            if conn.dropped is not None:
                self.metrics.dropped(conn.dropped)
            self.connections.discard(conn)
            self.gone(conn)

    async def receive(self, conn: Connection, raw: str | bytes) -> None:
        """Act on one message, answering a refusal with an error naming it."""
        if conn.table is None:  # a first message: of this protocol, or told to upgrade
            stated = stated_version(raw)
            if stated not in (None, PROTOCOL):
                self._upgrade(conn, stated)
                return
        try:
            message = parse_client(raw)
        except ValidationError as error:
            self.refuse(conn, "invalid", plain_problem(error))
            return
        if isinstance(message, Hello) and conn.table is None and message.version != PROTOCOL:
            self._upgrade(conn, message.version)
            return
        try:
            await self.routes[type(message)](conn, message)
        except Refusal as refusal:
            self.refuse(conn, refusal.code, refusal.message)

    def refuse(self, conn: Connection, code: str, text: str) -> None:
        """Tell ``conn`` why its message was refused, and count the refusal by its code."""
        self.metrics.refused(code)
        conn.send(error_message(code, text))

    def _upgrade(self, conn: Connection, stated: int | None) -> None:
        """An older (or newer) client is told to upgrade instead: a refusal of its own kind."""
        self.metrics.refused("upgrade")
        conn.send(upgrade_message(stated))

    def _overdue(self, conn: Connection) -> None:
        """A connection that never sat down (nor opened the lobby, nor watches a table held
        elsewhere) is told why and hung up on."""
        if conn.table is None and conn.visitor is None and not self.placement.following(conn):
            deadline = f"{self.limits.quotas.hello_deadline:g}"
            self.refuse(conn, "hello", f"sit at a table within {deadline} s of connecting")
            self.jobs.spawn(self._hang_up(conn, 1008, "no hello"))

    async def _hang_up(self, conn: Connection, code: int, why: str) -> None:
        """Close once what ``conn`` was told has left (or after the send deadline)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.flushed(), self.limits.send_deadline)
        await conn.ws.close(code, why)
