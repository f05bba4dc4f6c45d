"""``cardtable bench online``: many bot-vs-bot Pazaak tables through a real server on loopback.

The server runs in its own process (as in production); the clients run in ``--procs`` worker
processes (``benchclients``), so that decoding thousands of connections' updates does not make
the bench measure itself. Latency is the time from a move sent to the next update received. Bots
wait ``--think`` seconds before each move, as people would: with no pause at all the bench only
measures how deep a queue can get. By default every bot waits exactly as long and every worker
starts its bots in the same instant, so all the tables move together (the worst case);
``--spread`` lets each wait stray, as people's do.
"""

from __future__ import annotations

import asyncio
import json
import os
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
#: the longest line a worker may print: its latencies, ~8 bytes each, for up to 5000 tables
WORKER_LINE = 2**26


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


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user and system), from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _listening(port: int, patience: float = 20.0) -> None:
    for _ in range(int(patience / 0.05)):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    fail(f"the bench server did not start on port {port}")


def _shares(tables: int, procs: int) -> list[int]:
    """``tables`` split as evenly as can be over at most ``procs`` workers."""
    procs = min(procs, tables)
    return [tables // procs + (i < tables % procs) for i in range(procs)]


async def _line(worker: asyncio.subprocess.Process) -> dict[str, Any]:
    """The next JSON line a worker prints; {} if it ends or falls silent for too long."""
    assert worker.stdout is not None
    try:
        raw = await asyncio.wait_for(worker.stdout.readline(), BENCH_TIMEOUT)
    except (TimeoutError, ValueError):  # silent, or a line past WORKER_LINE
        return {}
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


async def _bench(
    url: str, tables: int, think: float, spread: float, procs: int, server_pid: int
) -> dict[str, Any]:
    before = _rss_kib(server_pid)
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "cardtable.tools.benchclients",
            *(url, str(share), str(think), str(spread), str(BENCH_TIMEOUT)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            limit=WORKER_LINE,
        )
        for share in _shares(tables, procs)
    ]
    try:
        ready = await asyncio.gather(*(_line(w) for w in workers))
        errors = [f"a worker could not seat its tables: {r}" for r in ready if "ready" not in r]
        idle = _rss_kib(server_pid)
        cpu = _cpu_seconds(server_pid)
        started = time.perf_counter()
        results: list[dict[str, Any]] = []
        if not errors:
            for worker in workers:  # every worker's bots start now
                assert worker.stdin is not None
                worker.stdin.write(b"go\n")
            results = await asyncio.gather(*(_line(w) for w in workers))
        elapsed = time.perf_counter() - started
        cpu = _cpu_seconds(server_pid) - cpu
    finally:
        for worker in workers:
            if worker.returncode is None:
                worker.kill()
            await worker.wait()
    errors += [e for r in results for e in r.get("errors", ["a worker ended without figures"])]
    moves = sum(r.get("moves", 0) for r in results)
    ms = sorted(x for r in results for x in r.get("latencies_ms", ())) or [0.0]
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
        "_cpu_ms_per_move": (
            cpu * 1000 / max(moves, 1),
            sum(r.get("cpu", 0.0) for r in results) * 1000 / max(moves, 1),
        ),
    }


def run_online_bench(args: Any) -> int:
    tables = args.tables
    if not 1 <= tables <= 5000:
        fail("--tables must be between 1 and 5000")
    think = max(0.0, args.think)
    spread = args.spread
    if not 0 <= spread <= 1:
        fail("--spread must be between 0 and 1")
    procs = (os.cpu_count() or 1) if args.procs is None else args.procs
    if not 1 <= procs <= 64:
        fail("--procs must be between 1 and 64")
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
                return await _bench(url, tables, think, spread, procs, server.pid)

            result = asyncio.run(main())
        finally:
            server.terminate()
            server.wait(10)
    before, idle = result.pop("_memory")
    server_cpu, clients_cpu = result.pop("_cpu_ms_per_move")
    per_table = (idle - before) / tables
    workers = min(procs, tables)
    print(json.dumps(result) if args.json else _text(result["online"]))
    print(
        f"server memory: {before / 1024:.1f} MiB empty, {idle / 1024:.1f} MiB with {tables} idle "
        f"tables ({per_table:.1f} KiB a table, two connections each); bots think {think} s"
        f" (each wait within ±{spread:.0%} of it); clients in {workers} process"
        f"{'es' if workers > 1 else ''};"
        f" CPU a move: {server_cpu:.3f} ms in the server, {clients_cpu:.3f} ms in the clients",
        file=sys.stderr,
    )
    return 0


def _text(figures: dict[str, Any]) -> str:
    return "  ".join(f"{key} {value}" for key, value in figures.items())
