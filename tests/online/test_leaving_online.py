"""Leaving an online game says what happens to it: it goes on at the server, not in a save."""

from __future__ import annotations

from textual.widgets import Static

from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.apps import table_of
from tests.online.conftest import Running, until


def shown(app: CardtableApp) -> str:
    return " ".join(str(widget.render()) for widget in app.screen.query(Static))


async def test_leaving_an_online_game_says_it_goes_on_at_the_server(server: Running) -> None:
    create = {"type": "create", "game": "pazaak", "seats": ["human", "easy"], "name": "Ann"}
    ann = server.session("pazaak", create)
    app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: table_of(app) is not None and app.screen is table_of(app), "the table")
        await pilot.press("q")
        await until(lambda: "Leave this game?" in shown(app), "the question")
        words = shown(app)
        assert "goes on at the server" in words and "invite code" in words
        assert "Continue on the home screen" not in words  # that is for games saved here
        ann.hang_up()
