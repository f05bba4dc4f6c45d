"""A spectator holds the watch code only: nothing the server sends it names the invite code,
which would let anyone told a table's watch code take a free seat at it."""

from __future__ import annotations

import json
from typing import Any

from websockets.asyncio.client import connect

from cardtable.online.protocol import PROTOCOL
from tests.online.conftest import Running, until


async def test_a_watcher_is_never_told_the_invite_code(server: Running) -> None:
    host = await server.seated(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
    )
    heard: list[str] = []
    async with connect(server.url) as watcher:
        await watcher.send(json.dumps({"type": "watch", "version": PROTOCOL, "code": host.watch}))

        async def next_message() -> dict[str, Any]:
            raw = await watcher.recv(decode=True)
            heard.append(raw)
            message: dict[str, Any] = json.loads(raw)
            return message

        welcome = await next_message()
        assert welcome["type"] == "welcome" and welcome["seat"] is None
        assert welcome["invite"] is None and welcome["watch"] == host.watch
        # the guest sits down, a line is said and a move played: the watcher hears all of it
        guest = await server.seated("pazaak", {"type": "join", "code": host.invite})
        assert host.say("welcome, watcher") is None
        await until(lambda: host.my_turn or guest.my_turn, "a turn")
        mover = host if host.my_turn else guest
        mover.submit(mover.playable()[0])
        seen: list[dict[str, Any]] = []
        while not any(m["type"] == "update" and m["ply"] == 1 for m in seen):
            seen.append(await next_message())
        assert {m["type"] for m in seen} >= {"update", "chat"}
        assert all(host.invite not in raw for raw in heard), "a watcher learnt the invite"
        # and the watch code seats nobody
        async with connect(server.url) as crasher:
            await crasher.send(
                json.dumps({"type": "join", "version": PROTOCOL, "code": host.watch})
            )
            refusal = json.loads(await crasher.recv())
        assert refusal["type"] == "error" and refusal["code"] == "code"
        # nor does the spectator's own session keep an invite to show
        watching = await server.seated("pazaak", {"type": "watch", "code": host.watch})
        assert watching.invite == "" and watching.watch == host.watch
