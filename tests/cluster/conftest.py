"""PostgreSQL and Redis for the cluster tests: `.ci/services` starts both and says where.

On a developer's machine without them the tests skip, saying how to get them; CI never skips."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.online.server import GameServer, Limits
from tests.online.conftest import Running

POSTGRES_ENV, REDIS_ENV = "CARDTABLE_TEST_POSTGRES", "CARDTABLE_TEST_REDIS"


def service(variable: str) -> str:
    """The address of a service the environment names; a skip (a failure in CI) without it."""
    url = os.environ.get(variable)
    if url:
        return url
    why = f"{variable} is not set: run `. .ci/services` first (Debian's postgresql, redis-server)"
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """A new, empty database on the test PostgreSQL, dropped afterwards."""
    asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
    base = service(POSTGRES_ENV)
    name = f"cardtable_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(base)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        yield base.rsplit("/", 1)[0] + "/" + name
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture
async def pg_dsn() -> AsyncIterator[str]:
    async with fresh_database() as dsn:
        yield dsn


@pytest.fixture
def redis_url() -> str:
    pytest.importorskip("redis", reason="the cluster extra is not installed")
    return service(REDIS_ENV)


@dataclass
class PgRunning(Running):
    """A server on the test PostgreSQL: stopped and started again from the same database."""

    dsn: str = ""

    async def start(self) -> GameServer:
        from cardtable.online.pgstore import PostgresStore

        self.game = GameServer(await PostgresStore.open(self.dsn), self.limits)
        self.listening = await self.game.start("127.0.0.1", self.port)
        self.port = self.listening.sockets[0].getsockname()[1]
        return self.game

    async def stop(self) -> None:
        assert self.game is not None and self.listening is not None
        self.game.stop()
        self.listening.close()
        await self.listening.wait_closed()
        await self.game.store.close()  # type: ignore[misc]


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_server(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[Running]:
    """A server on each backend in turn."""
    limits = Limits(grace=0.3, bot_pause=0.0)
    async with AsyncExitStack() as stack:
        if request.param == "sqlite":
            running = Running(tmp_path / "server.sqlite3", limits)
        else:
            dsn = await stack.enter_async_context(fresh_database())
            running = PgRunning(tmp_path / "unused", limits, dsn=dsn)
        await running.start()
        try:
            yield running
        finally:
            for session in running.sessions:
                session.close()
            await running.stop()


async def stored_actions(running: Running, table: str) -> list[dict]:
    """A table's kept actions, whichever the backend."""
    assert running.game is not None
    kept = running.game.store.actions(table)  # type: ignore[union-attr]
    return await kept if not isinstance(kept, list) else kept


async def own_redis(url: str) -> str:
    """A Redis database of this test worker's own, emptied: the nodes of one test share their
    lobby (pools, the waves' lease, listings) with nobody else's, nor with a test before."""
    from redis.asyncio import Redis

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    own = f"{url.rsplit('/', 1)[0]}/{1 + int(worker or 0) % 15}"
    redis = Redis.from_url(own)
    try:
        await redis.flushdb()
    finally:
        await redis.aclose()
    return own


@pytest.fixture
async def cluster(pg_dsn: str, redis_url: str, tmp_path) -> AsyncIterator[Any]:
    """Nodes to start (``await cluster.start(3)``), every one killed at the end."""
    from tests.cluster.nodes import Cluster

    nodes = Cluster(pg_dsn, await own_redis(redis_url), tmp_path)
    try:
        yield nodes
    finally:
        nodes.stop()
