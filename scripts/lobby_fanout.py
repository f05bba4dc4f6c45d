"""The server's CPU for telling one message to many peers (``Connection.send`` to each), two ways:
said when nothing waits to be kept (each peer that keeps up has it written at once), and said
right after a store write (each peer holds it until the commit, then has it written by one
callback). Before each peer had a writer task, the first way cost 8 ms CPU for 300 watchers.

A bare websockets server in this process wraps each of ``WATCHERS`` connections in the server's
``Connection``; the watchers are plain websockets clients in a second process that read and
drop. Each round says one ``listed`` message (a two-seat row) to all of them and waits until
every server-side connection has handed it to its socket; the CPU time of this process over
``ROUNDS`` rounds, divided by them, is the figure (the clients' work is in the other process).
Run from the project root:

    python scripts/lobby_fanout.py [WATCHERS] [ROUNDS]
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from cardtable.online import protocol as wire
from cardtable.online.connection import Connection, Limits
from cardtable.online.journal import Journal
from cardtable.online.store import SqliteStore

ROW = wire.Listed(
    type="listed",
    table=wire.ListedTable(
        watch="EFQFM",
        invite=None,
        game="pazaak",
        seats=2,
        taken=2,
        players=[wire.Opponent(name=n, tag="k3Qf", rating="1,512", bot=False) for n in "AB"],
        options={},
        rated=True,
        spectators=0,
    ),
).model_dump_json()


async def watchers(port: int, count: int) -> None:
    """The clients' process: ``count`` connections that read everything and keep nothing."""
    clients = [await connect(f"ws://127.0.0.1:{port}", compression=None) for _ in range(count)]

    async def drain(client: object) -> None:
        async for _ in client:  # type: ignore[attr-defined]
            pass

    await asyncio.gather(*(drain(c) for c in clients))


async def measure(count: int, rounds: int) -> None:
    peers: list[Connection] = []
    everyone = asyncio.Event()
    journal = Journal(SqliteStore(":memory:"))

    async def handle(ws: ServerConnection) -> None:
        peers.append(Connection(ws, Limits(), journal))
        if len(peers) == count:
            everyone.set()
        await ws.wait_closed()

    async with serve(handle, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        code = f"import asyncio, sys; sys.path.insert(0, 'scripts'); import lobby_fanout as f; asyncio.run(f.watchers({port}, {count}))"
        clients = subprocess.Popen([sys.executable, "-c", code])
        try:
            await asyncio.wait_for(everyone.wait(), 60)
            data = ROW.encode()
            for way in ("now", "kept"):
                cpu, wall = time.process_time(), time.perf_counter()
                for _ in range(rounds):
                    if way == "kept":
                        journal.write(lambda: None)
                    for peer in peers:
                        peer.send(data)
                    # until every peer has handed it on (none waits when said now)
                    while any(p.backlog() for p in peers):
                        await asyncio.sleep(0)
                cpu = (time.process_time() - cpu) / rounds * 1000
                wall = (time.perf_counter() - wall) / rounds * 1000
                print(f"{way:<5} {count} watchers: {cpu:.2f} ms CPU a change ({wall:.2f} ms wall)")
        finally:
            clients.kill()
            clients.wait()


if __name__ == "__main__":
    arguments = [int(word) for word in sys.argv[1:3]]
    asyncio.run(measure(*(arguments + [200, 200][len(arguments) :])))
