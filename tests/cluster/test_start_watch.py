"""A node whose start waits on something outside it says so in its log, every few seconds,
naming the step (and never a password of the address): a PostgreSQL that takes the connection
and never answers left `serve` silent for a minute, until asyncpg gave up."""

from __future__ import annotations

import asyncio
import logging

import pytest

from cardtable.online import starting
from cardtable.online.hosting import Backing, serve_forever
from tests.waits import until


async def test_a_start_waiting_on_postgresql_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
    monkeypatch.setattr(starting, "STILL_STARTING_EVERY", 0.2)
    held: list[asyncio.StreamWriter] = []

    async def never_answers(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        await reader.read()  # until the node gives up the connection

    silent = await asyncio.start_server(never_answers, "127.0.0.1", 0)
    port = silent.sockets[0].getsockname()[1]
    store = f"postgresql://postgres:hush@127.0.0.1:{port}/cardtable"
    serving = asyncio.get_running_loop().create_task(
        serve_forever("127.0.0.1", 0, None, backing=Backing(store=store))
    )
    try:
        with caplog.at_level(logging.WARNING, logger="cardtable.server"):
            await until(lambda: "still starting after" in caplog.text, "the start to say so")
        said = caplog.text
        assert f"opening its store (PostgreSQL at postgresql://postgres@127.0.0.1:{port}/" in said
        assert "hush" not in said
        assert held, "the node never reached the silent database"
    finally:
        serving.cancel()
        await asyncio.wait([serving])
        for writer in held:
            writer.close()
        silent.close()
        await silent.wait_closed()


def test_an_address_is_shown_without_its_password() -> None:
    assert starting.shown("postgresql://ann:pw@db.example:5432/x") == (
        "postgresql://ann@db.example:5432/x"
    )
    assert starting.shown("redis://:pw@127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
    assert starting.shown("postgresql://db.example/x") == "postgresql://db.example/x"
