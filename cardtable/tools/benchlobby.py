"""``cardtable bench lobby``: how long a quick-match wave, a leaderboard and the lobby's live list
take at scale.

- one wave over ``--seekers`` seekers of one pool (Pazaak pairs; Pazu-Pazaak with ranges 3–6
  and 3–4), its own CPU time (``time.process_time`` around the wave alone);
- ``--players`` rated players in a fresh SQLite ladder: the leaderboard's top 20 and a player's
  own rank, in the store, and ``top`` asked of a real server on 127.0.0.1 through the lobby
  client (the round trip a ``cardtable top`` makes once it is connected);
- ``--listed`` listed tables on a ``cardtable serve`` process, watched by ``--watchers`` lobby
  clients: a guest joins one table after another (``--changes`` of them, 20 a second), and each
  watcher notes when the row showing the table full reaches it (from the moment the join was sent).
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

#: repetitions of each timed leaderboard read (the median is quoted)
READS = 21


def run_lobby_bench(args: Any) -> int:
    figures: dict[str, Any] = {
        "waves": [wave_figure(game, args.seekers) for game in ("pazaak", "pazu-pazaak")],
        "leaderboard": asyncio.run(leaderboard_figures(args.players)),
        "listing": asyncio.run(listing_figures(args.listed, args.watchers, args.changes)),
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
    listing = figures["listing"]
    print(
        f"list  {listing['tables']:>6} listed tables, {listing['watchers']} watchers, "
        f"{listing['changes']} changes: p50 {listing['p50_ms']:.1f} ms, p99 "
        f"{listing['p99_ms']:.1f} ms, max {listing['max_ms']:.1f} ms, {listing['missed']} missed"
    )
    return 0


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
    from cardtable.online.ladder import SqliteLadder
    from cardtable.online.lobbyclient import LobbyClient
    from cardtable.online.server import GameServer
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
    rng = random.Random(38)
    now = datetime.now(UTC)
    rows, names = [], []
    for n in range(players):
        mu, sigma = rng.gauss(25, 4), rng.uniform(2.0, 8.3)
        played = (now - timedelta(days=rng.uniform(0, 60))).timestamp()
        games = rng.randint(0, 80)
        if n == 0:  # the player whose own rank is asked for: settled, recent, mid-table
            mu, sigma, played, games = 25.0, 3.0, now.timestamp(), 50
        rows.append((f"p{n}", "pazaak", mu, sigma, games, mu - 3 * sigma, played))
        names.append((f"p{n}", f"Player {n}"))
    with store.transaction():
        store.db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        store.db.executemany("INSERT INTO players (id, name) VALUES (?, ?)", names)
    store.db.execute("ANALYZE")


def _median(read: Any) -> float:
    times = []
    for _ in range(READS):
        started = time.perf_counter()
        read()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


async def listing_figures(tables: int, watchers: int, changes: int) -> dict[str, Any]:
    """How soon a listed table's change reaches every lobby watcher."""
    import os
    import socket
    import subprocess
    import sys

    from websockets.asyncio.client import connect

    from cardtable.online import protocol as wire
    from cardtable.online.lobbyclient import LobbyClient

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    url = f"ws://127.0.0.1:{port}"
    folder = tempfile.mkdtemp(prefix="cardtable-bench-lobby-")
    command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
    command += ["--db", str(Path(folder) / "bench.sqlite3"), "--max-tables", "0"]
    command += ["--tables-per-address", "0", "--wrong-codes", "0"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "CARDTABLE_HOME": folder},
    )
    hosts: list[Any] = []
    clients: list[LobbyClient] = []
    try:
        for _ in range(200):
            try:
                _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            writer.close()
            break
        create = json.dumps(
            {
                "type": "create",
                "version": wire.PROTOCOL,
                "game": "pazaak",
                "listed": True,
                "seats": ["human", "human"],
            }
        )
        invites: list[str] = []
        for _ in range(tables):
            host = await connect(url, compression=None)
            await host.send(create)
            invites.append(json.loads(await host.recv())["invite"])
            hosts.append(host)
        clients = [await LobbyClient.open(url, "Watcher") for _ in range(watchers)]
        for client in clients:
            await client.subscribe()
        # 200 watchers' copies of the list live in this one process (200,000 rows): a real
        # watcher holds one. Frozen, the collector does not walk them all at every full pass
        gc.freeze()
        sent: dict[str, float] = {}
        delays: list[float] = []
        by_change: dict[str, list[float]] = {}

        async def watch(client: LobbyClient) -> None:
            while True:
                news = await client.next_news()
                now = time.perf_counter()
                if isinstance(news, wire.Listed) and news.table.taken == 2:
                    delays.append(now - sent[news.table.watch])
                    by_change.setdefault(news.table.watch, []).append(delays[-1])

        watching = [asyncio.create_task(watch(client)) for client in clients]
        join = {"type": "join", "version": wire.PROTOCOL, "name": "Guest"}
        for n in range(changes):
            guest = await connect(url, compression=None)
            code = invites[n]
            watch_code = next(row.watch for row in clients[0].tables.values() if row.invite == code)
            sent[watch_code] = time.perf_counter()
            await guest.send(json.dumps(join | {"code": code}))
            hosts.append(guest)
            await asyncio.sleep(0.05)
        expected = changes * watchers
        for _ in range(100):
            if len(delays) >= expected:
                break
            await asyncio.sleep(0.05)
        for task in watching:
            task.cancel()
    finally:
        for client in clients:
            await client.close()
        for host in hosts:
            await host.close()
        server.kill()
        server.wait()
    ms = sorted(d * 1000 for d in delays)
    return {
        "tables": tables,
        "watchers": watchers,
        "changes": changes,
        "p50_ms": statistics.median(ms),
        "p99_ms": ms[int(len(ms) * 0.99) - 1] if ms else float("nan"),
        "max_ms": ms[-1] if ms else float("nan"),
        "missed": expected - len(ms),
        "slowest_changes_ms": sorted(
            (round(max(d) * 1000, 1), order) for order, d in enumerate(by_change.values())
        )[-3:],
    }
