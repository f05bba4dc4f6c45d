"""What a test expects of the server's answers."""

from __future__ import annotations

from tests.protocol_client.client import Connection, Message


async def refused(conn: Connection, message: Message | str | bytes, code: str) -> Message:
    """Sends `message` and returns the `error` it gets, which must carry `code` and a sentence."""
    await conn.send(message)
    error = await conn.next("error")
    assert error["code"] == code, error
    assert error["message"], error
    return error
