"""A spectator's app follows a whole match with no key pressed: set results come as toasts,
and only the match result waits in a box, with no toast left over it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from cardtable.online.protocol import Update, parse_server
from cardtable.online.remote import RemoteSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.widgets.log import MoveLog
from tests.online.conftest import Running, play_out, until


async def test_a_spectator_watches_a_match_to_its_end_without_a_key(server: Running) -> None:
    players = await server.table("pazaak", ["human", "human"])
    watcher = server.session("pazaak", {"type": "watch", "code": players[0].watch})
    app = CardtableApp(lambda app: WaitingRoomScreen(watcher), bot_pause=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "a table")
        boxes_mid_match: list[str] = []
        set_toasts = record_set_toasts(app)

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


def record_set_toasts(app: CardtableApp) -> list[str]:
    """The title of every set's result toast, recorded as it is posted: the match's end clears
    the set toasts, which can come before a look at the screen when the watcher is handed moves
    together."""
    titles: list[str] = []
    post = app.notify

    def recording(message: str, *, title: str = "", **options: Any) -> None:
        if "set" in title:
            titles.append(title)
        post(message, title=title, **options)

    app.notify = recording  # type: ignore[method-assign]
    return titles


def ends_a_set(raw: str | bytes) -> bool:
    """A frame telling a set's end, with more of the match to come."""
    told = parse_server(raw)
    return (
        isinstance(told, Update) and bool(told.moves) and told.to_move is None and not told.outcome
    )


async def caught_up(
    server: Running, in_one_go: Callable[[list[str | bytes]], list[list[str | bytes]]]
) -> tuple[list[int], list[str]]:
    """Watch a match played out while the watcher's connection is stalled: the server's frames
    wait, then come in the goes ``in_one_go`` splits them into, each read at once (as a caught-up
    connection hands them on), and each shown before the next comes. The match's result box
    opens once, after the last move, and the log holds every move in order. Returns how many
    toasts the screens under and over the box show, and the set toasts posted on the way."""
    players = await server.table("pazaak", ["human", "human"])
    watcher = server.session("pazaak", {"type": "watch", "code": players[0].watch})
    app = CardtableApp(lambda app: WaitingRoomScreen(watcher), bot_pause=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        table = await until(lambda: table_on_show(app), "the table")
        set_toasts = record_set_toasts(app)
        log = table.query_one(MoveLog)
        frames: list[str | bytes] = []
        read = watcher.heard
        watcher.heard = frames.append  # type: ignore[method-assign]
        await play_out(players)
        watcher.heard = read  # type: ignore[method-assign]
        for go in in_one_go(frames):
            for raw in go:
                read(raw)
            await until(
                lambda: len(log._written) == len(watcher.log_lines()),
                "the moves shown",
                pilot=pilot,
            )
        await until(
            lambda: isinstance(app.screen, ResultScreen), "the match result box", pilot=pilot
        )
        await pilot.pause()
        assert [str(line) for line in log._written] == [
            table.name_seats(line) for line in watcher.log_lines()
        ]
        boxes = [screen for screen in app.screen_stack if isinstance(screen, ResultScreen)]
        assert boxes == [app.screen] and boxes[0].verdict.endswith("won the match")
        return [len(screen.query("Toast")) for screen in app.screen_stack[-2:]], set_toasts


async def test_a_watcher_caught_up_in_one_go_sees_the_end_once(server: Running) -> None:
    """Watching two fast bots from the lobby in tmux, a set's result toast was drawn beside the
    match's result box: the box cleared the toasts before the app had taken in those posted in
    the same go (Textual adds a toast when it gets to its message). And the table, handed moves
    after the session had taken in later ones, went on from the session as it stood: it let
    held updates in ahead of moves still on their way to it, and the log lost its order."""
    toasts, set_toasts = await caught_up(server, lambda frames: [frames])
    assert set_toasts, "the sets shown in one go still show as toasts"
    assert toasts == [0, 0]


async def test_a_watcher_handed_the_last_set_in_one_go_sees_the_end_once(server: Running) -> None:
    """The bots' last moves came together: handed the first of them, the table found the
    session over and opened the match's result box before the last move, then once more for
    each move after it."""

    def last_set_apart(frames: list[str | bytes]) -> list[list[str | bytes]]:
        last_set = max(i for i, raw in enumerate(frames) if ends_a_set(raw)) + 1
        return [frames[:last_set], frames[last_set:]]

    toasts, _ = await caught_up(server, last_set_apart)
    assert toasts == [0, 0]


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
