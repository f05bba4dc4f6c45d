"""A nudged wave in a burst of seeks (issue 38): every Redis command of a node waits its turn for
one of the node's connections, behind the burst's own commands, so what a nudged wave costs is
counted in turns. The node running the waves starts its wave on its own nudge without word
through Redis, and a wave takes one turn to take the lease and read every pool, however many
games there are, then one for its match ids and one to seat its tables."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.online.lobby import quick_match_sizes
from cardtable.online.matchmaking import Match
from cardtable.online.pools import Seeker
from tests.cluster.conftest import own_redis
from tests.waits import until

redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")
from cardtable.online.clustermeeting import ClusterMeeting  # noqa: E402
from cardtable.online.sharedpools import RedisPools  # noqa: E402


class CountedPool(redis_asyncio.ConnectionPool):
    """A connection pool that counts the turns taken for a connection (a command, or a
    pipeline with whatever it sends on the same connection)."""

    turns = 0

    async def get_connection(self, *args: Any, **kwargs: Any) -> Any:
        self.turns += 1
        return await super().get_connection(*args, **kwargs)


async def test_a_wave_reads_every_pool_in_one_turn_for_a_connection(redis_url: str) -> None:
    counted = CountedPool.from_url(await own_redis(redis_url))
    redis = redis_asyncio.Redis(connection_pool=counted)
    try:
        pools = RedisPools(redis, "ws://a", quick_match_sizes(), 60.0)
        await pools.alive()
        tables = {"pazaak": 2, "pazu-pazaak": 3, "pixies": 2, "flip7": 2}  # a table in each
        for game, size in tables.items():
            for n in range(size):
                seeker = Seeker(f"{game}-{n}", None, f"P{n}", False, "ws://a")
                await pools.seek(seeker, game, (size, size), False, 1500.0)
        counted.turns = 0
        wave = await pools.wave()
        assert wave is not None
        assert sorted(match.game for match, _ in wave.formed) == sorted(tables)
        assert counted.turns == 3, "read (lease and pools), match ids, seat the tables"
    finally:
        await redis.aclose()


class Nudged:
    """A lobby that counts its nudges."""

    opening = 0

    def __init__(self) -> None:
        self.nudges = 0

    def deliver(self, key: str, text: str) -> None:
        return None

    def drop_table(self, invite: str) -> None:
        return None

    def announce(self, text: str) -> None:
        return None

    def nudge(self) -> None:
        self.nudges += 1

    def open_match(self, match: Match, seekers: list[Seeker]) -> None:
        return None


async def test_the_node_running_the_waves_starts_one_at_its_own_nudge(redis_url: str) -> None:
    redis = redis_asyncio.Redis.from_url(await own_redis(redis_url))
    lobby = Nudged()
    meeting = ClusterMeeting(redis, "ws://a", quick_match_sizes(), 60.0, None, load=lambda: 0)
    try:
        await meeting.start(lobby)
        meeting.open()
        await until(lambda: lobby.nudges == 1, "the node to take the free lease, and run a wave")
        meeting.nudge()
        assert lobby.nudges == 2, "nudged at once, not after a round trip through Redis"
    finally:
        await meeting.stop()
        await redis.aclose()
