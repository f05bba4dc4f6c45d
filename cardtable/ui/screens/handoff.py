"""The hot-seat hand-off: an opaque screen so nobody sees the previous player's hidden cards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class HandOffScreen(Screen[None]):
    """Covers the whole table (not a translucent modal) until the next player is ready."""

    DEFAULT_CSS = """
    HandOffScreen { background: $background; align: center middle; }
    HandOffScreen #handoff-box {
        width: 56; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface;
    }
    HandOffScreen .title { text-style: bold; content-align: center middle; width: 100%; }
    HandOffScreen .hint { color: $foreground 70%; content-align: center middle; width: 100%; }
    HandOffScreen Button { margin-top: 1; width: 100%; }
    """
    BINDINGS = [
        Binding("enter", "ready", "I'm ready", priority=True),
        Binding("space", "ready", "I'm ready", show=False),
    ]

    def __init__(self, player: str, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="handoff-box"):
            yield Static(f"Pass the keyboard to {self.player}", classes="title", markup=False)
            yield Static(self.note or "Everyone else, look away.", classes="hint", markup=False)
            yield Button(f"{self.player} is ready (Enter)", id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
