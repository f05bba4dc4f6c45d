"""The lobby's screens driven through Pilot against a real server on 127.0.0.1 with real keys:
quick match from the online form to a rated game's rating change on the result panel, the
lobby's live list of tables, and the leaderboard."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from textual.widgets import DataTable, Input

from cardtable.online.identity import KEY_FILE, load_or_create
from cardtable.online.lobbyclient import LobbyClient
from cardtable.online.seeker import seek_games
from cardtable.persist.paths import data_dir
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.leaderboard import LeaderboardScreen
from cardtable.ui.screens.lobbylist import LobbyScreen
from cardtable.ui.screens.online import PlayOnlineScreen
from cardtable.ui.screens.quickmatch import QuickMatchScreen, SeekingScreen
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.apps import play_match, table_of
from tests.online.conftest import PATIENCE, Running, play_out, until

PAZAAK_FOR_TWO = {"type": "create", "game": "pazaak", "seats": ["human", "human"]}


def cell_texts(table: DataTable) -> list[str]:  # type: ignore[type-arg]
    return [" | ".join(str(cell) for cell in table.get_row_at(n)) for n in range(table.row_count)]


async def test_quick_match_finds_a_headless_seeker_and_the_result_shows_both_rating_changes(
    server: Running, tmp_path: Path
) -> None:
    bo = await LobbyClient.open(server.url, "Bo", load_or_create(tmp_path / "bo"))
    app = CardtableApp(lambda app: PlayOnlineScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one("#server", Input).value = server.url
        await pilot.click("#quick")
        await until(lambda: isinstance(app.screen, QuickMatchScreen), "the quick match form")
        await pilot.pause()
        assert not app.screen.query_one("#seats").display  # Pazaak has one table size
        await pilot.click("#find")
        await until(lambda: isinstance(app.screen, SeekingScreen), "the waiting screen")
        seeking = app.screen
        assert isinstance(seeking, SeekingScreen)
        await until(lambda: "seeking Pazaak" in seeking.news_text, "the pool's news")
        assert "only you are seeking Pazaak" in seeking.news_text
        assert "searching" in seeking.news_text and "range ±" in seeking.news_text
        # the key was made for this first seek, and the player was told so once
        assert (data_dir() / KEY_FILE).exists()
        assert any("player key" in str(n.message) for n in app._notifications)
        bo_games = asyncio.create_task(seek_games(bo, "pazaak", True, None, "easy", 1))
        await until(lambda: table_of(app) is not None, "the matched table")
        await play_match((pilot,))
        panel = app.screen
        assert isinstance(panel, ResultPanel)

        def notes() -> str:
            return " ".join(str(note.render()) for note in panel.query(".result-note"))

        await until(lambda: "→" in notes(), "the rating changes on the result panel")
        (played,) = await asyncio.wait_for(bo_games, PATIENCE)
        rated = played.rated
        assert rated is not None and rated.counted
        for change in rated.changes:  # each seat's line, as the server worked it out
            assert change.text in notes() and f"#{change.tag}" in notes()
        assert "1,500? → " in notes()
    await bo.close()


async def test_the_lobby_lists_a_table_as_it_opens_fills_and_closes(server: Running) -> None:
    app = CardtableApp(lambda app: LobbyScreen(server.url), bot_pause=0)
    async with app.run_test(size=(140, 30)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        rows = lobby.rows
        await until(
            lambda: "0 tables listed" in str(lobby.query_one("#lobby-head").render()), "the list"
        )
        host = await server.seated("pazaak", {**PAZAAK_FOR_TWO, "listed": True, "name": "[b]Ann"})
        await until(lambda: rows.row_count == 1, "the listed table")
        (row,) = cell_texts(rows)
        assert "Pazaak | 1/2 | [b]Ann" in row and "casual" in row  # a name is text, not markup
        unlisted = await server.seated("pazaak", PAZAAK_FOR_TWO)  # a friend table: not listed
        assert unlisted.invite
        guest = await server.seated("pazaak", {"type": "join", "code": host.invite, "name": "Bo"})
        await until(lambda: "2/2" in cell_texts(rows)[0], "the table filled")
        assert rows.row_count == 1 and "Bo" in cell_texts(rows)[0]
        await pilot.press("enter")  # a full table: the lobby says to watch it instead
        await until(lambda: any("full" in str(n.message) for n in app._notifications), "word")
        await play_out([host, guest])  # the game's end closes the listing
        await until(lambda: rows.row_count == 0, "the table gone from the list")


async def test_enter_in_the_lobby_sits_down_at_a_free_seat_and_w_watches(server: Running) -> None:
    host = await server.seated("pazaak", {**PAZAAK_FOR_TWO, "listed": True, "name": "Ann"})
    app = CardtableApp(lambda app: LobbyScreen(server.url), bot_pause=0)
    app.settings = replace(app.settings, name="Cy")
    async with app.run_test(size=(140, 30)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(lambda: lobby.rows.row_count == 1, "the listed table")
        await pilot.press("w")  # a spectator waits with the others until the seats are taken
        await until(lambda: isinstance(app.screen, WaitingRoomScreen), "the waiting room")
        room = app.screen
        assert isinstance(room, WaitingRoomScreen)
        await until(lambda: room.session.ready.is_set(), "the spectator's view")
        assert room.session.spectating and room.session.watch == host.watch
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await pilot.press("enter")
        await until(lambda: table_of(app) is not None, "a seat at the table")
        await until(lambda: len(host.seats) == 2 and host.seats[1].name == "Cy", "Cy seated")


async def test_the_leaderboard_ranks_the_rated_players_marks_bots_and_your_own_row(
    server: Running, tmp_path: Path
) -> None:
    mine = await LobbyClient.open(server.url, "Me", load_or_create(data_dir()))
    bot = await LobbyClient.open(server.url, "Robo", load_or_create(tmp_path / "bot"), bot=True)
    await asyncio.gather(
        seek_games(mine, "pazaak", True, None, "easy", 1),
        seek_games(bot, "pazaak", True, None, "easy", 1),
    )
    app = CardtableApp(lambda app: LeaderboardScreen(server.url), bot_pause=0)
    app.settings = replace(app.settings, name="Me")  # the name it signs in with, as before
    async with app.run_test(size=(120, 30)):
        board = app.screen.query_one("#board", DataTable)
        await until(lambda: board.row_count == 2, "the leaderboard's rows")
        rows = cell_texts(board)
        assert all("?" in row for row in rows)  # one game each: provisional
        assert sum("(bot)" in row for row in rows) == 1
        (own,) = [row for row in rows if "▸" in row]
        assert "Me#" in own and "(bot)" not in own
    await mine.close()
    await bot.close()
