"""A rematch offer that not everyone takes up is withdrawn after the server's limit, on a real
server: the table is told, the offering seat stops waiting, and the offer no longer counts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import RichLog

from cardtable.online.connection import Limits
from cardtable.online.remote import RemoteSession
from cardtable.session.base import Change, Noted
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.apps import play_match, shows_final_result, table_of
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
    assert await host.settled() == "expired"  # what the table that asked is told
    # told to the table that asked, which shows the finished game still
    assert host_notes == [
        "Your rematch offer expired: not everyone asked within 0.3 s. Ask again to play on."
    ]
    await until(lambda: guest.asked_again() == set(), "the host's seat no longer marked again")
    # the withdrawn offer no longer counts: the guest asking alone starts nothing, and expires
    assert guest.again() is guest
    await until(lambda: "G0's rematch offer expired." in host_notes, "the guest's offer gone")
    await until(lambda: guest.ready.is_set(), "the guest's offer withdrawn")
    assert guest.is_over and game_of(guest) == game_of(host) == game


async def test_a_player_whose_offer_expired_is_back_at_the_finished_table(
    quick_offers: Running,
) -> None:
    """In the app: Play again waits in the waiting room; once the offer expires the player is
    back at the finished game's table, its log saying why."""
    create = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "Ann"}
    ann = quick_offers.session("pazaak", create)
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(80, 24)) as ann_pilot:
        await until(lambda: bool(ann.invite), "the invite code")
        bob = quick_offers.session("pazaak", {"type": "join", "code": ann.invite, "name": "Bob"})
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        async with bob_app.run_test(size=(80, 24)) as bob_pilot:
            await until(lambda: bool(table_of(ann_app) and table_of(bob_app)), "two tables")
            await play_match((ann_pilot, bob_pilot), stand_at=0)
            await ann_pilot.press("enter")  # Play again: the result box's first button
            # the waiting room (over the table for the 0.3 s the offer stands), and back at the
            # finished game's table and its result, to ask again
            await until(
                lambda: shows_final_result(ann_app) and not ann.rematching, "the result again"
            )
            table = table_of(ann_app)
            assert table is not None and table.session.is_over
            assert len(ann_app.screen_stack) == 2  # the table and its result, nothing left over
            expired = "Your rematch offer expired: not everyone asked within 0.3 s."
            await until(
                lambda: expired in "".join(line.text for line in table.query_one(RichLog).lines),
                "the log saying the offer expired",
                pilot=ann_pilot,
            )
