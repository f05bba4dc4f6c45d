"""Two Textual apps, driven by Pilot, play a Pazaak match against each other through one server."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.online.remote import RemoteSession
from cardtable.persist.replays import load_replay
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.online import LobbyScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.handplay import SignPicker
from cardtable.ui.tables.pazaak.table import Table
from tests.online.conftest import Running, until


def _table(app: CardtableApp) -> Table | None:
    return next((s for s in app.screen_stack if isinstance(s, Table)), None)


def _needs_key(app: CardtableApp) -> bool:
    """Whether this app waits for its player: a result box, a sign to pick, or their turn."""
    table = _table(app)
    if table is None:
        return False
    screen = app.screen
    return isinstance(screen, ResultScreen | SignPicker) or (screen is table and table.my_turn)


async def _step(pilot: Any) -> bool:
    """One key as a steady player would press it (stand on 17+, else end the turn);
    True once this app shows the final result."""
    app, table = pilot.app, _table(pilot.app)
    screen = app.screen
    if isinstance(screen, ResultScreen):
        if table.session.is_over:
            return True
        await pilot.press("enter")
    elif isinstance(screen, SignPicker):
        await pilot.press("1")
    elif table.my_turn:
        total = table.session.observe().boards[table.viewer].total
        await pilot.press("s" if 17 <= total <= 20 else "e")
    await pilot.pause()
    return False


async def test_two_apps_play_a_match_through_one_server(server: Running) -> None:
    host = server.session(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
    )
    host_app = CardtableApp(lambda app: LobbyScreen(host), bot_pause=0)
    async with host_app.run_test(size=(120, 40)) as host_pilot:
        await until(lambda: bool(host.invite), "the invite code")

        def lobby() -> str:
            return str(host_app.screen.query_one("#lobby-text").render())

        await until(lambda: host.invite in lobby(), "the lobby to show the invite code")
        assert host.watch in lobby()
        guest = server.session("pazaak", {"type": "join", "code": host.invite})
        guest_app = CardtableApp(lambda app: LobbyScreen(guest), bot_pause=0)
        async with guest_app.run_test(size=(120, 40)) as guest_pilot:
            await until(lambda: _table(host_app) and _table(guest_app), "both tables")
            pilots, done = (host_pilot, guest_pilot), {0: False, 1: False}
            for _ in range(400):
                await until(lambda: any(_needs_key(p.app) for p in pilots), "a player's turn")
                for i, pilot in enumerate(pilots):
                    if _needs_key(pilot.app):
                        done[i] = await _step(pilot)
                if all(done.values()):
                    break
            else:
                pytest.fail(f"the match did not finish: at move {host.ply}")
            # both screens show the same result, and each only ever drew its own hand
            assert isinstance(host, RemoteSession) and host.outcome == guest.outcome
            assert max(host.outcome.scores) == 3
            assert host.viewer == 0 and guest.viewer == 1
            # each app kept the finished game as a replay, and counted it for its own seat
            for session, app in ((host, host_app), (guest, guest_app)):
                assert session.match is not None and app.last_replay is not None
                kept, path = app.last_replay
                assert kept is session
                assert load_replay(path).to_match().state == session.match.state
            record = host_app.stats.load().games["pazaak"].opponents["online"]
            assert (record.games, record.wins) == (2, 1)
