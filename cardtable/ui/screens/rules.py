"""The in-app rules of a game, with our rulings, from the Markdown shipped in the package.

The text is one Rich ``Markdown``, drawn line by line (``RulesText``): Textual's
``MarkdownViewer`` builds a widget for every paragraph, list item and table cell, and took over
a second to open a rules text.
"""

from __future__ import annotations

from pathlib import Path

from rich.markdown import Markdown
from rich.segment import Segment
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip

from cardtable.ui.widgets.footer import Footer

PACKAGE_ROOT = Path(__file__).resolve().parents[2]


#: said under every game's rules: how to play it without the screen (``--plain``)
PLAIN_HELP = "docs/plain.md"


def rules_text(relative_path: str) -> str:
    """The rules Markdown, and how to play without the screen; or a clear note if a file is
    missing from the install."""
    texts = []
    for doc in (relative_path, PLAIN_HELP):
        try:
            texts.append((PACKAGE_ROOT / doc).read_text(encoding="utf-8"))
        except OSError:
            texts.append(f"# Rules unavailable\n\nThe file `{doc}` is missing from this install.")
    return "\n".join(texts)


class RulesText(ScrollView):
    """Markdown drawn once for the width there is (again only when that changes), then
    scrolled a line at a time. In a ``Static`` it was drawn whole three times to open: to
    measure its height, then to show it, then again for the scroll bar's room."""

    # the scroll bar's room is kept whether or not it shows, so the width drawn for holds
    DEFAULT_CSS = "RulesText { scrollbar-gutter: stable; }"

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.markdown = Markdown(markdown)
        self.lines: list[Strip] = []

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and (not self.lines or self.lines[0].cell_length != width):
            console = self.app.console
            options = self.app.console_options.update_width(width)
            drawn = console.render_lines(self.markdown, options, style=self.rich_style)
            self.lines = [Strip(Segment.adjust_line_length(line, width)) for line in drawn]
            self.virtual_size = Size(width, len(self.lines))
            self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if index >= len(self.lines):
            return Strip.blank(self.scrollable_content_region.width, self.rich_style)
        return self.lines[index]


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
        yield RulesText(rules_text(self.relative_path), id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()  # the arrows and page keys scroll the text

    def action_close(self) -> None:
        self.dismiss(None)
