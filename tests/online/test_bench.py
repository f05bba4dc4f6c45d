"""``bench online`` through its worker processes: a few tables at people's pace, every figure
reported; and the chance of the online bot, which differs table by table."""

from __future__ import annotations

import asyncio
import json

import pytest

from cardtable.cli import main
from cardtable.online.botclient import BotSeat

FIGURES = {
    "nodes",
    "store",
    "tables",
    "spectators_per_table",
    "think_s",
    "stampede",
    "window_s",
    "offered_moves_per_s",
    "achieved_moves_per_s",
    "spectator_updates_per_s",
    "p50_ms",
    "p90_ms",
    "p99_ms",
    "p99_9_ms",
    "max_ms",
    "errors",
    "error_kinds",
    "server_cpu_ms_per_move",
    "client_cpu_ms_per_move",
    "server_pause_max_ms",
    "gc_collections",
    "gc_longest_ms",
    "gc_longest_cpu_ms",
    "gc_tuning",
    "client_lag_ms",
    "server_mib_empty",
    "server_kib_per_idle_table",
}


def test_bench_online_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    # quick seats, yet well under the server's rate limit (20 messages a second)
    argv = ["bench", "online", "--tables", "3", "--spectators", "1", "--procs", "2"]
    argv += ["--think", "0.1", "--warmup", "0.5", "--seconds", "2", "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out)["online"]
    assert set(figures) == FIGURES
    assert figures["tables"] == 3 and figures["spectators_per_table"] == 1
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["offered_moves_per_s"] > 0 and figures["achieved_moves_per_s"] > 0
    assert figures["spectator_updates_per_s"] > 0  # the spectators were told of the moves
    ordered = [figures[k] for k in ("p50_ms", "p90_ms", "p99_ms", "p99_9_ms", "max_ms")]
    assert 0 < ordered[0] and ordered == sorted(ordered)
    assert figures["server_cpu_ms_per_move"] > 0 and figures["client_cpu_ms_per_move"] > 0
    # the server's collections by generation (how many fall in two seconds depends on the
    # machine: test_gc_tuning checks the log they come from)
    assert len(figures["gc_collections"]) == 3 and figures["server_pause_max_ms"] >= 0
    assert figures["gc_tuning"] is True
    assert len(figures["client_lag_ms"]) == 2  # one for each worker process
    assert all(set(lag) == {"p99", "max"} for lag in figures["client_lag_ms"])
    assert figures["server_kib_per_idle_table"] > 0


def test_bench_online_in_step_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "online", "--tables", "2", "--procs", "1", "--stampede", "--no-gc-tuning"]
    assert main([*argv, "--think", "0.2", "--warmup", "0", "--seconds", "1.5"]) == 0
    out = capsys.readouterr().out
    assert "seats think in step 0.2 s" in out
    assert "errors: 0" in out and "tuning off" in out


def test_bench_online_refuses_a_bad_process_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "online", "--procs", "0"])
    assert "--procs" in capsys.readouterr().err


class _Seated:
    """As much of a RemoteSession as a BotSeat reads to choose a move: seat 0 to move at ply 3."""

    problem = None
    is_over = False
    my_turn = True
    ply = 3
    viewer = 0

    def __init__(self, invite: str) -> None:
        self.invite = invite
        self.ready = asyncio.Event()
        self.ready.set()

    def connect(self, *listener: object) -> None:
        """The bot listens for changes; none come here."""


def test_each_tables_bot_draws_its_own_chance() -> None:
    """The same ply and seat at three tables: a sampling bot must not sample alike at all three."""
    draws: list[float] = []

    class Recorder:
        def choose(self, observation: object, legal: tuple[str, ...], rng: object) -> str:
            draws.append(rng.random())  # type: ignore[attr-defined]
            return legal[0]

    for invite in ("ACDEF", "HJKMN", "PQRTU"):
        session = _Seated(invite)
        session.observe = lambda: None  # type: ignore[attr-defined]
        session.playable = lambda: ("stand",)  # type: ignore[attr-defined]
        session.submit = lambda action: None  # type: ignore[attr-defined]
        seat = BotSeat(session, "easy")  # type: ignore[arg-type]
        seat.bot = Recorder()
        seat._move(_Seated.ply)
    assert len(set(draws)) == 3
