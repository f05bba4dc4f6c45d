"""A node's lobby subscribes to its Redis channels before it starts listening: a subscription
that fails stops the start with the reason, rather than leaving a node that holds the waves'
lease but never takes a connection. And it counts among the live nodes (given tables, bidding
for the waves) only once it listens: a node whose start failed once heartbeated on, and was given
tables it never opened (its lease loop had lost its cancel: test_meeting_stop)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.online.lobby import quick_match_sizes
from cardtable.online.matchmaking import Match
from cardtable.online.pools import Seeker
from tests.cluster.conftest import own_redis
from tests.cluster.nodes import free_port
from tests.cluster.test_wave_turns import Nudged
from tests.online.conftest import PATIENCE
from tests.waits import until

redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")
from redis.exceptions import ConnectionError as RedisUnreachable  # noqa: E402

from cardtable.online.clustermeeting import ClusterMeeting  # noqa: E402


class Unheard:
    """A lobby the meeting place must never call: it never started."""

    def deliver(self, key: str, text: str) -> None:
        raise AssertionError("told a seeker before it started")

    def drop_table(self, invite: str) -> None:
        raise AssertionError("dropped a table before it started")

    def announce(self, text: str) -> None:
        raise AssertionError("announced before it started")

    def nudge(self) -> None:
        raise AssertionError("nudged before it started")

    def open_match(self, match: Match, seekers: list[Seeker]) -> None:
        raise AssertionError("opened a table before it started")


async def test_a_node_that_cannot_subscribe_does_not_start() -> None:
    nobody = redis_asyncio.Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")
    meeting = ClusterMeeting(nobody, "ws://a", quick_match_sizes(), 1.0, None, load=lambda: 0)
    try:
        with pytest.raises(RedisUnreachable):
            await asyncio.wait_for(meeting.start(Unheard()), PATIENCE)
    finally:
        await meeting.stop()
        await nobody.aclose()


async def test_a_node_counts_as_live_only_once_it_is_open(redis_url: str) -> None:
    redis = redis_asyncio.Redis.from_url(await own_redis(redis_url))
    unopened = ClusterMeeting(redis, "ws://a", quick_match_sizes(), 60.0, None, load=lambda: 0)
    opened = ClusterMeeting(redis, "ws://b", quick_match_sizes(), 60.0, None, load=lambda: 0)
    nodes = unopened.pools.prefix + "nodes"
    try:
        await unopened.start(Nudged())
        await opened.start(Nudged())
        opened.open()
        await until(lambda: redis.zscore(nodes, "ws://b"), "the open node's heartbeat")
        # the node started first would have said it was alive first, had it not waited
        assert await redis.zscore(nodes, "ws://a") is None
        assert await redis.hget(unopened.pools.prefix + "load", "ws://a") is None
        unopened.open()
        await until(lambda: redis.zscore(nodes, "ws://a"), "its heartbeat once open")
    finally:
        await unopened.stop()
        await opened.stop()
        await redis.aclose()
