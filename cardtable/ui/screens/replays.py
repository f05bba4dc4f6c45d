"""Replays: every finished game kept here, newest first; Enter steps through one from its start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class ReplaysScreen(Screen[None]):
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)
    DEFAULT_CSS = """
    ReplaysScreen { align: center middle; background: $felt; }
    ReplaysScreen #replays-box { width: 110; max-width: 98%; height: auto; max-height: 90%;
        border: heavy $primary; background: $surface; padding: 0 1; }
    ReplaysScreen #replays-note { padding: 1 0; }
    ReplaysScreen DataTable { height: auto; max-height: 30; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Watch"),
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
    ]

    #: the kept games in the table's order (``persist.finished.Finished``), once read
    games: tuple[Any, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="replays-box"):
            yield Static("Reading the kept games…", id="replays-note", markup=False)
            table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True)
            table.display = False
            yield table
        yield Footer()

    def on_mount(self) -> None:
        self.read_games()

    @work(thread=True, exclusive=True)
    def read_games(self) -> None:
        """Each replay is played through to find how it ended: off the screen's thread."""
        from cardtable.persist.finished import finished_games
        from cardtable.ui.saved import finished_row

        games, problems = finished_games(self.app.replays)
        rows = [finished_row(game) for game in games]
        self.app.call_from_thread(self.show_games, games, rows, [str(p) for p in problems])

    def show_games(
        self, games: list[Any], rows: list[tuple[str, ...]], problems: list[str]
    ) -> None:
        self.games = tuple(games)
        for problem in problems:
            self.notify(
                f"Skipped {problem}", title="Replay not read", severity="warning", markup=False
            )
        note = self.query_one("#replays-note", Static)
        if not games:
            note.update("No finished games yet: play one, and it is kept here to watch again.")
            return
        note.update(
            f"{len(games)} finished game{'s' * (len(games) != 1)}, newest first · Enter: watch from the start"
        )
        table = self.query_one(DataTable)
        table.add_columns("Date", "Game", "Players", "Result")
        for row in rows:
            # names are people's own words: plain text, never markup
            table.add_row(*(Text(cell) for cell in row))
        table.display = True
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_game(event.cursor_row)

    def action_open(self) -> None:
        if self.games:
            self.open_game(self.query_one(DataTable).cursor_row)

    def open_game(self, index: int) -> None:
        from cardtable.session import ReplaySession

        game = self.games[index]
        replay = ReplaySession(game.record.spec, game.match, game.record.seat_list)
        self.app.push_screen(self.app.session_table(replay))

    def action_close(self) -> None:
        self.app.pop_screen()
