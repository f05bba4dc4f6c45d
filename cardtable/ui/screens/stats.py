"""Stats: per game and per opponent, games, wins, streaks; the Flip 7 solo best."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from cardtable.games.registry import GAMES
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class StatsScreen(ModalScreen[None]):
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)
    DEFAULT_CSS = """
    StatsScreen { align: center middle; }
    StatsScreen #stats-box { width: 80; max-width: 98%; height: auto; max-height: 90%;
        border: heavy $primary; background: $surface; }
    StatsScreen #empty { padding: 1 2; }
    """
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        stats = self.app.stats.load()
        if not stats.games:
            yield Static("No finished games yet: play one and it counts here.", id="empty")
        else:
            table: DataTable[str] = DataTable(id="stats-box", cursor_type="row", zebra_stripes=True)
            table.add_columns("game", "against", "games", "wins", "win %", "streak", "best streak")
            for game_id, entry in stats.games.items():
                title = GAMES[game_id].title if game_id in GAMES else game_id
                for opponent, rec in entry.opponents.items():
                    rate = f"{100 * rec.wins / rec.games:.0f}%" if rec.games else "-"
                    table.add_row(
                        title,
                        opponent,
                        str(rec.games),
                        str(rec.wins),
                        rate,
                        str(rec.streak),
                        str(rec.best_streak),
                    )
                if entry.solo_best_rounds is not None:
                    table.add_row(
                        title, "solo best", "", "", "", "", f"{entry.solo_best_rounds} rounds"
                    )
            yield table
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
