"""``bench online`` through its worker processes: a few quick tables, every figure reported;
and its bots' waits and chance, which differ table by table."""

from __future__ import annotations

import asyncio
import json

import pytest

from cardtable.cli import main
from cardtable.online.botclient import BotSeat


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


class _Seated:
    """As much of a RemoteSession as a BotSeat reads to time its move: seat 0 to move at ply 3."""

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


async def test_with_spread_each_table_waits_its_own_time(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "call_later", lambda delay, *args: waits.append(delay))
    for invite in ("ACDEF", "HJKMN", "PQRTU"):
        for spread in (0.0, 0.5):
            BotSeat(_Seated(invite), "easy", think=1.0, spread=spread)._changed()  # type: ignore[arg-type]
    in_step, strayed = waits[0::2], waits[1::2]
    assert in_step == [1.0, 1.0, 1.0]
    # the same ply and seat at three tables: three different waits, each within the spread
    assert len(set(strayed)) == 3 and all(0.5 <= w <= 1.5 for w in strayed)


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
