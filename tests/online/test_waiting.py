"""A table waits for its people: while a person's seat is empty nobody is offered a move and a
move sent anyway is refused (code ``waiting``); the game starts when the last seat is taken."""

from __future__ import annotations

import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from cardtable.online.protocol import PROTOCOL
from tests.online.conftest import Running


async def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of this ``kind`` (an update, an error) the server sends ``ws``."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


async def test_no_move_is_offered_or_taken_while_a_seat_is_empty(server: Running) -> None:
    async with connect(server.url) as host:
        create = {"type": "create", "version": PROTOCOL, "game": "pazaak"}
        await host.send(json.dumps({**create, "seats": ["human", "human"]}))
        invite = (await _next(host, "welcome"))["invite"]
        first = await _next(host, "update")
        assert first["waiting"] is True and first["to_move"] is not None
        assert first["legal"] == []  # not even for the seat the rules put first
        move = {"type": "move", "ply": 0, "action": {"type": "Stand"}}
        await host.send(json.dumps(move))
        refusal = await _next(host, "error")
        assert refusal["code"] == "waiting" and "sat down" in refusal["message"]
        async with connect(server.url) as guest:
            await guest.send(json.dumps({"type": "join", "version": PROTOCOL, "code": invite}))
            started = {0: await _next(host, "update"), 1: await _next(guest, "update")}
            assert not any(u["waiting"] for u in started.values())
            assert started[0]["ply"] == started[1]["ply"] == 0, "nothing was played meanwhile"
            mover = started[0]["to_move"]
            assert started[mover]["legal"] and not started[1 - mover]["legal"]
            ws = host if mover == 0 else guest
            await ws.send(json.dumps({**move, "action": started[mover]["legal"][0]}))
            assert (await _next(ws, "update"))["ply"] == 1
