"""Every key, screen by screen, gathered from the bindings themselves so it never drifts."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer

from cardtable.games.registry import GAMES


def key_rows() -> list[tuple[str, str, str]]:
    """(where, key, what) for the app's screens and each game's table."""
    from cardtable.ui.screens.home import HomeScreen
    from cardtable.ui.tables.base import TableScreen

    rows = [
        ("anywhere", "ctrl+p", "command palette: screens, themes, rules"),
        ("anywhere", "ctrl+q", "quit"),
    ]
    sources = [("home", HomeScreen), ("every table", TableScreen)]
    sources += [(spec.title, spec.table) for spec in GAMES.values()]
    for where, screen in sources:
        for binding in screen.__dict__.get("BINDINGS", []):
            if isinstance(binding, Binding) and binding.description:
                rows.append((where, binding.key_display or binding.key, binding.description))
    return rows


class KeysScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen DataTable { width: 80; max-width: 98%; height: auto; max-height: 90%;
        border: heavy $primary; background: $surface; }
    """
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("where", "key", "what it does")
        for row in key_rows():
            table.add_row(*row)
        yield table
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
