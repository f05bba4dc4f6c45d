"""The lobby: every table a server lists, kept current by what the server pushes (no polling).

A row per table, keyed by its watch code; a change touches only its own row, so a lobby of a
thousand tables redraws no more than the rows on the screen. Enter sits down at a table with a
free seat, ``w`` watches one.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.widgets.data_table import RowDoesNotExist

from cardtable.online import protocol as wire
from cardtable.online.hosting import SERVER_ENV
from cardtable.online.identity import IdentityError
from cardtable.online.lobbyclient import LobbyClient, LobbyError
from cardtable.online.reach import DEFAULT_URL
from cardtable.ui.lobbywords import TABLE_COLUMNS, table_cells
from cardtable.ui.screens.signin import open_lobby, player_key
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


def cells(table: wire.ListedTable) -> list[Text]:
    """A row's cells as plain text: names are other people's text, never markup."""
    return [Text(text, no_wrap=True, overflow="ellipsis") for text in table_cells(table)]


class LobbyScreen(Screen[None]):
    """The listed tables of one server."""

    if TYPE_CHECKING:
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    LobbyScreen { background: $felt; }
    LobbyScreen #lobby-head { height: auto; padding: 0 1; background: $surface; }
    LobbyScreen #tables { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sit", "Sit down"),
        Binding("w", "watch", "Watch"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, url: str | None = None) -> None:
        super().__init__()
        self.url = url or os.environ.get(SERVER_ENV) or DEFAULT_URL
        self.lobby: LobbyClient | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Lobby · connecting to {self.url}…", id="lobby-head", markup=False)
            table: DataTable[Text] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            table.add_columns(*TABLE_COLUMNS)
            yield table
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.follow()

    @property
    def rows(self) -> DataTable[Text]:
        return self.query_one("#tables", DataTable)

    def head(self, text: str = "") -> None:
        count = len(self.lobby.tables) if self.lobby is not None else 0
        listed = "1 table" if count == 1 else f"{count} tables"
        line = text or f"Lobby · {listed} listed on {self.url} · Enter sits down · w watches"
        self.query_one("#lobby-head", Static).update(line)

    @work(exclusive=True, group="lobby")
    async def follow(self) -> None:
        """Subscribe, fill the list, then apply each change the server pushes."""
        try:
            self.lobby = await open_lobby(self.app, self.url, signed=False)
            for table in (await self.lobby.subscribe()).values():
                self.rows.add_row(*cells(table), key=table.watch)
            self.head()
            while True:
                news = await self.lobby.next_news()
                if isinstance(news, wire.Listed):
                    self.listed(news.table)
                elif isinstance(news, wire.Unlisted):
                    self.unlisted(news.watch)
        except LobbyError as error:
            self.head(f"Lobby · {error.message} · Escape goes back")

    def listed(self, table: wire.ListedTable) -> None:
        """A table opened or changed: its own row only (the count above changes with a new one)."""
        rows = self.rows
        if table.watch in rows.rows:
            for column, cell in zip(rows.columns, cells(table), strict=True):
                rows.update_cell(table.watch, column, cell)
        else:
            rows.add_row(*cells(table), key=table.watch)
            self.head()

    def unlisted(self, watch: str) -> None:
        try:
            self.rows.remove_row(watch)
        except RowDoesNotExist:
            pass
        self.head()

    def chosen(self) -> wire.ListedTable | None:
        """The table under the cursor, as the server last described it."""
        rows = self.rows
        if self.lobby is None or not rows.row_count:
            return None
        key = rows.coordinate_to_cell_key(rows.cursor_coordinate).row_key.value
        return self.lobby.tables.get(key or "")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_sit()

    def action_sit(self) -> None:
        table = self.chosen()
        if table is None:
            return
        if table.invite is None:
            self.notify("That table is full: press w to watch it.", severity="warning")
            return
        self.open("join", table.invite)

    def action_watch(self) -> None:
        table = self.chosen()
        if table is not None:
            self.open("watch", table.watch)

    def open(self, action: str, code: str) -> None:
        """Join or watch as the online form does: through the waiting room."""
        from cardtable.online.client import hello_for, remote_session
        from cardtable.ui.screens.waitingroom import WaitingRoomScreen

        name = self.app.settings.name
        session = remote_session(self.url, hello_for(action, self.url, "", "", code, name))
        if action == "join":  # signed in when there is a key: the row shows the tag and rating
            try:
                identity = player_key(self.app, make=False)
            except (IdentityError, OSError) as error:
                self.notify(str(error), severity="error", markup=False)
                return
            if identity is not None:
                session.identify(identity)
        ask_name = not name and action == "join"  # a seat needs a name others will see
        self.app.push_screen(WaitingRoomScreen(session, ask_name))

    def action_leave(self) -> None:
        self.app.pop_screen()  # the first screen (``cardtable lobby``): home

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "lobby")
        if self.lobby is not None:
            lobby, self.lobby = self.lobby, None
            self.app.run_worker(lobby.close(), group="lobby-close")
