"""The limits a public server needs: a hello deadline, tables per address and in all, wrong
codes per address, and empty tables closed after a while."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.online.gate import client_address
from cardtable.online.protocol import PROTOCOL, parse_server
from cardtable.online.quotas import Quotas
from cardtable.online.server import Limits
from tests.online.conftest import PATIENCE, Running, until
from tests.online.test_abuse import ask

CREATE = {"type": "create", "version": PROTOCOL, "game": "pazaak", "seats": ["human", "easy"]}


@pytest.fixture
async def limited(tmp_path: Path):
    """A server whose every limit is small enough to reach in a test."""
    quotas = Quotas(
        tables=3,
        tables_per_address=2,
        wrong_codes_per_minute=3,
        hello_deadline=0.5,
        idle_minutes=0.01,
    )
    running = Running(tmp_path / "s.sqlite3", Limits(grace=0.3, bot_pause=0.0, quotas=quotas))
    await running.start()
    yield running
    await running.stop()


async def test_a_connection_that_never_says_hello_is_told_why_and_hung_up_on(limited) -> None:
    async with connect(limited.url) as ws:
        reply = parse_server(await asyncio.wait_for(ws.recv(), PATIENCE))
        assert reply.code == "hello" and "0.5 s" in reply.message
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), PATIENCE)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


async def test_tables_are_rationed_per_address(limited) -> None:
    sockets = [await connect(limited.url) for _ in range(3)]
    try:
        assert (await ask(sockets[0], CREATE)).type == "welcome"
        assert (await ask(sockets[1], CREATE)).type == "welcome"
        refused = await ask(sockets[2], CREATE)
        assert refused.code == "tables" and "2 tables open" in refused.message
    finally:
        for ws in sockets:
            await ws.close()


async def test_a_full_server_says_so(tmp_path: Path) -> None:
    quotas = Quotas(tables=1, tables_per_address=0)
    running = Running(tmp_path / "s.sqlite3", Limits(quotas=quotas))
    await running.start()
    try:
        async with connect(running.url) as first, connect(running.url) as second:
            assert (await ask(first, CREATE)).type == "welcome"
            assert (await ask(second, CREATE)).code == "busy"
    finally:
        await running.stop()


async def test_wrong_codes_are_rationed_per_address_so_codes_cannot_be_guessed(limited) -> None:
    async with connect(limited.url) as host:
        invite = (await ask(host, CREATE)).invite
        async with connect(limited.url) as guesser:
            wrong = "QQQQQ" if invite != "QQQQQ" else "QQQQA"
            for _ in range(3):
                reply = await ask(guesser, {"type": "join", "version": PROTOCOL, "code": wrong})
                assert reply.code == "code"
            # spent: even the right code waits now
            right = {"type": "join", "version": PROTOCOL, "code": invite}
            assert (await ask(guesser, right)).code == "guesses"


async def test_a_table_left_empty_is_closed_and_not_rebuilt(limited) -> None:
    async with connect(limited.url) as ws:
        welcome = await ask(ws, CREATE)
    game = limited.game
    await until(lambda: welcome.invite not in game.tables.by_code, "the empty table to be closed")
    assert not game.tables
    async with connect(limited.url) as ws:
        join = {"type": "join", "version": PROTOCOL, "code": welcome.invite}
        assert (await ask(ws, join)).code == "code"
    await limited.stop()
    await limited.start()
    assert not limited.game.tables  # its game was abandoned, not left to come back


def test_behind_a_proxy_each_visitor_is_counted_by_the_address_the_proxy_names() -> None:
    assert client_address("127.0.0.1", "203.0.113.9", behind_proxy=True) == "203.0.113.9"
    # a client may send its own header: only the proxy's last entry counts
    spoofed = "198.51.100.1, 203.0.113.9"
    assert client_address("127.0.0.1", spoofed, behind_proxy=True) == "203.0.113.9"
    # without the option, or from anywhere but this machine, the header is not believed
    assert client_address("127.0.0.1", "203.0.113.9", behind_proxy=False) == "127.0.0.1"
    assert client_address("192.0.2.4", "203.0.113.9", behind_proxy=True) == "192.0.2.4"
    assert client_address("127.0.0.1", None, behind_proxy=True) == "127.0.0.1"


async def test_a_proxied_visitor_spends_only_their_own_wrong_codes(tmp_path: Path) -> None:
    quotas = Quotas(wrong_codes_per_minute=1, behind_proxy=True)
    running = Running(tmp_path / "s.sqlite3", Limits(quotas=quotas))
    await running.start()
    wrong = {"type": "join", "version": PROTOCOL, "code": "QQQQQ"}
    try:
        for visitor in ("203.0.113.1", "203.0.113.2"):
            headers = {"X-Forwarded-For": visitor}
            async with connect(running.url, additional_headers=headers) as ws:
                assert (await ask(ws, wrong)).code == "code"
                assert (await ask(ws, wrong)).code == "guesses"
    finally:
        await running.stop()
