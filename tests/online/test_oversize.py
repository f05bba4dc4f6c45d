"""A message over the size limit is answered with an error naming the limit before the
connection closes (the websockets library would close with a bare 1009 first)."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.online.protocol import MAX_FRAME, PROTOCOL
from cardtable.online.transport import READ_CEILING
from tests.online.conftest import PATIENCE, Running


def watch_of(size: int) -> str:
    """A watch message ``size`` bytes long, in two-byte characters (counted in bytes)."""
    head = json.dumps({"type": "watch", "version": PROTOCOL, "code": ""})[:-2]
    filler = (size - len(head) - 2) // 2
    text = head + "é" * filler + '"}'
    assert len(text.encode()) in (size, size - 1)
    return text


async def test_a_message_over_16_kib_is_answered_naming_the_limit_then_closed(
    server: Running,
) -> None:
    async with connect(server.url) as ws:
        # under the limit in characters, over it in bytes
        await ws.send(watch_of(MAX_FRAME + 1000))
        reply = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
        assert reply["type"] == "error" and reply["code"] == "size"
        assert "over 16 KiB" in reply["message"], reply
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), PATIENCE)
        assert ws.close_code == 1009
    assert server.game is not None and server.game.metrics.refusals["size"] == 1
    # what the library refuses to read at all it closes by itself, its reason naming the limit
    async with connect(server.url) as ws:
        await ws.send("x" * (READ_CEILING + 1))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), PATIENCE)
        assert ws.close_code == 1009 and str(READ_CEILING) in (ws.close_reason or "")
