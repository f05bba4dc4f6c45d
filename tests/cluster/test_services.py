"""The services `.ci/services` starts answer on loopback as the cluster tests expect."""

from __future__ import annotations

import pytest

from tests.cluster.conftest import POSTGRES_ENV, service


async def test_postgresql_commits_synchronously(pg_dsn: str) -> None:
    asyncpg = pytest.importorskip("asyncpg")
    db = await asyncpg.connect(pg_dsn)
    try:
        assert await db.fetchval("SHOW synchronous_commit") == "on"
        assert "127.0.0.1" in service(POSTGRES_ENV)
    finally:
        await db.close()


async def test_redis_answers(redis_url: str) -> None:
    from redis.asyncio import Redis

    redis = Redis.from_url(redis_url)
    try:
        assert await redis.ping() is True
    finally:
        await redis.aclose()
