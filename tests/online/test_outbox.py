"""What the server says to a peer: written at once to a peer that keeps up, held until the
store has kept every write made before it, and always in the order said, through a backed-up
socket too."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode

from cardtable.online.connection import Connection, Limits, text_frame
from cardtable.online.journal import Journal
from tests.online.conftest import PATIENCE, until
from tests.online.slowpeer import slow_link, stalled
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


async def test_a_peer_that_keeps_up_is_written_at_once(peers: tuple[Peers, Counting]) -> None:
    both, _store = peers
    for conn in both.server_side:
        conn.send(b"at once")
        assert conn.backlog() == 0  # handed to the socket before send returned
    for client in both.clients:
        assert await asyncio.wait_for(client.recv(), PATIENCE) == "at once"


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_frame_is_made_as_websockets_makes_it(size: int) -> None:
    """The server writes its own text frames: the same bytes as the library's, at every length
    on either side of where the length field grows."""
    payload = bytes(ord("a") + i % 26 for i in range(size))
    made = Frame(Opcode.TEXT, payload).serialize(mask=False)
    assert text_frame(payload) == made
    assert text_frame(payload.decode()) == made


async def test_messages_of_every_length_arrive_whole(peers: tuple[Peers, Counting]) -> None:
    both, _store = peers
    conn, client = both.server_side[0], both.clients[0]
    said = ["", "é" * 62, "x" * 125, "é" * 100, "y" * 65535, "z" * 70000]
    for text in said:
        conn.send(text.encode() if len(text) % 2 else text)
    assert [await asyncio.wait_for(client.recv(), PATIENCE) for _ in said] == said


async def test_what_is_said_waits_for_the_commit_and_keeps_each_peers_order(
    peers: tuple[Peers, Counting],
) -> None:
    both, store = peers
    busy, idle = both.server_side
    journal = both.journal
    journal.write(store.append, "t", 0, {})  # an action not kept yet
    busy.send("told first")  # held until the commit, like an update about the action
    assert busy.backlog() == 1 and store.transactions == 0

    def news() -> None:
        for peer in (idle, busy):
            peer.send(b"news")

    journal.when_kept(news)
    busy_client, idle_client = both.clients
    assert await asyncio.wait_for(idle_client.recv(), PATIENCE) == "news"
    assert store.transactions == 1  # nothing left before the commit
    # the peer with a message held hears it first, then the news
    assert await asyncio.wait_for(busy_client.recv(), PATIENCE) == "told first"
    assert await asyncio.wait_for(busy_client.recv(), PATIENCE) == "news"
    await busy.flushed()
    assert busy.backlog() == idle.backlog() == 0


async def test_a_backed_up_peer_hears_everything_in_order_once_it_reads(
    peers: tuple[Peers, Counting],
) -> None:
    both, _store = peers
    slow, _idle = both.server_side
    slow_link(slow)
    said = 0
    while not stalled(slow):  # the client reads nothing: the socket fills, then its buffer
        slow.send(f"{said:06d}" + "x" * 2000)
        said += 1
        await asyncio.sleep(0)  # a writer, once there is one, gets its turn
    for _ in range(5):  # now held for the writer, behind what the socket would not take
        slow.send(f"{said:06d}" + "x" * 2000)
        said += 1
    assert slow.backlog() > 0
    client = both.clients[0]
    heard = [await asyncio.wait_for(client.recv(), PATIENCE) for _ in range(said)]
    assert [int(text[:6]) for text in heard] == list(range(said))
    await until(lambda: slow.backlog() == 0, "the writer to empty the outbox")
    slow.send(b"caught up")  # and once it has, a message is written at once again
    assert slow.backlog() == 0
    assert await asyncio.wait_for(client.recv(), PATIENCE) == "caught up"


async def test_a_peer_told_of_an_action_whose_commit_failed_is_dropped(
    peers: tuple[Peers, Counting],
) -> None:
    both, store = peers
    store.fail = True
    told, untold = both.server_side
    both.journal.write(store.append, "t", 0, {})
    told.send("an update about the action")  # held for the commit, which fails
    with pytest.raises(OSError, match="disk full"):
        await both.journal.settled()
    await until(lambda: told.dropped == "commit", "the peer to be dropped")
    assert untold.dropped is None  # a peer that was told nothing of it stays


async def test_news_after_a_failed_commit_is_not_sent() -> None:
    store = Counting(fail=True)
    journal = Journal(store)  # type: ignore[arg-type]
    journal.write(store.append, "t", 0, {})
    ran: list[str] = []
    journal.when_kept(lambda: ran.append("told"))  # asked first: it runs before settled returns
    with pytest.raises(OSError, match="disk full"):
        await journal.settled()
    assert ran == []
