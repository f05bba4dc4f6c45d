"""One client's connection as the server keeps it: its seat, its message allowance, and the
outbox it is written from, and the limits that say how patient the server is with it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed

from cardtable.online.bucket import Bucket
from cardtable.online.gate import client_address
from cardtable.online.identity import Challenge
from cardtable.online.journal import Journal
from cardtable.online.lobby import Visitor
from cardtable.online.quotas import Quotas
from cardtable.online.tables import Table

log = logging.getLogger("cardtable.server")


@dataclass
class Limits:
    """How patient the server is: grace before a bot stands in, bots' pace, message rates."""

    grace: float = 30.0
    bot_pause: float = 0.5
    #: messages a connection may send per second on average, and in one burst
    rate: float = 20.0
    burst: int = 40
    #: the bot that plays for a person who has gone
    stand_in: str = "easy"
    #: messages waiting for a slow reader at most, and seconds one send may take: past either
    #: the peer is dropped (its seat shows as away), so nobody else ever waits on its socket
    outbox: int = 256
    send_deadline: float = 10.0
    quotas: Quotas = field(default_factory=Quotas)
    #: seconds a rematch offer stands: then the server withdraws it and tells the table
    rematch_offer: float = 20.0


class Connection:
    """One client: its seat, what it has been told, its message allowance and its outbox.

    What the server says goes into a bounded queue that a writer task of this connection
    drains, so a move is applied and broadcast without waiting on any socket: a peer that
    stops reading (a stalled or hostile spectator, a suspended terminal) fills only its own
    queue, and is dropped when that overflows or one send outlasts the deadline. Each message
    waits in the queue for the commit of every store write made before it was queued, so
    nobody hears of an action before it is kept, and messages leave in the order made.
    """

    def __init__(self, ws: ServerConnection, limits: Limits, journal: Journal) -> None:
        self.ws = ws
        self.table: Table | None = None
        self.seat: int | None = None
        #: a spectator's name, for chat (a seat's name is the table's)
        self.name: str | None = None
        #: a lobby connection's visitor (who it is signed in as, what it seeks), else None
        self.visitor: Visitor | None = None
        #: a table connection's sign-in, when its hello asked to be identified (``identify``)
        self.signing: Challenge | None = None
        self.sent = 0
        self.noted = 0
        #: messages refused for coming too fast
        self.strikes = 0
        #: why the server cut this peer, if it did: "outbox", "deadline" or "commit"
        self.dropped: str | None = None
        self._bucket = Bucket(limits.rate, limits.burst)
        self._limits = limits
        self._journal = journal
        request = ws.request  # the opening handshake, done before any connection is handled
        forwarded = request.headers.get("X-Forwarded-For") if request is not None else None
        self.address = client_address(
            str(ws.remote_address[0]), forwarded, limits.quotas.behind_proxy
        )
        self._outbox: asyncio.Queue[tuple[str | bytes, asyncio.Future[None] | None]]
        self._outbox = asyncio.Queue(limits.outbox)
        #: messages queued and not yet handed to the socket (one may be in the writer's hands)
        self._queued = 0
        self._writer: asyncio.Task[None] | None = None

    def allowed(self) -> bool:
        return self._bucket.take()

    def send(self, data: str | bytes) -> None:
        """Queue a message for this peer (bytes: UTF-8 text made once for everyone it goes
        to); never waits on its socket (a full queue drops it)."""
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())
        try:
            self._outbox.put_nowait((data, self._journal.commit_pending()))
        except asyncio.QueueFull:
            self.drop("outbox", f"{self._limits.outbox} messages unread")
        else:
            self._queued += 1

    def caught_up(self) -> bool:
        """Nothing queued, nothing waiting for a commit, nothing left in the socket's buffer:
        a message for this peer may be written at once, in order."""
        return (
            not self._queued
            and self._journal.commit_pending() is None
            and not self.ws.transport.get_write_buffer_size()
        )

    def backlog(self) -> int:
        """Messages queued for this peer that its writer has not taken yet."""
        return self._outbox.qsize()

    async def flushed(self) -> None:
        """Wait until everything queued so far has been handed to the socket."""
        await self._outbox.join()

    def drop(self, cause: str, why: str) -> None:
        """Cut a peer that cannot keep up; its reader then ends and the seat goes away."""
        log.warning("dropping a client that cannot keep up: %s", why)
        self.dropped = cause
        self.close()
        self.ws.transport.abort()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()

    async def _write(self) -> None:
        while True:
            data, commit = await self._outbox.get()
            try:
                if commit is not None and not await self._kept(commit):
                    return
                if self.ws.transport.get_write_buffer_size():
                    # the peer is behind: this send may wait for it to read, but not for ever
                    async with asyncio.timeout(self._limits.send_deadline):
                        await self.ws.send(data, text=True)
                else:
                    # a peer that keeps up (nearly all, nearly always): its message goes to
                    # the socket at once, with no deadline to set and cancel. One that stops
                    # reading has data left over here by its next message, or fills its outbox
                    await self.ws.send(data, text=True)
            except ConnectionClosed:
                return
            except TimeoutError:
                self.drop("deadline", f"a send took over {self._limits.send_deadline:g} s")
                return
            finally:
                self._queued -= 1
                self._outbox.task_done()

    async def _kept(self, commit: asyncio.Future[None]) -> bool:
        """Wait for ``commit``; if it failed, this peer may have been told of a lost action
        already, so it is dropped to come back to what the server holds."""
        try:
            if not commit.done():  # (with SQLite it nearly always is by now)
                # shielded: cancelling this writer must not cancel the commit for the others
                await asyncio.shield(commit)
            commit.result()
        except Exception:
            self.drop("commit", "a store commit failed")
            return False
        return True


def fan_out(peers: Iterable[Connection], data: bytes) -> None:
    """Send the same message, already kept, to many peers (the lobby's news to its watchers).

    Those caught up get it written at once in one pass (websockets' ``broadcast``: no task,
    queue or await per peer, a third of the CPU of queueing it for each); any other has it
    queued behind what it is waiting for, as ``send`` does, so each peer's messages stay in
    order and one that stops reading is still dropped as ever."""
    ready = []
    for peer in peers:
        if peer.caught_up():
            ready.append(peer.ws)
        else:
            peer.send(data)
    broadcast(ready, data, text=True)
