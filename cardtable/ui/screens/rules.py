"""The in-app rules of a game, with our rulings, from the Markdown shipped in the package."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer

PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def rules_text(relative_path: str) -> str:
    """The rules Markdown, or a clear note if the file is missing from the install."""
    path = PACKAGE_ROOT / relative_path
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules unavailable\n\nThe file `{relative_path}` is missing from this install."


class RulesScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen MarkdownViewer {
        width: 96%; height: 92%; border: heavy $primary; background: $surface;
    }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, relative_path: str) -> None:
        super().__init__()
        self.relative_path = relative_path

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_text(self.relative_path), show_table_of_contents=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
