"""A peer that stops reading holds up nobody: the server drops it and the table plays on.

An attacker (or a suspended ``cardtable watch``) that sits at a table and never reads once
froze every player there: the server awaited each peer's socket in turn, so a full one
blocked the mover's handler and the bots. Each connection now has a bounded outbox.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from pathlib import Path

from websockets.asyncio.client import connect

from cardtable.online.protocol import PROTOCOL
from cardtable.online.server import Limits
from tests.online.conftest import PATIENCE, Running, until

#: watchers that come and go to make the table talk: each one is two updates to every peer
CHURN = 400


async def deaf_spectator(port: int, code: str) -> socket.socket:
    """A raw socket with a tiny receive buffer that watches ``code`` and then never reads."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    handshake = (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    await loop.sock_sendall(sock, handshake.encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += await asyncio.wait_for(loop.sock_recv(sock, 1), PATIENCE)
    assert reply.startswith(b"HTTP/1.1 101")
    payload = json.dumps({"type": "watch", "version": PROTOCOL, "code": code}).encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    assert len(payload) < 126
    await loop.sock_sendall(sock, bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    return sock


async def test_a_spectator_that_never_reads_is_dropped_and_the_players_play_on(
    tmp_path: Path,
) -> None:
    limits = Limits(grace=30, bot_pause=0.0, outbox=32, send_deadline=5.0)
    server = Running(tmp_path / "s.sqlite3", limits)
    await server.start()
    try:
        host, guest = await server.table("pazaak", ["human", "human"])
        table = next(iter(server.game.tables.values()))
        deaf = await deaf_spectator(server.port, host.watch)
        await until(lambda: len(table.peers) == 3, "the deaf spectator to sit down")
        # a slow link: the server's send buffer for this peer fills after a few kilobytes
        # (left to itself the kernel grows it to megabytes, so the test would churn for minutes)
        (far,) = (peer for peer in table.peers if peer.seat is None)
        far.ws.transport.get_extra_info("socket").setsockopt(
            socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
        )
        for _ in range(CHURN):
            async with connect(server.url) as ws:
                await ws.send(
                    json.dumps({"type": "watch", "version": PROTOCOL, "code": host.watch})
                )
                await asyncio.wait_for(ws.recv(), PATIENCE)
            if len(table.peers) == 2:
                break
        await until(lambda: len(table.peers) == 2, "the server to drop the deaf spectator")
        # the players were never held up: every move still reaches both of them
        for _ in range(6):
            if host.is_over:
                break
            mover = host if host.my_turn else guest
            ply = mover.ply
            mover.submit(mover.playable()[0])
            await until(lambda p=ply: min(host.ply, guest.ply) > p, "both players to hear the move")
        deaf.close()
    finally:
        for session in server.sessions:
            session.close()
        await server.stop()
