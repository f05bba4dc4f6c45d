"""``bench online --nodes 2``: the same figures from two nodes sharing PostgreSQL and Redis."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main
from tests.online.test_bench import FIGURES


def test_bench_online_on_two_nodes_reports_every_figure(
    capsys: pytest.CaptureFixture[str], redis_url: str
) -> None:
    from tests.cluster.conftest import POSTGRES_ENV, service

    argv = ["bench", "online", "--tables", "4", "--procs", "2", "--nodes", "2"]
    argv += ["--store", service(POSTGRES_ENV), "--redis", redis_url]
    argv += ["--think", "0.1", "--warmup", "0.5", "--seconds", "2", "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out)["online"]
    assert set(figures) == FIGURES
    assert figures["nodes"] == 2 and figures["store"] == "postgresql"
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["achieved_moves_per_s"] > 0 and figures["p50_ms"] > 0


def test_several_nodes_need_a_shared_store(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "online", "--nodes", "2"])
    assert "--store" in capsys.readouterr().err


async def test_bench_lobby_measures_a_wave_over_pools_in_redis_and_leaves_nothing(
    redis_url: str,
) -> None:
    from redis.asyncio import Redis

    from cardtable.tools.benchlobby import shared_wave_figure

    pairs = await shared_wave_figure(redis_url, "pazaak", 40)
    tables = await shared_wave_figure(redis_url, "pazu-pazaak", 40)
    # ratings spread as a ladder's: most, not all, are near enough someone after 3 s
    assert pairs["nodes"] == 2 and 30 <= pairs["seated"] == 2 * pairs["tables"] <= 40
    assert 3 * tables["tables"] <= tables["seated"] <= 40 and tables["tables"] > 0
    for figures in (pairs, tables):
        assert figures["node_cpu_ms"] > 0 and figures["wall_ms"] > 0
    redis = Redis.from_url(redis_url)
    try:
        assert [key async for key in redis.scan_iter(match="cardtable:bench:*")] == []
    finally:
        await redis.aclose()


async def test_bench_lobby_reads_the_leaderboard_from_postgresql() -> None:
    from cardtable.tools.benchlobby import shared_board_figure
    from tests.cluster.conftest import POSTGRES_ENV, service

    board = await shared_board_figure(service(POSTGRES_ENV), 300)
    assert board["players"] == 300 and 1 <= board["rank"] <= 300
    assert board["top_ms"] > 0 and board["rank_ms"] > 0
