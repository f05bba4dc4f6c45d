"""One worker process of ``bench online``: plays its share of the tables through real clients.

A single process decoding every update of thousands of connections becomes the bottleneck and
the bench measures itself, so the parent splits the tables over several of these. Each worker
opens its tables (host and guest, through the server), prints ``{"ready": ...}``, waits for a
line on stdin so that every worker's bots start in the same instant, plays, and prints one JSON
line with its moves, latencies (ms), errors and the CPU time it used.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from cardtable.games.registry import get
from cardtable.online.botclient import BotSeat
from cardtable.online.remote import RemoteSession
from cardtable.session.base import Refused

#: how many tables a worker opens at once, as players would arrive
BATCH = 50


class Worker:
    """The tables of one worker, and what their clients measured."""

    def __init__(self, url: str, think: float, spread: float) -> None:
        self.url = url
        self.think = think
        self.spread = spread
        self.spec = get("pazaak")
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.sessions: list[RemoteSession] = []

    def _client(self, hello: dict[str, Any]) -> RemoteSession:
        session = RemoteSession(self.spec, self.url, hello)
        session.latencies = self.latencies
        session.connect(self._refused, lambda callback: callback())
        self.sessions.append(session)
        session.start()
        return session

    def _refused(self, change: Any) -> None:
        if isinstance(change, Refused):
            self.errors.append(change.reason)

    async def seat(self, tables: int) -> list[RemoteSession]:
        """Open ``tables`` tables and sit a guest at each; the hosts."""
        hosts: list[RemoteSession] = []
        for start in range(0, tables, BATCH):
            batch = [
                self._client({"type": "create", "game": "pazaak", "seats": ["human", "human"]})
                for _ in range(start, min(tables, start + BATCH))
            ]
            await asyncio.gather(*(s.ready.wait() for s in batch))
            hosts += batch
        guests = [self._client({"type": "join", "code": h.invite}) for h in hosts]
        await asyncio.gather(*(s.ready.wait() for s in guests))
        return hosts

    async def play(self, hosts: list[RemoteSession], timeout: float) -> dict[str, Any]:
        """Every seat's bot plays its game out; the figures to send back."""
        seats = [BotSeat(s, "easy", think=self.think, spread=self.spread) for s in self.sessions]
        started = time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.gather(*(s.play(timeout) for s in seats)), timeout)
        except TimeoutError:
            self.errors.append("timeout")
        elapsed = time.perf_counter() - started
        self.errors += [s.problem for s in self.sessions if s.problem is not None]
        for session in self.sessions:
            session.hang_up()
        return {
            "moves": sum(h.ply for h in hosts),
            "elapsed": elapsed,
            "latencies_ms": [round(x * 1000, 3) for x in self.latencies],
            "errors": self.errors,
        }


async def _run(url: str, tables: int, think: float, spread: float, timeout: float) -> None:
    worker = Worker(url, think, spread)
    hosts = await asyncio.wait_for(worker.seat(tables), timeout)
    print(json.dumps({"ready": len(hosts)}), flush=True)
    # read on the loop, which must go on answering the server's pings meanwhile
    stdin = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    if not await asyncio.wait_for(stdin.readline(), timeout):  # the parent is gone
        return
    cpu = time.process_time()
    figures = await worker.play(hosts, timeout)
    figures["cpu"] = time.process_time() - cpu
    print(json.dumps(figures), flush=True)


def main(argv: list[str]) -> int:
    """``URL TABLES THINK SPREAD TIMEOUT``, as the parent bench passes them."""
    url, tables, think, spread, timeout = argv
    asyncio.run(_run(url, int(tables), float(think), float(spread), float(timeout)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
