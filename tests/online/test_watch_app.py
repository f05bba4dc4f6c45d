"""A spectator's app follows a whole match with no key pressed: set results come as toasts,
and only the match result waits in a box, with no toast left over it."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.screen import Screen

from cardtable.online.remote import RemoteSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.tables.base import TableScreen
from tests.online.conftest import Running, play_out, until


async def test_a_spectator_watches_a_match_to_its_end_without_a_key(server: Running) -> None:
    players = await server.table("pazaak", ["human", "human"])
    watcher = server.session("pazaak", {"type": "watch", "code": players[0].watch})
    app = CardtableApp(lambda app: WaitingRoomScreen(watcher), bot_pause=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "a table")
        boxes_mid_match: list[str] = []
        set_toasts: list[str] = []
        # every toast is recorded as it is posted: the match's end clears the set toasts,
        # which can come before a look at the screen when the watcher is handed moves together
        post = app.notify

        def recording(message: str, *, title: str = "", **options: Any) -> None:
            if "set" in title:
                set_toasts.append(title)
            post(message, title=title, **options)

        app.notify = recording  # type: ignore[method-assign]

        def watch_boxes() -> None:
            if isinstance(app.screen, ResultScreen) and not watcher.is_over:
                boxes_mid_match.append(app.screen.verdict)

        playing = asyncio.ensure_future(play_out(players))

        def played_out() -> bool:
            watch_boxes()  # every screen on the way is looked at
            return playing.done()

        await until(played_out, "the players to play the match out", pilot=pilot)
        await playing
        await until(lambda: watcher.is_over, "the spectator to see the end")
        await until(lambda: isinstance(app.screen, ResultScreen), "the match result box")
        assert boxes_mid_match == []
        assert set_toasts, "each set's result shows as a toast"
        # the box tells how the match ended: no set's toast is drawn over it, nor left painted
        # on the table seen through it (tmux showed one set's toast twice and the last set's)
        await pilot.pause()
        assert [len(screen.query("Toast")) for screen in app.screen_stack[-2:]] == [0, 0]
        assert watcher.spectating and not players[0].spectating
        # a spectator keeps the replay, but the game is not theirs to count
        assert app.last_replay is not None and app.last_replay[0] is watcher
        assert "pazaak" not in app.stats.load().games


async def watching(server: Running, first_screen: Any) -> tuple[CardtableApp, list[RemoteSession]]:
    """An app watching a two-person Pazaak table, its first screen made by ``first_screen``."""
    players = await server.table("pazaak", ["human", "human"])
    watcher = server.session("pazaak", {"type": "watch", "code": players[0].watch})
    return CardtableApp(
        lambda app: first_screen(app, WaitingRoomScreen(watcher)), bot_pause=0
    ), players


def table_on_show(app: CardtableApp) -> TableScreen | None:
    screen = app.screen
    drawn = isinstance(screen, TableScreen) and str(screen.query_one("#status-line").content)
    return screen if drawn else None


async def test_q_ends_cardtable_watch_and_the_footer_says_so(server: Running) -> None:
    """Issue 36 item 12: `cardtable watch` opens the lobby as the program's first screen; q at
    the table it opens ends the command, as the footer says, rather than going home."""
    app, _ = await watching(server, lambda app, lobby: lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: table_on_show(app), "the table")
        table = table_on_show(app)
        assert table is not None
        shown = {k: a.binding.description for k, a in table.active_bindings.items()}
        assert shown["q"] == "Quit"
        await pilot.press("q")
        await until(lambda: app.return_code is not None, "the program to end")
        assert app.return_code == 0


async def test_q_at_a_table_watched_from_the_home_screen_goes_home(server: Running) -> None:
    def home_then_lobby(app: CardtableApp, lobby: WaitingRoomScreen) -> Screen[Any]:
        app.call_later(app.push_screen, lobby)
        return HomeScreen()

    app, _ = await watching(server, home_then_lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: table_on_show(app), "the table")
        table = table_on_show(app)
        assert table is not None
        assert table.active_bindings["q"].binding.description == "Home"
        await pilot.press("q")
        await until(lambda: isinstance(app.screen, HomeScreen), "the home screen")
        assert app.return_code is None


async def test_the_lobby_lists_a_seat_nobody_has_taken_as_open(server: Running) -> None:
    """Issue 36 item 12: the seat waiting for a friend read "Player 2", as if someone sat there."""
    ann = await server.seated(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "Ann"}
    )
    shown = WaitingRoomScreen(ann).waiting_text()
    assert "Player 2" not in shown and "Seat 2: open, waiting for someone to join" in shown
    assert "  You" in shown
