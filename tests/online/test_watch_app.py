"""A spectator's app follows a whole match with no key pressed: set results come as toasts,
and only the match result waits in a box."""

from __future__ import annotations

import asyncio

from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.online import LobbyScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.base import TableScreen
from tests.online.conftest import Running, play_out, until


async def test_a_spectator_watches_a_match_to_its_end_without_a_key(server: Running) -> None:
    players = await server.table("pazaak", ["human", "human"])
    watcher = server.session("pazaak", {"type": "watch", "code": players[0].watch})
    app = CardtableApp(lambda app: LobbyScreen(watcher), bot_pause=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "a table")
        boxes_mid_match: list[str] = []

        def watch_boxes() -> None:
            if isinstance(app.screen, ResultScreen) and not watcher.is_over:
                boxes_mid_match.append(app.screen.verdict)

        playing = asyncio.ensure_future(play_out(players))
        while not playing.done():
            watch_boxes()
            await pilot.pause(0.01)
        await playing
        await until(lambda: watcher.is_over, "the spectator to see the end")
        await until(lambda: isinstance(app.screen, ResultScreen), "the match result box")
        assert boxes_mid_match == []
        set_toasts = [n for n in app._notifications if "set" in n.title]
        assert set_toasts, "each set's result shows as a toast"
        assert watcher.spectating and not players[0].spectating
        # a spectator keeps the replay, but the game is not theirs to count
        assert app.last_replay is not None and app.last_replay[0] is watcher
        assert "pazaak" not in app.stats.load().games
