"""Limits: seats in all and per address, and an idle visitor let go with a line saying why;
with --open, keys nobody listed come in."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import asyncssh
import pytest

from cardtable.tools.sshgate import Gate, VisitLimits
from tests.ssh.conftest import SshServer, running_server
from tests.waits import until


def test_the_gate_counts_seats_in_all_and_per_address() -> None:
    gate = Gate(VisitLimits(sessions=3, per_address=2))
    assert gate.enter("127.0.0.1") is None
    assert gate.enter("127.0.0.1") is None
    assert "2 sessions from your address" in str(gate.enter("127.0.0.1"))
    assert gate.enter("127.0.0.2") is None
    assert "all 3 seats here are taken" in str(gate.enter("127.0.0.3"))
    gate.leave("127.0.0.1")
    assert gate.enter("127.0.0.3") is None
    assert gate.inside == {"127.0.0.1": 1, "127.0.0.2": 1, "127.0.0.3": 1}


@pytest.fixture(scope="module")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    """Anyone may come in, one seat per address, gone after 3 seconds without a key."""
    folder = tmp_path_factory.mktemp("ssh-strict")
    words = ("--open", "--per-address", "1", "--idle-minutes", "0.05")
    with running_server(folder, *words) as server:
        yield server


async def test_open_one_seat_per_address_and_an_idle_visitor_is_let_go(
    strict_server: SshServer,
) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")  # in no keys file
    first = await strict_server.visit("zoe", stranger)
    try:
        # zoe's app has started: her seat is taken
        await until(strict_server.apps, "the first visitor's app", 15)
        second = await strict_server.visit("bob", stranger)
        await asyncio.wait_for(second.ended.wait(), 15)
        assert "1 sessions from your address are playing already" in second.text
        await second.leave()
        await asyncio.wait_for(first.ended.wait(), 15)
        assert "no key pressed for 0.05 minutes, so the game was closed" in first.text
    finally:
        await first.leave()
    assert strict_server.visitor_folders() == []
