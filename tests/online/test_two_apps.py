"""Two Textual apps, driven by Pilot, play a Pazaak match against each other through one server."""

from __future__ import annotations

from cardtable.online.remote import RemoteSession
from cardtable.persist.replays import load_replay
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.apps import play_match, table_of
from tests.online.conftest import Running, until


async def test_two_apps_play_a_match_through_one_server(server: Running) -> None:
    host = server.session(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
    )
    host_app = CardtableApp(lambda app: WaitingRoomScreen(host), bot_pause=0)
    async with host_app.run_test(size=(120, 40)) as host_pilot:
        await until(lambda: bool(host.invite), "the invite code")

        def waiting() -> str:
            return str(host_app.screen.query_one("#waiting-text").render())

        await until(lambda: host.invite in waiting(), "the waiting room to show the invite code")
        assert host.watch in waiting()
        guest = server.session("pazaak", {"type": "join", "code": host.invite})
        guest_app = CardtableApp(lambda app: WaitingRoomScreen(guest), bot_pause=0)
        async with guest_app.run_test(size=(120, 40)) as guest_pilot:
            await until(lambda: table_of(host_app) and table_of(guest_app), "both tables")
            await play_match((host_pilot, guest_pilot))
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
