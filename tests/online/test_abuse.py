"""Bad input and abuse: every refusal names the problem, and the table and server carry on."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from cardtable.core.codec import encode
from cardtable.online.connection import Connection, Limits
from cardtable.online.protocol import MAX_MESSAGE, PROTOCOL, parse_server
from cardtable.online.server import GameServer
from cardtable.online.store import SqliteStore
from tests.online.conftest import FakeSocket, Running, until


async def ask(ws: Any, message: Any) -> Any:
    """Send one message; the server's next reply that is not an update."""
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    for _ in range(20):
        reply = parse_server(await asyncio.wait_for(ws.recv(), 5))
        if reply.type != "update":
            return reply
    raise AssertionError("no reply")


async def test_refusals_name_the_problem(server: Running) -> None:
    host, guest = await server.table("pazaak", ["human", "human"])
    mover, other = (host, guest) if host.my_turn else (guest, host)
    async with connect(server.url) as ws:
        assert (await ask(ws, "{not json")).code == "invalid"
        assert (await ask(ws, {"type": "dance"})).code == "invalid"
        assert (await ask(ws, {"type": "move", "ply": 0, "action": {}})).code == "hello"
        old = await ask(ws, {"type": "join", "version": PROTOCOL - 1, "code": "AAAAA"})
        assert old.type == "upgrade" and "upgrade" in old.message
        assert (
            await ask(ws, {"type": "join", "version": PROTOCOL, "code": "QQQQQ"})
        ).code == "code"
        assert (
            await ask(ws, {"type": "join", "version": PROTOCOL, "code": host.invite})
        ).code == "full"
        # the server never imports code a client names: no policy seats
        policy = ["human", "policy:os:getcwd"]
        create = {"type": "create", "version": PROTOCOL, "game": "pazaak", "seats": policy}
        assert (await ask(ws, create)).code == "seats"
        extra = {"type": "watch", "version": PROTOCOL, "code": host.watch, "seat": 0}
        assert (await ask(ws, extra)).code == "invalid"
        huge = json.dumps({"type": "watch", "version": PROTOCOL, "code": "x" * MAX_MESSAGE})
        assert (await ask(ws, huge)).code == "size"
        assert (
            await ask(ws, {"type": "watch", "version": PROTOCOL, "code": host.watch})
        ).type == "welcome"
        move = {"type": "move", "ply": host.ply, "action": encode(mover.playable()[0])}
        assert (await ask(ws, move)).code == "spectator"
    # a move out of turn, a stale move, a move the rules refuse, one nobody can read
    action = encode(mover.playable()[0])
    table = next(iter(server.game.tables.values()))
    for session in (host, guest):  # leave the seats, so the tokens may take them here
        session.hang_up()
    await until(lambda: not table.peers, "the seats to be free")
    async with connect(server.url) as ws:
        hello = {"type": "resume", "version": PROTOCOL, "token": other.token}
        assert (await ask(ws, hello)).type == "welcome"
        assert (await ask(ws, {"type": "move", "ply": host.ply, "action": action})).code == "turn"
        assert (await ask(ws, {"type": "move", "ply": 99, "action": action})).code == "stale"
    async with connect(server.url) as ws:
        hello = {"type": "resume", "version": PROTOCOL, "token": mover.token}
        assert (await ask(ws, hello)).type == "welcome"
        ply = len(table.match.actions)
        assert (
            await ask(ws, {"type": "move", "ply": ply, "action": {"type": "Nope"}})
        ).code == "action"
        wrong = {"type": "PlaySide", "index": 99, "value": 1}
        illegal = await ask(ws, {"type": "move", "ply": ply, "action": wrong})
        assert illegal.code == "illegal" and illegal.message.startswith("illegal move: ")
        await ws.send(json.dumps({"type": "move", "ply": ply, "action": action}))
        again = await ask(ws, {"type": "move", "ply": ply, "action": action})
        assert again.code == "stale" and "stale move" in again.message
    assert len(table.match.actions) == ply + 1  # the one good move went through, once


async def test_the_rate_limit_slows_a_flood_and_keeps_the_connection(server: Running) -> None:
    host, _ = await server.table("pazaak", ["human", "human"])
    async with connect(server.url) as ws:
        for _ in range(60):
            await ws.send("{}")
        codes = [parse_server(await asyncio.wait_for(ws.recv(), 5)).code for _ in range(60)]
        assert "rate" in codes and "invalid" in codes
        # a pause as a person would take: the bucket refills with time, so time passing is what
        # this test is about (four messages' worth)
        await asyncio.sleep(4 / server.limits.rate)
        assert (
            await ask(ws, {"type": "watch", "version": PROTOCOL, "code": host.watch})
        ).type == "welcome"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
_WRONG = st.fixed_dictionaries(
    {"type": st.sampled_from(["move", "rematch", "create", "join", "resume", "watch", "x"])},
    optional={
        "ply": st.integers(-2, 40),
        "action": _JSON
        | st.fixed_dictionaries(
            {"type": st.sampled_from(["Stand", "EndTurn", "PlaySide", "Flip"])},
            optional={"index": st.integers(-1, 9), "value": st.integers(-7, 7) | _JSON},
        ),
        "version": st.integers(0, 2),
        "code": st.text(max_size=6),
        "token": st.text(max_size=30),
        "game": st.sampled_from(["pazaak", "pixies", "chess"]),
        "seats": st.lists(st.sampled_from(["human", "easy", "god"]), max_size=9),
    },
)


def test_garbage_and_wrong_messages_never_break_a_table(tmp_path: Any) -> None:
    loop = asyncio.new_event_loop()
    game = GameServer(
        SqliteStore(tmp_path / "s.sqlite3"), Limits(rate=1e9, burst=10**9, bot_pause=0)
    )
    seated = Connection(FakeSocket(), game.limits, game.journal)  # type: ignore[arg-type]
    create = {"type": "create", "version": PROTOCOL, "game": "pazaak", "seats": ["human", "easy"]}
    loop.run_until_complete(game.transport.receive(seated, json.dumps(create)))
    loop.run_until_complete(seated.flushed())
    table = seated.table
    assert table is not None

    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        message=st.text(max_size=60) | _JSON.map(json.dumps) | _WRONG.map(json.dumps),
        fresh=st.booleans(),
    )
    def send(message: str, fresh: bool) -> None:
        conn = Connection(FakeSocket(), game.limits, game.journal) if fresh else seated  # type: ignore[arg-type]
        before = len(table.match.actions)
        loop.run_until_complete(game.transport.receive(conn, message))
        loop.run_until_complete(conn.flushed())
        if fresh:
            conn.close()
        for text in conn.ws.sent:  # type: ignore[attr-defined]
            parse_server(text)  # every reply is a well-formed message
        assert len(table.match.actions) >= before
        assert table.match.game.seat_count(table.match.state) == 2

    try:
        send()
    finally:
        seated.close()
        game.stop()
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()


async def test_every_first_message_is_answered_and_numbers_must_be_numbers(server: Running) -> None:
    host, _ = await server.table("pazaak", ["human", "human"])
    deep = "[" * 979 + "]" * 979  # under the size limit; json.loads once raised RecursionError
    async with connect(server.url) as ws:
        assert (await ask(ws, deep)).code == "invalid"
        as_text = {"type": "watch", "version": str(PROTOCOL), "code": host.watch}
        assert (await ask(ws, as_text)).code == "invalid"
        as_true = {"type": "watch", "version": True, "code": host.watch}
        assert (await ask(ws, as_true)).code == "invalid"
        assert (
            await ask(ws, {"type": "watch", "version": PROTOCOL, "code": host.watch})
        ).seat is None
        stale_text = {"type": "move", "ply": str(host.ply), "action": {"type": "Stand"}}
        reply = await ask(ws, stale_text)
        assert reply.code == "invalid" and "ply" in reply.message
