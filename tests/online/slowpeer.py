"""Peers that fall behind, for the tests of the outbox bound: a raw spectator that never reads,
a slow link to one peer, and watchers that come and go to make a table talk."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from cardtable.online.protocol import PROTOCOL
from tests.online.conftest import PATIENCE, Running, until

#: watchers that come and go at most: each one is two updates to every peer at the table
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


def slow_link(conn: Any) -> None:
    """The server's send buffer to ``conn`` fills after a few kilobytes (left to itself the
    kernel grows it to megabytes, and a test would churn for minutes to fill it)."""
    conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)


def stalled(conn: Any) -> bool:
    """Whether the server's writes to ``conn`` wait for it to read: its socket is full and the
    transport's own buffer is over its high-water mark, so what the server says next stays in
    the peer's outbox. (A message in the outbox alone proves nothing: the writer may simply not
    have run since it was queued.)"""
    transport = conn.ws.transport
    return bool(transport.get_write_buffer_size() > transport.get_write_buffer_limits()[1])


async def churn(url: str, watch: str, done: Callable[[], bool]) -> None:
    """Watchers come to ``watch`` and go, one at a time, until ``done()`` (at most ``CHURN``)."""
    for _ in range(CHURN):
        if done():
            return
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "watch", "version": PROTOCOL, "code": watch}))
            await asyncio.wait_for(ws.recv(), PATIENCE)


async def deaf_spectator_dropped(server: Running, table: Any, watch: str) -> socket.socket:
    """A deaf spectator sits at ``table`` on a slow link, and watchers come and go until the
    server drops it; its socket, still open at this end."""
    deaf = await deaf_spectator(server.port, watch)
    await until(lambda: len(table.peers) == 3, "the deaf spectator to sit down")
    (far,) = (peer for peer in table.peers if peer.seat is None)
    slow_link(far)
    await churn(server.url, watch, lambda: len(table.peers) == 2)
    await until(lambda: len(table.peers) == 2, "the server to drop the deaf spectator")
    return deaf
