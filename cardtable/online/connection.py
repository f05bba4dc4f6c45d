"""One client's connection as the server keeps it: its seat, its message allowance, and the
outbox it is written from, and the limits that say how patient the server is with it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from struct import pack

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

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
    #: a peer silent this long is pinged, and dropped if it does not answer in ``ping_timeout``
    #: (see ``keepalive``: those that talk are not pinged)
    ping_interval: float = 20.0
    ping_timeout: float = 20.0


#: the last frame made and what it was made from: an update goes to each peer of its audience
#: in turn, the same object each time, so it is framed once for them all
_last_framed: tuple[str | bytes, bytes] = (b"", b"\x81\x00")


def text_frame(data: str | bytes) -> bytes:
    """``data`` (bytes: UTF-8 text) as a whole unmasked WebSocket text frame, as a server sends
    it (RFC 6455 section 5.2): FIN and the text opcode, then the length in 7 bits, or 126 and
    16 bits, or 127 and 64 bits, then the payload (``test_frames`` holds it to websockets')."""
    global _last_framed
    if _last_framed[0] is data:
        return _last_framed[1]
    payload = data.encode() if isinstance(data, str) else data
    size = len(payload)
    if size < 126:
        head = pack("!BB", 0x81, size)
    elif size < 65536:
        head = pack("!BBH", 0x81, 126, size)
    else:
        head = pack("!BBQ", 0x81, 127, size)
    _last_framed = (data, head + payload)
    return _last_framed[1]


class Connection:
    """One client: its seat, what it has been told, its message allowance and its outbox.

    What the server says to a peer leaves in the order said, and never before the store has
    kept every write made before it was said: nobody hears of an action that could be lost.
    A peer that keeps up (nearly all, nearly always) has each message written straight to its
    socket, with no task, queue or await of its own: at once when nothing is pending, else in
    the very turn of the loop that commits what it waits for (``Journal.after``). Only a peer
    whose socket is backed up gets a writer task, whose sends may wait for it to read but
    never past ``send_deadline``; a peer that stops reading (a stalled or hostile spectator, a
    suspended terminal) fills only its own outbox and is dropped when that overflows, so
    nobody else ever waits on it.
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
        #: why the server cut this peer, if it did: "outbox", "deadline", "commit" or
        #: "keepalive"
        self.dropped: str | None = None
        #: when the server last heard from this peer (``time.monotonic``), and when it pinged it
        #: if that ping is unanswered (``keepalive``)
        self.heard = time.monotonic()
        self.pinged: float | None = None
        self._bucket = Bucket(limits.rate, limits.burst)
        self._limits = limits
        self._journal = journal
        request = ws.request  # the opening handshake, done before any connection is handled
        forwarded = request.headers.get("X-Forwarded-For") if request is not None else None
        self.address = client_address(
            str(ws.remote_address[0]), forwarded, limits.quotas.behind_proxy
        )
        #: messages not written yet, in order, each with the commit it waits for
        self._outbox: deque[tuple[str | bytes, asyncio.Future[None] | None]] = deque()
        #: the writer of a backed-up peer, while it has one
        self._writer: asyncio.Task[None] | None = None
        #: resolved when the outbox is next empty (made by ``flushed`` only)
        self._emptied: asyncio.Future[None] | None = None
        self._closed = False

    def allowed(self) -> bool:
        return self._bucket.take()

    def send(self, data: str | bytes) -> None:
        """Say ``data`` to this peer (bytes: UTF-8 text made once for everyone it goes to):
        written now if it may be, else held in order; never waits on its socket."""
        if self._closed:
            return
        commit = self._journal.commit_pending()
        if not self._outbox and commit is None and self._writer is None and not self._backed_up():
            self._write_now(data)
        elif len(self._outbox) >= self._limits.outbox:
            self.drop("outbox", f"{self._limits.outbox} messages unread")
        else:
            self._outbox.append((data, commit))
            if len(self._outbox) == 1:  # else the outbox is already moving
                self._release()

    def backlog(self) -> int:
        """Messages held for this peer, not written to its socket yet."""
        return len(self._outbox)

    async def flushed(self) -> None:
        """Wait until everything said so far has been handed to the socket."""
        if self._outbox:
            if self._emptied is None:
                self._emptied = asyncio.get_running_loop().create_future()
            # shielded: one waiter giving up must not cancel the wait for the others
            await asyncio.shield(self._emptied)

    def drop(self, cause: str, why: str) -> None:
        """Cut a peer that cannot keep up; its reader then ends and the seat goes away."""
        log.warning("dropping a client: %s", why)
        self.dropped = cause
        self.close()
        self.ws.transport.abort()

    def close(self) -> None:
        self._closed = True
        if self._writer is not None:
            self._writer.cancel()

    def _backed_up(self) -> bool:
        """Bytes left in the socket's buffer: the peer has not read what it was sent."""
        return bool(self.ws.transport.get_write_buffer_size())

    def _write_now(self, data: str | bytes) -> None:
        """Write ``data`` as one text frame straight to the socket, as websockets'
        ``broadcast`` does (without awaiting; a connection that is closing is skipped, and a
        failed write only logged, so the others are still written), but without its walk
        through the library's frame objects: this runs for every peer on every move."""
        if self.ws.state is not State.OPEN:
            return
        try:
            self.ws.transport.write(text_frame(data))
        except Exception as error:
            log.warning("skipped a write to a client: %s", error)

    def _release(self) -> None:
        """Write the outbox in order as far as it may go now: up to a message whose commit is
        pending (this runs again when it is done), or to a socket that is backed up (a
        writer task takes over)."""
        while self._outbox and self._writer is None and not self._closed:
            data, commit = self._outbox[0]
            if commit is not None:
                if not commit.done():
                    self._journal.after(commit, self._release)
                    return
                if not self._kept(commit):
                    return
            if self._backed_up():
                self._writer = asyncio.get_running_loop().create_task(self._write())
                return
            self._outbox.popleft()
            self._write_now(data)
        self._note_empty()

    async def _write(self) -> None:
        """Write a backed-up peer's outbox, each send waiting for it to read (not for ever)."""
        try:
            while self._outbox:
                data, commit = self._outbox[0]
                if commit is not None:
                    if not commit.done():
                        # shielded: cancelling this writer must not cancel the commit
                        await asyncio.shield(commit)
                    if not self._kept(commit):
                        return
                self._outbox.popleft()
                async with asyncio.timeout(self._limits.send_deadline):
                    await self.ws.send(data, text=True)
        except ConnectionClosed:
            return
        except TimeoutError:
            self.drop("deadline", f"a send took over {self._limits.send_deadline:g} s")
            return
        finally:
            self._writer = None
        self._note_empty()

    def _kept(self, commit: asyncio.Future[None]) -> bool:
        """Whether ``commit`` (done) kept its writes; if it failed, this peer may have been told
        of a lost action already, so it is dropped to come back to what the server holds."""
        if commit.cancelled() or commit.exception() is not None:
            self.drop("commit", "a store commit failed")
            return False
        return True

    def _note_empty(self) -> None:
        if self._emptied is not None and not self._outbox:
            self._emptied.set_result(None)
            self._emptied = None
