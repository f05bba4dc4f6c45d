"""A node's lobby subscribes to its Redis channels before it starts listening: a subscription
that fails stops the start with the reason, rather than leaving a node that holds the waves'
lease but never takes a connection."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.online.lobby import quick_match_sizes
from cardtable.online.matchmaking import Match
from cardtable.online.pools import Seeker
from tests.cluster.nodes import free_port
from tests.online.conftest import PATIENCE

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
