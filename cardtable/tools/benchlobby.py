"""``cardtable bench lobby``: how long a quick-match wave, a leaderboard and the lobby's live list
take at scale.

- one wave over ``--seekers`` seekers of one pool (Pazaak pairs; Pazu-Pazaak with ranges 3–6
  and 3–4), its own CPU time (``time.process_time`` around the wave alone);
- with ``--redis URL`` or ``--store postgresql://…``, a cluster's instead, and nothing else: the
  same waves over pools in Redis (``RedisPools``, under keys of the run's own, deleted after it),
  the seekers coming through two nodes and one running the wave (its CPU time in that node,
  Redis's own CPU time over it from ``INFO cpu``, its wall time); the leaderboard's top 20 and a
  player's own rank among ``--players`` in PostgreSQL (``PostgresLadder``, a fresh database
  dropped after the run);
- ``--players`` rated players in a fresh SQLite ladder: the leaderboard's top 20 and a player's
  own rank, in the store, and ``top`` asked of a real server on 127.0.0.1 through the lobby
  client (the round trip a ``cardtable top`` makes once it is connected);
- the live list under load, all on this machine: a ``cardtable serve`` process holds
  ``--listed`` listed tables watched by ``--watchers`` lobby clients (``benchwatchers``, one
  process), while ``--playing`` two-person tables are played at people's pace beside them (the
  ``bench online`` clients, ``--think``, ``--procs``). Over the window (``--seconds`` after
  ``--warmup``) tables are opened and filled at ``--rate`` changes a second, each at a moment
  fixed in advance (open loop); each change's latency runs from that moment to its arrival at
  each watcher. The moves' latency is ``bench online``'s, over the same window.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from cardtable.tools.benchonline import (
    WINDOW,
    WORKER_LINE,
    Plan,
    PlayWorkers,
    cpu_seconds,
    free_port,
    gc_pauses,
    listening,
    move_figures,
    percentile,
    schedule,
    serve_process,
    until,
    worker_line,
)
from cardtable.tools.benchwatchers import now
from cardtable.tools.fail import fail

#: repetitions of each timed leaderboard read (the median is quoted)
READS = 21
#: how long before its change is due a change's connection is opened (seconds)
LEAD = 0.5
#: how long the news of the window's last changes is waited for (seconds)
DRAIN = 2.0


def run_lobby_bench(args: Any) -> int:
    if args.redis is not None or args.store is not None:
        return _shared(args)
    plan = listing_plan(args)
    figures: dict[str, Any] = {
        "waves": [wave_figure(game, args.seekers) for game in GAMES_WAVED],
        "leaderboard": asyncio.run(leaderboard_figures(args.players)),
        "listing": asyncio.run(listing_figures(plan)),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for wave in figures["waves"]:
        print(
            f"wave  {wave['game']:<12} {wave['seekers']:>6} seekers → {wave['tables']:>5} tables, "
            f"{wave['seated']:>5} seated, {wave['cpu_ms']:.1f} ms CPU"
        )
    board = figures["leaderboard"]
    print(
        f"top   {board['players']:>6} rated players: store top-20 {board['store_top_ms']:.2f} ms, "
        f"a player's own rank ({board['rank']:,}) {board['store_rank_ms']:.2f} ms; "
        f"top-20 over the wire {board['wire_top_ms']:.2f} ms "
        f"(medians of {READS})"
    )
    print(listing_text(figures["listing"]))
    return 0


def listing_text(f: dict[str, Any]) -> str:
    lag = f["watchers_lag_ms"] or {}
    lines = [
        f"list  {f['tables']:>6} listed tables, {f['watchers']} watchers, {f['changes']} changes "
        f"({f['rate']:g} a second over {f['window_s']:g} s), from when each was due: "
        f"p50 {f['p50_ms']} ms, p99 {f['p99_ms']} ms, max {f['max_ms']} ms; every watcher "
        f"reached: p99 {f['all_reached_p99_ms']} ms; {f['missed']} missed",
        f"      watchers' event-loop lag p99 {lag.get('p99')} ms, max {lag.get('max')} ms; "
        f"CPU in cores: server {f['server_cpu_share']}, watchers {f['watchers_cpu_share']}, "
        f"changes and hosts {f['changer_cpu_share']}"
        + "".join(f"; {n} × {what}" for what, n in f["change_failures"].items()),
    ]
    moves = f["moves"]
    if moves is not None:
        lines.append(
            f"      meanwhile {f['playing']} human-paced tables: {moves['achieved_moves_per_s']} "
            f"moves/s, from when due p50 {moves['p50_ms']} ms, p99 {moves['p99_ms']} ms, max "
            f"{moves['max_ms']} ms; {moves['errors']} errors; server pause max "
            f"{moves['server_pause_max_ms']} ms"
        )
    return "\n".join(lines)


def _shared(args: Any) -> int:
    """The figures of a cluster's lobby: waves in Redis, the leaderboard in PostgreSQL."""
    figures: dict[str, Any] = {}
    if args.redis is not None:
        figures["shared_waves"] = [
            asyncio.run(shared_wave_figure(args.redis, game, args.seekers)) for game in GAMES_WAVED
        ]
    if args.store is not None:
        figures["shared_leaderboard"] = asyncio.run(shared_board_figure(args.store, args.players))
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for wave in figures.get("shared_waves", []):
        print(
            f"wave  {wave['game']:<12} {wave['seekers']:>6} seekers through {wave['nodes']} nodes "
            f"→ {wave['tables']:>5} tables, {wave['seated']:>5} seated in one wave: "
            f"{wave['node_cpu_ms']:.1f} ms CPU in the node running it, "
            f"{wave['redis_cpu_ms']:.1f} ms in Redis, {wave['wall_ms']:.1f} ms wall"
        )
    board = figures.get("shared_leaderboard")
    if board is not None:
        print(
            f"top   {board['players']:>6} rated players in PostgreSQL: top-20 "
            f"{board['top_ms']:.2f} ms, a player's own rank ({board['rank']:,}) "
            f"{board['rank_ms']:.2f} ms (medians of {READS}, from this process)"
        )
    return 0


async def shared_board_figure(url: str, players: int) -> dict[str, Any]:
    """The leaderboard a cluster reads: ``players`` rated players in a fresh PostgreSQL database."""
    from cardtable.online.journal import Journal
    from cardtable.online.pgladder import PostgresLadder
    from cardtable.online.pgstore import PostgresStore
    from cardtable.tools.benchonline import fresh_database

    async with fresh_database(url) as dsn:
        assert dsn is not None
        store = await PostgresStore.open(dsn)
        try:
            ratings, names = board_rows(players)
            async with store.pool.acquire() as db:
                await db.copy_records_to_table("ratings", records=ratings)
                await db.copy_records_to_table("players", records=names, columns=["id", "name"])
                await db.execute("ANALYZE")
            ladder = PostgresLadder(store, Journal(store))
            now = datetime.now(UTC)
            mine = await ladder.standing("p0", "pazaak", now)
            assert mine is not None and mine.rank is not None
            top = await _median_async(lambda: ladder.top("pazaak", now, 20, 0))
            rank = await _median_async(lambda: ladder.standing("p0", "pazaak", now))
        finally:
            await store.close()
    return {"players": players, "top_ms": top, "rank_ms": rank, "rank": mine.rank}


async def _median_async(read: Any) -> float:
    times = []
    for _ in range(READS):
        started = time.perf_counter()
        await read()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


#: the pools a wave is measured over: pairs, and tables of 3–6 and 3–4 seats
GAMES_WAVED = ("pazaak", "pazu-pazaak")


async def shared_wave_figure(url: str, game: str, seekers: int) -> dict[str, Any]:
    """One wave over ``seekers`` seekers of one pool in Redis, who sought through two nodes."""
    from redis.asyncio import Redis

    from cardtable.online.lobby import quick_match_sizes
    from cardtable.online.pools import Seeker
    from cardtable.online.sharedpools import RedisPools

    rng = random.Random(38)
    now = [time.time()]
    prefix = f"cardtable:bench:{os.getpid()}:{secrets.token_hex(4)}:"
    redis = Redis.from_url(url)
    try:
        nodes = [
            RedisPools(redis, f"bench-{n}", quick_match_sizes(), 10.0, lambda: now[0], prefix)
            for n in range(2)
        ]
        for n in range(seekers):
            now[0] += 0.001
            pools = nodes[n % 2]
            seats = (2, 2) if game == "pazaak" else rng.choice([(3, 6), (3, 4)])
            seeker = Seeker(f"p{n}", f"p{n}", f"Player {n}", False, pools.node)
            await pools.seek(seeker, game, seats, True, rng.gauss(1500, 200))
        now[0] += 3.0
        for pools in nodes:
            await pools.alive()
        before = _redis_cpu(await redis.info("cpu"))
        started, cpu = time.perf_counter(), time.process_time()
        wave = await nodes[0].wave()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - started
        redis_cpu = _redis_cpu(await redis.info("cpu")) - before
        assert wave is not None, "the bench's node could not take its own lease"
        return {
            "game": game,
            "seekers": seekers,
            "nodes": len(nodes),
            "tables": len(wave.formed),
            "seated": sum(len(match.tickets) for match, _ in wave.formed),
            "node_cpu_ms": cpu * 1000,
            "redis_cpu_ms": redis_cpu * 1000,
            "wall_ms": wall * 1000,
        }
    finally:
        keys = [key async for key in redis.scan_iter(match=prefix + "*")]
        if keys:
            await redis.delete(*keys)
        await redis.aclose()


def _redis_cpu(info: dict[str, Any]) -> float:
    """Seconds of CPU the Redis server has used, its own threads and the kernel's for it."""
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def wave_figure(game: str, seekers: int) -> dict[str, Any]:
    """One wave over ``seekers`` waiting seekers with ratings spread as a ladder's are."""
    from cardtable.online.lobby import quick_match_sizes
    from cardtable.online.matchmaking import Matchmaker

    rng = random.Random(38)
    now = [0.0]
    pools = Matchmaker(quick_match_sizes(), lambda: now[0])
    for n in range(seekers):
        now[0] = n * 0.001
        seats = (2, 2) if game == "pazaak" else rng.choice([(3, 6), (3, 4)])
        pools.seek(f"p{n}", game, seats, True, rng.gauss(1500, 200))
    now[0] += 3.0
    started = time.process_time()
    matches = pools.wave()
    cpu = time.process_time() - started
    return {
        "game": game,
        "seekers": seekers,
        "tables": len(matches),
        "seated": sum(len(m.tickets) for m in matches),
        "cpu_ms": cpu * 1000,
    }


async def leaderboard_figures(players: int) -> dict[str, Any]:
    from cardtable.online.connection import Limits
    from cardtable.online.lobbyclient import LobbyClient
    from cardtable.online.server import GameServer
    from cardtable.online.sqliteladder import SqliteLadder
    from cardtable.online.store import SqliteStore

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "server.sqlite3"
        store = SqliteStore(db)
        ladder = SqliteLadder(store)
        fill(store, players)
        now = datetime.now(UTC)
        store_top = _median(lambda: ladder.top("pazaak", now))
        mine = ladder.standing("p0", "pazaak", now)
        assert mine is not None and mine.rank is not None  # counting those ahead is the work
        store_rank = _median(lambda: ladder.standing("p0", "pazaak", now))
        store.close()
        server = GameServer(SqliteStore(db), Limits())
        listening = await server.start("127.0.0.1", 0)
        port = listening.sockets[0].getsockname()[1]
        try:
            client = await LobbyClient.open(f"ws://127.0.0.1:{port}", "Bench")
            times = []
            for _ in range(READS):
                started = time.perf_counter()
                await client.top("pazaak")
                times.append(time.perf_counter() - started)
            await client.close()
        finally:
            server.stop()
            listening.close()
            await listening.wait_closed()
    return {
        "players": players,
        "store_top_ms": store_top,
        "store_rank_ms": store_rank,
        "rank": mine.rank,
        "wire_top_ms": statistics.median(times) * 1000,
    }


def fill(store: Any, players: int) -> None:
    """``players`` rated Pazaak players, most settled and recent, some provisional or idle."""
    rows, names = board_rows(players)
    with store.transaction():
        store.db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        store.db.executemany("INSERT INTO players (id, name) VALUES (?, ?)", names)
    store.db.execute("ANALYZE")


def board_rows(players: int) -> tuple[list[tuple[Any, ...]], list[tuple[str, str]]]:
    """The ratings rows and the names of ``players`` rated Pazaak players (seeded)."""
    rng = random.Random(38)
    now = datetime.now(UTC)
    rows: list[tuple[Any, ...]] = []
    names = []
    for n in range(players):
        mu, sigma = rng.gauss(25, 4), rng.uniform(2.0, 8.3)
        played = (now - timedelta(days=rng.uniform(0, 60))).timestamp()
        games = rng.randint(0, 80)
        if n == 0:  # the player whose own rank is asked for: settled, recent, mid-table
            mu, sigma, played, games = 25.0, 3.0, now.timestamp(), 50
        rows.append((f"p{n}", "pazaak", mu, sigma, games, mu - 3 * sigma, played))
        names.append((f"p{n}", f"Player {n}"))
    return rows, names


def _median(read: Any) -> float:
    times = []
    for _ in range(READS):
        started = time.perf_counter()
        read()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


@dataclass(frozen=True)
class ListingPlan:
    """The lobby's part of the bench: listed tables, their watchers, how often one changes, and
    the human-paced tables played beside them (``play``, as ``bench online`` plays them)."""

    listed: int
    watchers: int
    rate: float
    play: Plan


def listing_plan(args: Any) -> ListingPlan:
    if args.listed < 1 or args.watchers < 1 or args.rate <= 0 or args.playing < 0:
        fail("--listed and --watchers must be at least 1, --rate above 0, --playing 0 or more")
    procs = (os.cpu_count() or 1) if args.procs is None else args.procs
    play = Plan(
        tables=args.playing,
        spectators=0,
        think=args.think,
        stampede=False,
        warmup=args.warmup,
        seconds=WINDOW if args.seconds is None else args.seconds,
        procs=procs,
        gc_tuning=True,
    )
    return ListingPlan(args.listed, args.watchers, args.rate, play)


class Lobbyist:
    """Makes the changes the watchers are to see, each at the moment it is due: a listed table
    opens (its row appears, one seat taken) or a guest fills one (its row shows both seats taken).

    Open loop: each change is due at a time drawn in advance (exponential gaps, mean
    ``1 / rate``), whatever became of the ones before, and its latency runs from that moment.
    Its connection is opened shortly before, as a person's client is open before they click;
    a generator late to send counts against the figure rather than hiding it."""

    def __init__(self, url: str) -> None:
        self.url = url
        #: tables listed with a seat free: (invite, watch code)
        self.open: deque[tuple[str, str]] = deque()
        #: when each change was due, by the key the watchers note it under
        self.due: dict[str, float] = {}
        self.connections: list[Any] = []
        self.failures: dict[str, int] = {}

    async def _connect(self) -> Any:
        from websockets.asyncio.client import connect

        ws = await connect(self.url, open_timeout=60, compression=None)
        self.connections.append(ws)
        return ws

    async def _hello(self, ws: Any, message: dict[str, Any]) -> dict[str, Any]:
        from cardtable.online.protocol import PROTOCOL

        await ws.send(json.dumps(message | {"version": PROTOCOL}))
        answer: dict[str, Any] = json.loads(await ws.recv())
        if answer.get("type") != "welcome":
            raise RuntimeError(f"the server refused: {answer}")
        return answer

    async def list_one(self) -> str:
        """Open a listed table whose host waits for a guest; its watch code."""
        create = {"type": "create", "game": "pazaak", "seats": ["human"] * 2, "listed": True}
        welcome = await self._hello(await self._connect(), create)
        self.open.append((welcome["invite"], welcome["watch"]))
        return str(welcome["watch"])

    async def change(self, kind: str, due: float) -> None:
        """Open a table (``"open"``) or fill one (``"fill"``) at ``due`` (``benchwatchers.now``)."""
        try:
            await asyncio.sleep(due - LEAD - now())
            ws = await self._connect()
            await asyncio.sleep(due - now())
            if kind == "fill" and self.open:
                invite, watch = self.open.popleft()
                self.due[f"{watch} 2"] = due
                await self._hello(ws, {"type": "join", "code": invite, "name": "Guest"})
            else:
                create = {"type": "create", "game": "pazaak", "seats": ["human"] * 2}
                welcome = await self._hello(ws, create | {"listed": True})
                self.due[f"{welcome['watch']} 1"] = due
                self.open.append((welcome["invite"], welcome["watch"]))
        except (OSError, RuntimeError, ConnectionClosed) as error:
            what = type(error).__name__
            self.failures[what] = self.failures.get(what, 0) + 1

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.connections), return_exceptions=True)


def change_times(start: float, end: float, rate: float) -> list[float]:
    """When each change is due: a Poisson process of ``rate`` a second from ``start`` to ``end``."""
    rng = random.Random(38)
    times, at = [], start
    while (at := at + rng.expovariate(rate)) < end:
        times.append(at)
    return times


async def listing_figures(plan: ListingPlan) -> dict[str, Any]:
    """How soon each change of a listed table reaches every lobby watcher, measured from when
    it was due, while ``plan.play`` tables are played at people's pace on the same server."""
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-lobby-") as name:
        folder = Path(name)
        server = serve_process(port, folder, plan.play, None)
        lobbyist = Lobbyist(url)
        try:
            await listening(port)
            for _ in range(plan.listed):
                await lobbyist.list_one()
            async with (
                PlayWorkers([url], plan.play) as players,
                _watchers_process(url, plan.watchers) as watchers,
            ):
                rows = await _ready(watchers)
                await players.seated()
                start, window = schedule(plan.play)
                players.start(start, window)
                # the same window on the monotonic clock the watchers note arrivals by
                offset = now() - time.time()
                dues = change_times(window[0] + offset, window[1] + offset, plan.rate)
                kinds = ("open", "fill")
                changes = [
                    asyncio.create_task(lobbyist.change(kinds[n % 2], due))
                    for n, due in enumerate(dues)
                ]
                await until(window[0])
                cpu = _cpu_now(server.pid, watchers.pid)
                await until(window[1])
                cpu = [b - a for a, b in zip(cpu, _cpu_now(server.pid, watchers.pid), strict=True)]
                await asyncio.gather(*changes)
                await asyncio.sleep(DRAIN)  # the last changes' news is on its way
                stopped = now()
                assert watchers.stdin is not None
                watchers.stdin.write(b"stop\n")
                seen = await worker_line(watchers)
                results = await players.results()
        finally:
            await lobbyist.close()
            server.send_signal(signal.SIGINT)  # it writes its last pauses on the way out
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        pauses = gc_pauses([folder / f"gc-{port}.jsonl"], *window)
    measured = {"results": results, "window": window, "server_cpu": cpu[0], "memory": (0, 0)}
    moves = move_figures(plan.play, measured, pauses) if plan.play.tables else None
    return _listing_figures(plan, rows, lobbyist, seen, stopped, cpu, moves)


def _listing_figures(
    plan: ListingPlan,
    rows: int,
    lobbyist: Lobbyist,
    seen: dict[str, Any],
    stopped: float,
    cpu: list[float],
    moves: dict[str, Any] | None,
) -> dict[str, Any]:
    """Each delivery's latency from when its change was due; a change a watcher never heard
    of counts as missed and with the time it waited (a lower bound)."""
    arrivals = seen.get("arrivals", {})
    delays, reached_all, missed = [], [], 0
    for key, due in lobbyist.due.items():
        heard = [at - due for at in arrivals.get(key, [])]
        missed += plan.watchers - len(heard)
        heard += [stopped - due] * (plan.watchers - len(heard))
        delays += heard
        reached_all.append(max(heard))
    ms = sorted(d * 1000 for d in delays) or [float("nan")]
    every = sorted(d * 1000 for d in reached_all) or [float("nan")]
    return {
        "tables": rows,
        "watchers": plan.watchers,
        "rate": plan.rate,
        "window_s": plan.play.seconds,
        "changes": len(lobbyist.due),
        "change_failures": lobbyist.failures,
        "p50_ms": percentile(ms, 0.5),
        "p99_ms": percentile(ms, 0.99),
        "max_ms": round(ms[-1], 2),
        "all_reached_p99_ms": percentile(every, 0.99),
        "missed": missed,
        "watchers_closed": seen.get("closed"),
        "watchers_lag_ms": seen.get("lag_ms"),
        # CPU used in the window, in cores: the server, the watchers' process, and this one
        # (the changes and the listed tables' hosts)
        "server_cpu_share": round(cpu[0] / plan.play.seconds, 3),
        "watchers_cpu_share": round(cpu[1] / plan.play.seconds, 3),
        "changer_cpu_share": round(cpu[2] / plan.play.seconds, 3),
        "playing": plan.play.tables,
        "moves": moves,
    }


def _cpu_now(server: int, watchers: int) -> list[float]:
    """CPU seconds used so far by the server, the watchers' process and this process."""
    return [cpu_seconds(server), cpu_seconds(watchers), time.process_time()]


@asynccontextmanager
async def _watchers_process(url: str, count: int) -> AsyncIterator[asyncio.subprocess.Process]:
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardtable.tools.benchwatchers",
        url,
        str(count),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        limit=WORKER_LINE,
    )
    try:
        yield worker
    finally:
        if worker.returncode is None:
            worker.kill()
        await worker.wait()


async def _ready(watchers: asyncio.subprocess.Process) -> int:
    """Wait until every watcher holds the listing; how many rows it had."""
    ready = await worker_line(watchers)
    if "ready" not in ready:
        fail("the lobby watchers could not subscribe (is the server refusing them?)")
    return int(ready["rows"])
