"""A peer gone without a word is found by a ping, and only a quiet peer is pinged."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from cardtable.online.connection import Connection, Limits
from cardtable.online.journal import Journal
from cardtable.online.keepalive import Keepalive
from cardtable.online.protocol import PROTOCOL
from cardtable.online.store import SqliteStore
from tests.online.conftest import PATIENCE, FakeSocket, Running, until
from tests.online.slowpeer import deaf_spectator

QUICK = Limits(grace=30, bot_pause=0.0, ping_interval=0.1, ping_timeout=0.3)


async def test_a_spectator_that_never_answers_a_ping_is_dropped(tmp_path: Path) -> None:
    server = Running(tmp_path / "s.sqlite3", QUICK)
    game = await server.start()
    try:
        host, _guest = await server.table("pazaak", ["human", "human"])
        table = next(iter(game.tables.values()))
        deaf = await deaf_spectator(server.port, host.watch)  # reads nothing, answers nothing
        await until(lambda: len(table.peers) == 3, "the deaf spectator to sit down")
        await until(lambda: len(table.peers) == 2, "the server to drop the deaf spectator")
        assert game.metrics.drops["keepalive"] == 1
        deaf.close()
    finally:
        await server.stop()


async def test_a_quiet_spectator_that_answers_stays(tmp_path: Path) -> None:
    server = Running(tmp_path / "s.sqlite3", QUICK)
    game = await server.start()
    try:
        host, _guest = await server.table("pazaak", ["human", "human"])
        async with connect(server.url) as watcher:  # its library answers pings as it reads
            await watcher.send(
                json.dumps({"type": "watch", "version": PROTOCOL, "code": host.watch})
            )
            await asyncio.wait_for(watcher.recv(), PATIENCE)
            (far,) = (c for c in game.transport.connections if c.seat is None and c.table)
            for answered in range(2):  # it says nothing, yet the server hears its pongs
                said = far.heard
                await until(lambda said=said: far.heard > said, f"pong {answered + 1}")
            assert far.dropped is None and far in game.transport.connections
    finally:
        await server.stop()


class _Jobs:
    """Keeps what the sweep would start, unstarted."""

    def __init__(self) -> None:
        self.started: list[Coroutine[Any, Any, Any]] = []

    def spawn(self, job: Coroutine[Any, Any, Any]) -> None:
        self.started.append(job)
        job.close()


class _Abortable:
    aborted = False

    def get_write_buffer_size(self) -> int:
        return 0

    def abort(self) -> None:
        self.aborted = True


def test_only_a_peer_silent_for_an_interval_is_pinged_and_dropped_unanswered(
    tmp_path: Path,
) -> None:
    journal = Journal(SqliteStore(tmp_path / "s.sqlite3"))
    talker, quiet = (Connection(FakeSocket(), QUICK, journal) for _ in range(2))  # type: ignore[arg-type]
    for conn in (talker, quiet):
        conn.ws.transport = _Abortable()
    jobs = _Jobs()
    keepalive = Keepalive((talker, quiet), interval=10.0, timeout=5.0, jobs=jobs)  # type: ignore[arg-type]
    now = quiet.heard + 10.0
    talker.heard = now - 1.0  # it said something since the last sweep
    keepalive.sweep(now)
    assert talker.pinged is None and quiet.pinged == now and len(jobs.started) == 1
    keepalive.sweep(now + 4.0)  # no answer yet, not yet too late; no second ping
    assert quiet.dropped is None and len(jobs.started) == 1
    keepalive.sweep(now + 5.0)
    assert quiet.dropped == "keepalive" and quiet.ws.transport.aborted
    assert talker.dropped is None and talker.pinged is None
