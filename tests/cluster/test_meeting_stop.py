"""A node's lobby stops though a cancel is lost. redis-py sends every command through
``asyncio.wait_for``, which on Python 3.11 drops a cancellation that comes in the turn its write
finishes; the lease loop stopped at that instant ran on, heartbeating, and the stop waited on it
for ever. A node whose port was taken hung so at start, silent, instead of saying so and exiting
(three nodes started at once: 1 start in 29; 5 in 6 with the port held)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cardtable.online.lobby import quick_match_sizes
from tests.cluster.conftest import own_redis
from tests.cluster.test_wave_turns import Nudged
from tests.online.conftest import PATIENCE
from tests.waits import until

redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")
from redis.asyncio.connection import Connection  # noqa: E402

from cardtable.online.clustermeeting import ClusterMeeting  # noqa: E402


class Telling(Connection):
    """A Redis connection that says when a write has gone out, once asked to: the one who
    hears runs before ``wait_for`` learns that the write is done."""

    written: asyncio.Event | None = None

    async def _send_packed_command(self, command: Any) -> None:
        await super()._send_packed_command(command)
        if Telling.written is not None:
            Telling.written.set()


def leasing_loops() -> list[asyncio.Task[Any]]:
    return [
        task
        for task in asyncio.all_tasks()
        if getattr(task.get_coro(), "__qualname__", "") == "ClusterMeeting._leasing"
    ]


async def test_the_lobby_stops_when_cancelled_as_a_write_ends(redis_url: str) -> None:
    pool = redis_asyncio.BlockingConnectionPool.from_url(
        await own_redis(redis_url), connection_class=Telling
    )
    redis = redis_asyncio.Redis(connection_pool=pool)
    meeting = ClusterMeeting(redis, "ws://a", quick_match_sizes(), 1.0, None, load=lambda: 0)
    nodes = meeting.pools.prefix + "nodes"
    try:
        await meeting.start(Nudged())
        meeting.open()
        await until(lambda: redis.zscore(nodes, "ws://a"), "the node's first heartbeat")
        Telling.written = asyncio.Event()
        await Telling.written.wait()  # the lease loop's write is out; it has not heard so yet
        # waited on, not cancelled at a deadline: a second cancel would end the loop itself
        stopping = asyncio.get_running_loop().create_task(meeting.stop())
        done, _ = await asyncio.wait([stopping], timeout=PATIENCE)
        assert stopping in done, "the stop waits on a lease loop that runs on"
        stopping.result()
        assert not leasing_loops(), "the lease loop runs on after the stop"
    finally:
        Telling.written = None
        for task in leasing_loops():  # without the fix: end what the stop could not
            task.cancel()
        await redis.aclose()
