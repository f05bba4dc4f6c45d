"""A rematch offer that not everyone takes up is withdrawn after the server's limit, on a real
server: the table is told, the offering seat stops waiting, and the offer no longer counts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.online.connection import Limits
from cardtable.online.remote import RemoteSession
from cardtable.session.base import Change, Noted
from tests.online.conftest import Running, play_out, until


@pytest.fixture
async def quick_offers(tmp_path: Path) -> AsyncIterator[Running]:
    """A server whose rematch offers stand a fraction of a second instead of 20."""
    running = Running(
        tmp_path / "server.sqlite3", Limits(grace=0.3, bot_pause=0.0, rematch_offer=0.3)
    )
    await running.start()
    yield running
    for session in running.sessions:
        session.close()
    await running.stop()


def notes_of(session: RemoteSession) -> list[str]:
    """The log lines ``session`` tells its table from now on."""
    lines: list[str] = []

    def heard(change: Change) -> None:
        if isinstance(change, Noted):
            lines.extend(change.lines)

    session.connect(heard, lambda callback: callback())
    return lines


def game_of(session: RemoteSession) -> str:
    """Which game at the table the session shows (a rematch starts another)."""
    assert session._update is not None
    return session._update.game_id


async def test_a_rematch_offer_expires_and_the_table_is_told(quick_offers: Running) -> None:
    host, guest = await quick_offers.table("pazaak", ["human", "human"])
    await play_out([host, guest])
    game = game_of(host)
    host_notes, guest_notes = notes_of(host), notes_of(guest)
    assert host.again() is host and host.rematching and not host.ready.is_set()
    await until(lambda: "Host's rematch offer expired." in guest_notes, "the guest told")
    await until(lambda: host.ready.is_set(), "the host's offer withdrawn")
    assert not host.rematching and host.is_over and game_of(host) == game
    assert host_notes == [
        "Your rematch offer expired: not everyone asked within 0.3 s. Ask again to play on."
    ]
    await until(lambda: guest.asked_again() == set(), "the host's seat no longer marked again")
    # the withdrawn offer no longer counts: the guest asking alone starts nothing, and expires
    assert guest.again() is guest
    await until(lambda: "G0's rematch offer expired." in host_notes, "the guest's offer gone")
    await until(lambda: guest.ready.is_set(), "the guest's offer withdrawn")
    assert guest.is_over and game_of(guest) == game_of(host) == game
