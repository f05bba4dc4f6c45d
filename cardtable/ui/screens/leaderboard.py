"""A game's leaderboard on a server: ranked players by their conservative rating, then the
provisional ones (their rating shown with "?"), bot accounts marked, and your own row even when
it is far from the top."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Select, Static

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.hosting import SERVER_ENV
from cardtable.online.lobbyclient import LobbyClient, LobbyError
from cardtable.online.reach import DEFAULT_URL
from cardtable.ui.lobbywords import (
    BOARD_COLUMNS,
    SOLO,
    SOLO_COLUMNS,
    board_cells,
    solo_cells,
)
from cardtable.ui.screens.signin import open_lobby
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp

#: rows a page of the leaderboard shows
PAGE = 50


class LeaderboardScreen(Screen[None]):
    """Pick a game; its players ranked, a page at a time (PgUp/PgDn)."""

    if TYPE_CHECKING:
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    LeaderboardScreen { background: $felt; }
    LeaderboardScreen #board-head { height: auto; padding: 0 1; background: $surface; }
    LeaderboardScreen #board-game { width: 40; }
    LeaderboardScreen #board { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", key_display="PgDn"),
        Binding("pageup", "page(-1)", "Previous page", key_display="PgUp"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, url: str | None = None, game: str = "pazaak") -> None:
        super().__init__()
        self.url = url or os.environ.get(SERVER_ENV) or DEFAULT_URL
        self.game = game
        self.first_row = 0
        self.lobby: LobbyClient | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            options = [(spec.title, spec.id) for spec in GAMES.values()]
            # a solo game has no rating: its best scores instead (Flip 7's race to 200)
            options += [
                (f"{spec.title} solo · best scores", spec.id + SOLO)
                for spec in GAMES.values()
                if spec.rules.min_seats == 1
            ]
            yield Select(options, value=self.game, allow_blank=False, id="board-game")
            yield Static(f"Leaderboard · connecting to {self.url}…", id="board-head", markup=False)
            board: DataTable[Content] = DataTable(id="board", cursor_type="row", zebra_stripes=True)
            board.add_columns(*BOARD_COLUMNS)
            yield board
        yield Footer()

    def on_mount(self) -> None:
        self.load()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.game, self.first_row = str(event.value), 0
        self.load()

    def action_page(self, step: int) -> None:
        rows = self.query_one("#board", DataTable).row_count
        if step > 0 and rows < PAGE:
            return  # the last page
        self.first_row = max(0, self.first_row + step * PAGE)
        self.load()

    @work(exclusive=True, group="board")
    async def load(self) -> None:
        head = self.query_one("#board-head", Static)
        try:
            if self.lobby is None:
                self.lobby = await open_lobby(self.app, self.url, signed=False)
            if self.game.endswith(SOLO):
                solo = await self.lobby.solo(
                    self.game.removesuffix(SOLO), limit=PAGE, offset=self.first_row
                )
            else:
                board = await self.lobby.top(
                    self.game, limit=PAGE, offset=self.first_row, everyone=True
                )
        except LobbyError as error:
            head.update(f"Leaderboard · {error.message} · Escape goes back")
            return
        if self.game.endswith(SOLO):
            self.show_solo(solo)
        else:
            self.show(board)

    def show_solo(self, board: wire.SoloBoard) -> None:
        """Each player's best solo game, fewest rounds first; your own marked and shown."""
        title = GAMES[board.game].title if board.game in GAMES else board.game
        shown, where = self.fill(SOLO_COLUMNS, board, solo_cells)
        self.query_one("#board-head", Static).update(
            f"Best scores · {title} solo on {self.url} · "
            f"{shown or 'no solo game kept yet'}"
            f"{where or ' · play it signed in to appear here'} · fewest rounds to 200"
        )

    def show(self, board: wire.Board) -> None:
        title = GAMES[self.game].title if self.game in GAMES else self.game
        shown, where = self.fill(BOARD_COLUMNS, board, board_cells)
        self.query_one("#board-head", Static).update(
            f"Leaderboard · {title} on {self.url} · {shown or 'no rated players yet'}"
            f"{where or ' · play a rated game to appear here'} · '?': provisional"
        )

    def fill(self, columns: Any, board: Any, cells: Any) -> tuple[str, str]:
        """The page's rows, and your own after a "…" when it is far from this page; the
        head's words for the rows shown and for your place ("" where there is none)."""
        table = self.query_one("#board", DataTable)
        table.clear(columns=True)
        table.add_columns(*columns)
        mine = board.you.player if board.you is not None else None
        for row in board.rows:
            table.add_row(*self.marked(cells(row), row.player == mine), key=row.player)
        if board.you is not None and mine not in table.rows:  # far from this page: shown too
            table.add_row(*(Content("…") for _ in columns))
            table.add_row(*self.marked(cells(board.you), True), key=mine)
        first = self.first_row + 1
        shown = f"players {first}–{self.first_row + len(board.rows)}" if board.rows else ""
        return shown, (" · you are marked ▸" if mine else "")

    @staticmethod
    def marked(texts: tuple[str, ...], yours: bool) -> list[Content]:
        """A row's cells, the player's own marked ▸ beside their name."""
        cells = list(texts)
        cells[1] = ("▸ " if yours else "  ") + cells[1]
        return [Content(text) for text in cells]

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "board")
        if self.lobby is not None:
            lobby, self.lobby = self.lobby, None
            self.app.run_worker(lobby.close(), group="lobby-close")
