"""The in-app rules of a game, with our rulings, from the Markdown shipped in the package.

The text is one Rich ``Markdown`` in a scrolling box: Textual's ``MarkdownViewer`` builds a widget
for every paragraph, list item and table cell, and took over a second to open a rules text.
"""

from __future__ import annotations

from pathlib import Path

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

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
    RulesScreen #rules {
        width: 96%; height: 92%; border: heavy $primary; background: $surface; padding: 0 1;
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
        with VerticalScroll(id="rules"):
            yield Static(Markdown(rules_text(self.relative_path)))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()  # the arrows and page keys scroll the text

    def action_close(self) -> None:
        self.dismiss(None)
