"""What a server's start still waits for, said in its log every few seconds while it waits.

A node's start waits on things outside it: PostgreSQL (a connection, the schema's lock, the
tables no node holds), Redis (the lobby's channels), its socket. A start that waited without
a word left an operator with a silent process that never listened; now the log names the step
and how long it has waited, so a database that does not answer is seen within seconds.
"""

from __future__ import annotations

import asyncio
import logging
import time
import urllib.parse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from cardtable.online.jobs import end

log = logging.getLogger("cardtable.server")

#: how long a start step may take before the log says the start still waits on it, and how
#: often it says so again
STILL_STARTING_EVERY = 5.0


class StartWatch:
    """The step a start is at (``now``), told in the log while ``watching`` lasts and the
    start takes longer than ``STILL_STARTING_EVERY`` seconds (counted from its creation)."""

    def __init__(self) -> None:
        self.step = "starting"
        self.began = time.monotonic()

    def now(self, step: str) -> None:
        self.step = step

    @asynccontextmanager
    async def watching(self) -> AsyncIterator[StartWatch]:
        telling = asyncio.get_running_loop().create_task(self._tell())
        try:
            yield self
        finally:
            await end([telling])

    async def _tell(self) -> None:
        while True:
            await asyncio.sleep(STILL_STARTING_EVERY)
            waited = time.monotonic() - self.began
            log.warning("still starting after %.0f s: %s", waited, self.step)


def shown(url: str) -> str:
    """``url`` as a log may show it: without a password it may hold."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return parts._replace(netloc=f"{user}{parts.hostname}{port}").geturl()
