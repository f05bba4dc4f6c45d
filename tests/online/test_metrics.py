"""``serve --metrics``: Prometheus reads over HTTP what the server did, and the numbers move
with real play: moves, refusals by code, a slow peer dropped, tables and connections."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect

from cardtable.online.metrics import Exposed
from cardtable.online.protocol import PROTOCOL
from cardtable.online.server import Limits
from tests.online.conftest import PATIENCE, Running, play_out, until
from tests.online.slowpeer import deaf_spectator_dropped

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(url: str) -> Samples:
    """Every sample at ``url``, by name and labels."""
    with urllib.request.urlopen(url, timeout=PATIENCE) as reply:
        text = reply.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def test_a_scrape_after_real_play_counts_what_happened(tmp_path: Path) -> None:
    # a send never times out here, so the slow peer can only be dropped by its full outbox
    server = Running(tmp_path / "s.sqlite3", Limits(bot_pause=0.0, outbox=32, send_deadline=600))
    game = await server.start()
    exposed = Exposed(game.tables, game.transport.connections, game.metrics, "127.0.0.1", 0)
    try:
        host, guest = await server.table("pazaak", ["human", "human"])
        table = next(iter(game.tables.values()))
        deaf = await deaf_spectator_dropped(server, table, host.watch)
        deaf.close()
        async with connect(server.url) as ws:
            for message in (
                "{not json",
                {"type": "move", "ply": 0, "action": {}},
                {"type": "watch", "version": PROTOCOL, "code": "QQQQQ"},
                {"type": "watch", "version": PROTOCOL, "code": "QQQQQ"},
            ):
                await ws.send(message if isinstance(message, str) else json.dumps(message))
                assert json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))["type"] == "error"
        await play_out([host, guest])
        await until(
            lambda: len(game.transport.connections) == 2, "only the two players to be connected"
        )
        got = await asyncio.to_thread(scrape, f"http://127.0.0.1:{exposed.port}/metrics")
    finally:
        exposed.close()
        for session in server.sessions:
            session.close()
        await server.stop()
    moves = len(table.match.actions)
    assert table.match.is_over and moves > 0
    assert got["cardtable_moves_total", (("game", "pazaak"),)] == moves
    # every person's move is timed from its arrival to its commit; the deals between sets are
    # the server's own steps, with no arrival to time them from
    deals = sum(type(action).__name__ == "DealNextSet" for action in table.match.actions)
    assert deals > 0
    assert got["cardtable_move_latency_seconds_count", ()] == moves - deals
    assert got["cardtable_move_latency_seconds_bucket", (("le", "+Inf"),)] == moves - deals
    assert 0 < got["cardtable_move_latency_seconds_sum", ()]
    refusals = {
        dict(labels)["reason"]: value
        for (name, labels), value in got.items()
        if name == "cardtable_refusals_total"
    }
    assert refusals == {"invalid": 1, "hello": 1, "code": 2}
    assert got["cardtable_dropped_peers_total", (("cause", "outbox"),)] == 1
    assert got["cardtable_tables", (("game", "pazaak"),)] == 1
    assert got["cardtable_connections", (("role", "player"),)] == 2
    assert got["cardtable_connections", (("role", "spectator"),)] == 0
    assert got["cardtable_outbox_messages", ()] == 0
    assert got["process_resident_memory_bytes", ()] > 0


async def test_serve_metrics_serves_on_the_servers_host(tmp_path: Path) -> None:
    words = ["serve", "--port", "0", "--metrics", "0", "--db", str(tmp_path / "s.sqlite3")]
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "cardtable", *words),
        env={**os.environ, "CARDTABLE_HOME": str(tmp_path / "home")},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stderr is not None
        said = b""
        while (found := re.search(rb"metrics on (http://127\.0\.0\.1:\d+/metrics)", said)) is None:
            line = await asyncio.wait_for(process.stderr.readline(), PATIENCE)
            assert line, f"serve ended without serving metrics: {said.decode()}"
            said += line
        got = await asyncio.to_thread(scrape, found.group(1).decode())
        assert got["cardtable_connections", (("role", "player"),)] == 0
        assert ("cardtable_move_latency_seconds_count", ()) in got
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), PATIENCE)
