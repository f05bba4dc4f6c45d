"""``cardtable bench online``: many bot-vs-bot Pazaak tables through a real server on loopback.

The server runs in its own process (as in production), the clients in this one; latency is the
time from a move sent to the next update received. Bots wait ``--think`` seconds before each
move, as people would: with no pause at all the bench only measures how deep a queue can get.
By default every bot waits exactly as long, so all the tables move in the same instant (the worst
case); ``--spread`` lets each wait stray, as people's do.
"""

from __future__ import annotations

import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cardtable.tools.fail import fail

#: how long a whole bench may take before it gives up on the tables still playing
BENCH_TIMEOUT = 900.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    """Resident memory of a process, from /proc (0 where there is none)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def _listening(port: int, patience: float = 20.0) -> None:
    for _ in range(int(patience / 0.05)):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    fail(f"the bench server did not start on port {port}")


async def _bench(
    url: str, tables: int, think: float, spread: float, server_pid: int
) -> dict[str, Any]:
    from cardtable.games.registry import get
    from cardtable.online.botclient import BotSeat
    from cardtable.online.remote import RemoteSession
    from cardtable.session.base import Refused

    spec = get("pazaak")
    latencies: list[float] = []
    errors: list[str] = []
    seats: list[BotSeat] = []
    before = _rss_kib(server_pid)

    def client(hello: dict[str, Any]) -> BotSeat:
        session = RemoteSession(spec, url, hello)
        session.latencies = latencies
        session.connect(lambda c: errors.append(c.reason) if isinstance(c, Refused) else None, _now)
        seat = BotSeat(session, "easy", think=think, spread=spread)
        seats.append(seat)
        session.start()
        return seat

    hosts = []
    for start in range(0, tables, 50):  # open the tables in batches, as players would arrive
        batch = [
            client({"type": "create", "game": "pazaak", "seats": ["human", "human"]})
            for _ in range(start, min(tables, start + 50))
        ]
        await asyncio.gather(*(s.session.ready.wait() for s in batch))
        hosts += batch
    guests = [client({"type": "join", "code": h.session.invite}) for h in hosts]
    await asyncio.gather(*(s.session.ready.wait() for s in guests))
    idle = _rss_kib(server_pid)
    started = time.perf_counter()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(s.play(BENCH_TIMEOUT) for s in seats)), BENCH_TIMEOUT
        )
    except TimeoutError:
        errors.append("timeout")
    elapsed = time.perf_counter() - started
    errors += [s.session.problem for s in seats if s.session.problem is not None]
    moves = sum(s.session.ply for s in hosts)
    for seat in seats:
        seat.session.hang_up()
    ms = sorted(x * 1000 for x in latencies) or [0.0]
    return {
        "online": {
            "tables": tables,
            "moves": moves,
            "moves_per_s": round(moves / elapsed, 1),
            "p50_ms": round(statistics.median(ms), 2),
            "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
            "errors": len(errors),
        },
        "_memory": (before, idle),
    }


def _now(callback: Any) -> None:
    callback()


def run_online_bench(args: Any) -> int:
    tables = args.tables
    if not 1 <= tables <= 5000:
        fail("--tables must be between 1 and 5000")
    think = max(0.0, args.think)
    spread = args.spread
    if not 0 <= spread <= 1:
        fail("--spread must be between 0 and 1")
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
            + ["--db", str(Path(folder) / "bench.sqlite3")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:

            async def main() -> dict[str, Any]:
                await _listening(port)
                url = f"ws://127.0.0.1:{port}"
                return await _bench(url, tables, think, spread, server.pid)

            result = asyncio.run(main())
        finally:
            server.terminate()
            server.wait(10)
    before, idle = result.pop("_memory")
    per_table = (idle - before) / tables
    print(json.dumps(result) if args.json else _text(result["online"]))
    print(
        f"server memory: {before / 1024:.1f} MiB empty, {idle / 1024:.1f} MiB with {tables} idle "
        f"tables ({per_table:.1f} KiB a table, two connections each); bots think {think} s"
        f" (each wait within ±{spread:.0%} of it)",
        file=sys.stderr,
    )
    return 0


def _text(figures: dict[str, Any]) -> str:
    return "  ".join(f"{key} {value}" for key, value in figures.items())
