"""The game server: one asyncio process holding every table, on the ``websockets`` library.

It is put together from parts with one job each, sharing one ``TableDirectory``:

- ``transport.Transport``: the connections, the limits on every message, and the handler each
  kind of message goes to;
- ``keepalive.Keepalive``: a ping to each peer gone quiet, and dropping one that never answers;
- ``seating.Seating``: opening, joining, resuming and watching a table, and leaving it;
- ``play.TablePlay``: moves, bots, chat and rematches, kept in the journal and told to all;
- ``absence.Absences``: the grace period of an empty seat, then a stand-in bot;
- ``lifecycle.Lifecycle``: tables rebuilt from the store, closed when idle, given up;
- a ``placement.Placement``: this server alone (``SingleNode``) or one node of several.

A connection's first message sits it at a table (create, join, resume by token, or watch);
after that it sends moves, chat and rematch requests. Every refusal is an ``error`` message
naming the problem: the connection, its table and the server carry on.
"""

from __future__ import annotations

from collections.abc import Callable

from websockets.asyncio.server import Server

from cardtable.online.absence import Absences
from cardtable.online.connection import Limits
from cardtable.online.directory import TableDirectory
from cardtable.online.gate import Gate
from cardtable.online.jobs import Jobs
from cardtable.online.journal import Journal
from cardtable.online.keepalive import Keepalive
from cardtable.online.lifecycle import Lifecycle
from cardtable.online.metrics import ServerMetrics
from cardtable.online.placement import Placement, SingleNode
from cardtable.online.play import TablePlay
from cardtable.online.protocol import (
    Cancel,
    Chat,
    Create,
    Join,
    Lobby,
    Move,
    Rematch,
    Resume,
    Seek,
    SignIn,
    Subscribe,
    Top,
    Watch,
    WhoAmI,
)
from cardtable.online.quickplay import QuickPlay
from cardtable.online.seating import Seating
from cardtable.online.store import SharedStore, TableStore
from cardtable.online.transport import Transport

__all__ = ["GameServer", "Limits"]


def _unsaid(step: str) -> None:
    """A start nobody watches."""


class GameServer:
    """Every table of one server, and the parts that serve them."""

    def __init__(
        self,
        store: TableStore | SharedStore,
        limits: Limits | None = None,
        placement: Callable[[TableDirectory, Journal], Placement] | None = None,
    ) -> None:
        """``placement`` makes this server one node of several (``cluster.Node``); by
        default it is on its own."""
        self.store = store
        self.limits = limits = limits or Limits()
        self.tables = TableDirectory()
        #: actions and finished games, committed a loop turn's worth at a time
        self.journal = Journal(store)
        self.metrics = ServerMetrics()
        self.gate = Gate(limits.quotas)
        self.jobs = Jobs()
        self.placement = SingleNode() if placement is None else placement(self.tables, self.journal)
        self.play = TablePlay(
            self.tables,
            store,
            self.journal,
            self.metrics,
            self.placement,
            self.jobs,
            limits.bot_pause,
            limits.rematch_offer,
        )
        self.absences = Absences(self.tables, limits.grace, limits.stand_in, self.play.changed)
        self.lifecycle = Lifecycle(
            self.tables,
            store,
            self.journal,
            self.gate,
            self.placement,
            self.absences,
            self.play,
            self.jobs,
            limits.quotas.idle_minutes,
        )
        self.seating = Seating(
            self.tables,
            store,
            self.journal,
            self.gate,
            self.placement,
            self.absences,
            self.play,
            self.lifecycle,
        )
        self.quick = QuickPlay(
            self.tables,
            store,
            self.journal,
            self.placement,
            self.seating,
            self.play,
            self.lifecycle,
            self.jobs,
            self.placement.meeting(store, self.journal),
        )
        self.transport = Transport(
            limits, self.journal, self.metrics, self.placement, self.jobs, self.quick.gone
        )
        self.keepalive = Keepalive(
            self.transport.connections, limits.ping_interval, limits.ping_timeout, self.jobs
        )
        self.transport.route(Watch, self.seating.sit)
        self.transport.route(Join, self.quick.join)
        self.transport.route(Create, self.quick.create)
        self.transport.route(Resume, self.quick.resume)
        self.transport.route(Lobby, self.quick.greet)
        for request in (SignIn, Seek, Cancel, Subscribe, Top, WhoAmI):
            self.transport.route(request, self.quick.request)
        self.transport.route(Move, self.quick.move)
        self.transport.route(Chat, self.play.say)
        self.transport.route(Rematch, self.play.rematch)

    async def start(
        self, host: str = "127.0.0.1", port: int = 7777, step: Callable[[str], None] = _unsaid
    ) -> Server:
        """Bring up the tables this server holds, then listen; the returned server's
        ``close()`` stops it. ``step`` is told what the start waits on at each step."""
        step("bringing up the tables it holds (on a cluster: PostgreSQL and Redis)")
        await self.placement.start(self.tables, self.lifecycle)
        step("opening the lobby (on a cluster: subscribing to its Redis channels)")
        await self.quick.lobby.meeting.start(self.quick.lobby)
        step(f"opening its socket on {host}:{port}")
        server = await self.transport.listen(host, port)
        self.quick.lobby.meeting.open()  # given tables and waves only once it listens
        self.jobs.spawn(self.keepalive.run())
        self.jobs.spawn(self.lifecycle.sweep())
        self.jobs.spawn(self.quick.lobby.run())
        return server

    def stop(self) -> None:
        """Forget pending bot moves and grace timers (the listening server is closed apart)."""
        self.absences.stop()
        self.jobs.cancel()
        self.transport.stop()

    async def shut_down(self) -> None:
        """``stop``, then wait until every job has ended (``Jobs.end_all``)."""
        self.stop()
        await self.jobs.end_all()
