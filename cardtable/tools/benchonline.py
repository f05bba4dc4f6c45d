"""``cardtable bench online``: many two-person Pazaak tables through a real server on loopback,
played at people's pace.

The server runs in its own process, as in production; the clients run in ``--procs`` worker
processes (``benchclients``). Every seat thinks for an exponential time of mean ``--think``
before it moves, and a finished game is followed by a rematch, so after a warm-up the load is
steady for the window (``--seconds``) the figures are taken over. Latency runs from the moment a
move was due to the update that shows it; a move never answered is an error, and counts with
the time it waited. ``--stampede`` makes every seat wait exactly ``--think`` and every table
start in the same instant instead: all tables move in step.

Offered moves are those due in the window, achieved ones those answered in it; the server's CPU
a move is its CPU time over the window divided by the moves achieved; its longest pause is the
longest garbage collection it logged in the window (see ``online.gc_tuning``).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.online.gc_tuning import LOG_ENV, TUNING_ENV, read_pauses
from cardtable.tools.fail import fail

#: how long seating the tables, or a worker's silence, may last before the bench gives up
BENCH_TIMEOUT = 900.0
#: the longest line a worker may print: its latencies, ~8 bytes each
WORKER_LINE = 2**26
#: default steady window and warm-up (seconds)
WINDOW = 30.0
WARMUP = 10.0


@dataclass(frozen=True)
class Plan:
    """What to run: tables and spectators, the pace, the schedule and the clients' processes."""

    tables: int
    spectators: int
    think: float
    stampede: bool
    warmup: float
    seconds: float
    procs: int
    gc_tuning: bool
    #: server processes, and what they share: PostgreSQL (a fresh database on this server is
    #: made for the run and dropped after it) and, for several nodes, Redis
    nodes: int = 1
    store: str | None = None
    redis: str | None = None


def free_port() -> int:
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


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user and system), from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def listening(port: int, patience: float = 20.0) -> None:
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


async def worker_line(worker: asyncio.subprocess.Process) -> dict[str, Any]:
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


async def until(wall: float) -> None:
    await asyncio.sleep(max(0.0, wall - time.time()))


def percentile(ordered: list[float], share: float) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 2)


class PlayWorkers:
    """The client processes of the bench's tables (``benchclients``): each seats its share, all
    start on one schedule, and each reports its figures once the window is over. Worker ``i``
    opens its tables on ``urls[i]`` (mod their number)."""

    def __init__(self, urls: list[str], plan: Plan) -> None:
        self.urls = urls
        self.plan = plan
        self.workers: list[asyncio.subprocess.Process] = []

    async def __aenter__(self) -> PlayWorkers:
        plan = self.plan
        for index, share in enumerate(_shares(plan.tables, plan.procs)):
            self.workers.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "cardtable.tools.benchclients",
                    *(self.urls[index % len(self.urls)], str(share), str(plan.spectators)),
                    *(str(plan.think), "1" if plan.stampede else "0", str(index)),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    limit=WORKER_LINE,
                )
            )
        return self

    async def __aexit__(self, *_exc: object) -> None:
        for worker in self.workers:
            if worker.returncode is None:
                worker.kill()
            await worker.wait()

    async def seated(self) -> None:
        """Return once every worker has seated its tables."""
        ready = await asyncio.gather(*(worker_line(w) for w in self.workers))
        if any("ready" not in r for r in ready):
            fail("a bench worker could not seat its tables (is the server refusing them?)")

    def start(self, start: float, window: tuple[float, float]) -> None:
        """Play from ``start`` and measure over ``window`` (wall-clock times)."""
        schedule = json.dumps({"start": start, "window": window}).encode() + b"\n"
        for worker in self.workers:
            assert worker.stdin is not None
            worker.stdin.write(schedule)

    async def results(self) -> list[dict[str, Any]]:
        """Each worker's figures (printed once its window is over)."""
        return list(await asyncio.gather(*(worker_line(w) for w in self.workers)))


def schedule(plan: Plan) -> tuple[float, tuple[float, float]]:
    """When play starts (a second from now) and the window measured (wall-clock times)."""
    start = time.time() + 1.0
    return start, (start + plan.warmup, start + plan.warmup + plan.seconds)


async def _bench(urls: list[str], plan: Plan, pids: list[int]) -> dict[str, Any]:
    """Seat the tables, play them through the warm-up and the window; what was measured."""
    empty = sum(map(_rss_kib, pids))
    async with PlayWorkers(urls, plan) as workers:
        await workers.seated()
        idle = sum(map(_rss_kib, pids))
        start, window = schedule(plan)
        workers.start(start, window)
        await until(window[0])
        cpu = sum(map(cpu_seconds, pids))
        await until(window[1])
        cpu = sum(map(cpu_seconds, pids)) - cpu
        results = await workers.results()
    return {"results": results, "window": window, "server_cpu": cpu, "memory": (empty, idle)}


def move_figures(plan: Plan, measured: dict[str, Any], pauses: dict[str, Any]) -> dict[str, Any]:
    results = measured["results"]
    errors: dict[str, int] = {}
    for result in results:
        for what, count in result.get("errors", {"a worker ended without figures": 1}).items():
            errors[what] = errors.get(what, 0) + count
    offered = sum(r.get("offered", 0) for r in results)
    answered = sum(r.get("answered", 0) for r in results)
    ms = sorted(x for r in results for x in r.get("latencies_ms", ())) or [0.0]
    empty, idle = measured["memory"]
    client_cpu = sum(r.get("cpu", 0.0) for r in results)
    return {
        "nodes": plan.nodes,
        "store": "sqlite" if plan.store is None else "postgresql",
        "tables": plan.tables,
        "spectators_per_table": plan.spectators,
        "think_s": plan.think,
        "stampede": plan.stampede,
        "window_s": plan.seconds,
        "offered_moves_per_s": round(offered / plan.seconds, 1),
        "achieved_moves_per_s": round(answered / plan.seconds, 1),
        "spectator_updates_per_s": round(
            sum(r.get("spectator_updates", 0) for r in results) / plan.seconds, 1
        ),
        "p50_ms": percentile(ms, 0.5),
        "p90_ms": percentile(ms, 0.9),
        "p99_ms": percentile(ms, 0.99),
        "p99_9_ms": percentile(ms, 0.999),
        "max_ms": round(ms[-1], 2),
        "errors": sum(errors.values()),
        "error_kinds": errors,
        "server_cpu_ms_per_move": round(measured["server_cpu"] * 1000 / max(answered, 1), 3),
        "client_cpu_ms_per_move": round(client_cpu * 1000 / max(answered, 1), 3),
        "server_pause_max_ms": pauses["pause_max_ms"],
        "gc_collections": pauses["collections"],
        "gc_longest_ms": pauses["longest_ms"],
        "gc_longest_cpu_ms": pauses["longest_cpu_ms"],
        "gc_tuning": plan.gc_tuning,
        "client_lag_ms": [r.get("lag_ms") for r in results],
        "server_mib_empty": round(empty / 1024, 1),
        "server_kib_per_idle_table": round((idle - empty) / plan.tables, 1),
    }


def serve_process(
    port: int, folder: Path, plan: Plan, store: str | None
) -> subprocess.Popen[bytes]:
    environment = {**os.environ, LOG_ENV: str(folder / f"gc-{port}.jsonl")}
    if not plan.gc_tuning:
        environment[TUNING_ENV] = "off"
    # every table comes from one address, and there may be more than a public server allows
    command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
    command += ["--db", str(folder / "bench.sqlite3"), "--max-tables", "0"]
    command += ["--tables-per-address", "0"]
    if store is not None:
        command += ["--store", store]
    if plan.redis is not None and plan.nodes > 1:
        command += ["--redis", plan.redis, "--node-url", f"ws://127.0.0.1:{port}"]
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment
    )


def gc_pauses(paths: list[Path], start: float, end: float) -> dict[str, Any]:
    """The collections of every node added up, and the longest pauses of any."""
    each = [read_pauses(path, start, end) for path in paths]
    return {
        "collections": [sum(n) for n in zip(*(p["collections"] for p in each), strict=True)],
        "longest_ms": [max(x) for x in zip(*(p["longest_ms"] for p in each), strict=True)],
        "longest_cpu_ms": [max(x) for x in zip(*(p["longest_cpu_ms"] for p in each), strict=True)],
        "pause_max_ms": max(p["pause_max_ms"] for p in each),
    }


@asynccontextmanager
async def fresh_database(url: str | None) -> AsyncIterator[str | None]:
    """A new database beside ``url``'s for one run, dropped after it (None: SQLite)."""
    if url is None:
        yield None
        return
    try:
        import asyncpg
    except ImportError:
        fail("--store needs the cluster extra: pip install 'cardtable[cluster]'")
    name = f"cardtable_bench_{os.getpid()}"
    try:
        admin = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError) as error:
        fail(f"cannot reach PostgreSQL at {url}: {error}")
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


def plan_from(args: Any) -> Plan:
    """The bench's plan from the command line, refusing what cannot run."""
    if not 1 <= args.tables <= 5000:
        fail("--tables must be between 1 and 5000")
    if not 0 <= args.spectators <= 10:
        fail("--spectators must be between 0 and 10")
    if args.think <= 0:
        fail("--think must be more than 0 seconds")
    if args.warmup < 0:
        fail("--warmup must be 0 seconds or more")
    procs = (os.cpu_count() or 1) if args.procs is None else args.procs
    if not 1 <= procs <= 64:
        fail("--procs must be between 1 and 64")
    if not 1 <= args.nodes <= 8:
        fail("--nodes must be between 1 and 8")
    if args.nodes > 1 and (args.store is None or args.redis is None):
        fail("--nodes 2 or more needs --store postgresql://… and --redis redis://…")
    return Plan(
        tables=args.tables,
        spectators=args.spectators,
        think=args.think,
        stampede=args.stampede,
        warmup=args.warmup,
        seconds=WINDOW if args.seconds is None else args.seconds,
        procs=procs,
        gc_tuning=not args.no_gc_tuning,
        nodes=args.nodes,
        store=args.store,
        redis=args.redis,
    )


def run_online_bench(args: Any) -> int:
    plan = plan_from(args)
    ports = [free_port() for _ in range(plan.nodes)]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)

        async def main() -> dict[str, Any]:
            async with fresh_database(plan.store) as store:
                servers = [serve_process(port, folder, plan, store) for port in ports]
                try:
                    for port in ports:
                        await listening(port)
                    urls = [f"ws://127.0.0.1:{port}" for port in ports]
                    return await _bench(urls, plan, [server.pid for server in servers])
                finally:
                    for server in servers:  # each writes its last pauses on the way out
                        server.send_signal(signal.SIGINT)
                    for server in servers:
                        try:
                            server.wait(10)
                        except subprocess.TimeoutExpired:
                            server.kill()
                            server.wait()

        measured = asyncio.run(main())
        logs = [folder / f"gc-{port}.jsonl" for port in ports]
        pauses = gc_pauses(logs, *measured["window"])
    figures = move_figures(plan, measured, pauses)
    print(json.dumps({"online": figures}) if args.json else _text(figures))
    return 0


def _text(f: dict[str, Any]) -> str:
    lags = ", ".join(f"p99 {lag['p99']} max {lag['max']}" for lag in f["client_lag_ms"] if lag)
    pace = "in step" if f["stampede"] else "exponential, mean"
    return "\n".join(
        (
            f"{f['nodes']} node(s) on {f['store']}; {f['tables']} tables, {f['spectators_per_table']} spectators each; seats think "
            f"{pace} {f['think_s']:g} s; {f['window_s']:g} s window",
            f"moves/s: offered {f['offered_moves_per_s']}, achieved {f['achieved_moves_per_s']}; "
            f"spectators' updates/s {f['spectator_updates_per_s']}",
            f"latency from when a move was due (ms): p50 {f['p50_ms']}  p90 {f['p90_ms']}  "
            f"p99 {f['p99_ms']}  p99.9 {f['p99_9_ms']}  max {f['max_ms']}",
            f"errors: {f['errors']}"
            + "".join(f"\n  {count} × {what}" for what, count in f["error_kinds"].items()),
            f"server: {f['server_cpu_ms_per_move']} ms CPU a move; longest pause "
            f"{f['server_pause_max_ms']} ms; collections by generation {f['gc_collections']} "
            f"(longest {f['gc_longest_ms']} ms, of CPU {f['gc_longest_cpu_ms']} ms; "
            f"tuning {'on' if f['gc_tuning'] else 'off'})",
            f"server memory: {f['server_mib_empty']} MiB empty, "
            f"{f['server_kib_per_idle_table']} KiB a seated idle table",
            f"clients: {f['client_cpu_ms_per_move']} ms CPU a move; event-loop lag (ms) {lags}",
        )
    )
