"""The lobby's news to many watchers: written at once to those caught up, queued behind what the
others wait for, and never before the writes it follows are kept."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

from cardtable.online.connection import Connection, Limits, fan_out
from cardtable.online.journal import Journal
from tests.online.conftest import PATIENCE
from tests.online.test_journal import Counting


class Peers:
    """Two clients of a bare websockets server, each side wrapped in a server ``Connection``."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.server_side: list[Connection] = []
        self.clients: list[ClientConnection] = []
        self.arrived = asyncio.Event()

    async def handle(self, ws: ServerConnection) -> None:
        self.server_side.append(Connection(ws, Limits(), self.journal))
        self.arrived.set()
        await ws.wait_closed()

    async def connect(self, url: str) -> Connection:
        self.arrived.clear()
        self.clients.append(await connect(url, compression=None))
        await asyncio.wait_for(self.arrived.wait(), PATIENCE)
        return self.server_side[-1]


@pytest.fixture
async def peers() -> AsyncIterator[tuple[Peers, Counting]]:
    store = Counting()
    both = Peers(Journal(store))  # type: ignore[arg-type]
    async with serve(both.handle, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        for _ in range(2):
            await both.connect(f"ws://127.0.0.1:{port}")
        yield both, store
        for client in both.clients:
            await client.close()


async def test_news_waits_for_the_commit_and_keeps_each_peers_order(
    peers: tuple[Peers, Counting],
) -> None:
    both, store = peers
    busy, idle = both.server_side
    journal = both.journal
    journal.write(store.append, "t", 0, {})  # an action not kept yet
    busy.send("told first")  # queued until the commit, like an update about the action
    assert not busy.caught_up() and not idle.caught_up()  # a commit is pending for everyone
    journal.when_kept(lambda: fan_out([busy, idle], b"news"))
    assert store.transactions == 0  # nothing has gone out, nothing is kept
    busy_client, idle_client = both.clients
    assert await asyncio.wait_for(idle_client.recv(), PATIENCE) == "news"
    assert store.transactions == 1  # the news left after the commit
    # the peer with a message queued hears it first, then the news
    assert await asyncio.wait_for(busy_client.recv(), PATIENCE) == "told first"
    assert await asyncio.wait_for(busy_client.recv(), PATIENCE) == "news"
    await busy.flushed()
    assert busy.caught_up() and idle.caught_up()


async def test_news_is_written_at_once_to_peers_caught_up(peers: tuple[Peers, Counting]) -> None:
    both, _store = peers
    ran: list[str] = []
    both.journal.when_kept(lambda: ran.append("now"))  # nothing pending: at once
    assert ran == ["now"]
    fan_out(both.server_side, b"at once")
    assert all(conn.backlog() == 0 for conn in both.server_side)  # nothing was queued
    for client in both.clients:
        assert await asyncio.wait_for(client.recv(), PATIENCE) == "at once"


async def test_news_after_a_failed_commit_is_not_sent() -> None:
    store = Counting(fail=True)
    journal = Journal(store)  # type: ignore[arg-type]
    journal.write(store.append, "t", 0, {})
    ran: list[str] = []
    journal.when_kept(lambda: ran.append("told"))  # asked first: it runs before settled returns
    with pytest.raises(OSError, match="disk full"):
        await journal.settled()
    assert ran == []
