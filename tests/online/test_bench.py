"""``bench online`` through its worker processes: a few quick tables, every figure reported."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main


def test_bench_online_plays_its_tables_in_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # quick bots, yet under the server's rate limit (20 messages a second)
    argv = ["bench", "online", "--tables", "3", "--procs", "2", "--think", "0.1", "--json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    figures = json.loads(out)["online"]
    assert set(figures) == {"tables", "moves", "moves_per_s", "p50_ms", "p99_ms", "errors"}
    assert figures["tables"] == 3 and figures["errors"] == 0
    assert figures["moves"] > 3 * 2  # every table played beyond its opening
    assert figures["p50_ms"] > 0 and figures["p99_ms"] >= figures["p50_ms"]
    assert "clients in 2 processes" in err


def test_bench_online_refuses_a_bad_process_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "online", "--procs", "0"])
    assert "--procs" in capsys.readouterr().err
