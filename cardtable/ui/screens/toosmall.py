"""Shown instead of a broken layout when the terminal is below the size the tables need."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; max-width: 100%; padding: 0 1; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="size-message", markup=False)

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#size-message", Static).update(
            f"cardtable needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {width}×{height}: please make it larger.\n"
            "(Ctrl+Q quits.)"
        )
