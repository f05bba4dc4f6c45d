"""Finding peers that are gone without a word (a cut cable, a laptop shut): a ping only to a
connection the server has heard nothing from for a while, checked for all in one sweep.

websockets' own keepalive pings every connection every ``ping_interval`` from a task of its
own, whether or not the peer is talking: at a thousand tables that is a timer, two task wakeups,
a ping and a pong a connection every 20 s, a tenth of the server's CPU per move, for players
whose moves already show they are there. Here a connection that has said something since the
last sweep is not pinged; a silent one (a spectator, a player thinking) is, and one that has not
answered a ping within ``ping_timeout`` is dropped, its seat then away as for any lost peer.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable

from websockets.exceptions import ConnectionClosed

from cardtable.online.connection import Connection
from cardtable.online.jobs import Jobs


class Keepalive:
    """Sweeps ``connections`` every ``interval`` seconds, pinging the silent ones."""

    def __init__(
        self, connections: Iterable[Connection], interval: float, timeout: float, jobs: Jobs
    ) -> None:
        self.connections = connections
        self.interval = interval
        self.timeout = timeout
        self.jobs = jobs

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> None:
        """Drop each connection whose ping is unanswered past the timeout; ping each one
        heard from no later than a whole interval ago."""
        for conn in tuple(self.connections):
            if conn.pinged is not None:
                if now - conn.pinged >= self.timeout:
                    conn.drop("keepalive", f"no answer to a ping in {self.timeout:g} s")
            elif now - conn.heard >= self.interval:
                conn.pinged = now
                self.jobs.spawn(self._ping(conn))

    @staticmethod
    async def _ping(conn: Connection) -> None:
        try:
            pong = await conn.ws.ping()
            await pong
        except ConnectionClosed:
            return
        conn.pinged = None
        conn.heard = time.monotonic()
