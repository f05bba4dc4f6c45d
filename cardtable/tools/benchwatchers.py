"""One worker process of ``bench lobby``: lobby clients watching the listed tables, each noting
when every change reaches it.

Each client opens a lobby connection, subscribes, and from then on notes the moment each
``listed`` or ``unlisted`` message arrives, keyed by what changed (``"WATCH 2"``: the table
``WATCH`` now shows two seats taken; ``"WATCH -"``: it went). The parent knows when it made each
change and pairs the two. Times are ``CLOCK_MONOTONIC`` (:func:`now`), one clock for every process
of the machine, so a time noted here and one noted by the parent can be subtracted.

Like ``benchclients`` the watchers read with plain ``json`` and keep nothing but the times: a
lobby screen's parsing would be its own machine's work, not this one's. The worker reports its
event-loop lag too, so a generator too busy to read in time is seen as such.

The parent talks to it by lines: it prints ``{"ready": n, "rows": r}`` once every client holds the
listing (``r`` rows), then waits for any line on its standard input and prints its figures.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable.online.protocol import PROTOCOL
from cardtable.tools.benchclients import lag_figures, probe_lag

#: clients connected at once while the worker starts
BATCH = 50


def now() -> float:
    """The machine's monotonic clock, the same in every process (seconds)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def change_key(message: dict[str, Any]) -> str | None:
    """What a lobby message says changed, as the parent names its changes (None: no change)."""
    if message.get("type") == "listed":
        table = message["table"]
        return f"{table['watch']} {table['taken']}"
    if message.get("type") == "unlisted":
        return f"{message['watch']} -"
    return None


class Watchers:
    """The worker's lobby clients and when each change reached each of them."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.arrivals: dict[str, list[float]] = {}
        self.readers: list[asyncio.Task[None]] = []
        self.rows = 0
        self.closed = 0

    async def _open(self) -> None:
        ws = await connect(self.url, open_timeout=60, compression=None, max_size=2**24)
        hello = {"type": "lobby", "version": PROTOCOL, "name": "Watcher"}
        await ws.send(json.dumps(hello))
        await ws.send('{"type": "subscribe"}')
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "listing":
                self.rows = len(message["tables"])
                break
            if message.get("type") == "error":
                raise RuntimeError(f"the server refused a watcher: {message}")
        self.readers.append(asyncio.get_running_loop().create_task(self._read(ws)))

    async def open(self, count: int) -> None:
        for start in range(0, count, BATCH):
            await asyncio.gather(*(self._open() for _ in range(start, min(count, start + BATCH))))

    async def _read(self, ws: ClientConnection) -> None:
        seen: set[str] = set()
        try:
            async for raw in ws:
                arrived = now()
                key = change_key(json.loads(raw))
                if key is not None and key not in seen:
                    seen.add(key)
                    self.arrivals.setdefault(key, []).append(arrived)
        except ConnectionClosed:
            self.closed += 1


async def _run(url: str, count: int) -> None:
    watchers = Watchers(url)
    await watchers.open(count)
    lags: list[float] = []
    loop = asyncio.get_running_loop()
    probe = loop.create_task(probe_lag(lags, lambda _at: True))
    print(json.dumps({"ready": count, "rows": watchers.rows}), flush=True)
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    await stdin.readline()  # the bench is over (or the parent is gone)
    probe.cancel()
    figures = {"arrivals": watchers.arrivals, "lag_ms": lag_figures(lags)}
    print(json.dumps(figures | {"closed": watchers.closed}), flush=True)


def main(argv: list[str]) -> int:
    """``URL WATCHERS``, as the parent bench passes them."""
    url, count = argv
    asyncio.run(_run(url, int(count)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
