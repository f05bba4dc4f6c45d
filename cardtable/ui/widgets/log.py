"""The move log: what happened, as the viewer may know it; the newest line stays in view.

A player may fold the log away (``l`` on every table) to give the boards its room: the choice
holds for every table until the app closes.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import RichLog

#: the class a table wears while its log is folded away (its CSS hides the log)
FOLDED = "-log-folded"


class MoveLog(RichLog, can_focus=False):
    """A scrolling log of plain lines (no markup, so names can't inject styles).

    It never takes focus (the mouse wheel still scrolls it): a focused log would swallow the
    table's own keys, ← → Home End among them, which step a replay.
    """

    DEFAULT_CSS = """
    MoveLog {
        max-width: 40;
        border: round $foreground 30%;
        border-title-color: $foreground 70%;
        background: $surface 40%;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, min_width=12)
        self.border_title = "Moves"

    def on_mount(self) -> None:
        self.screen.set_class(log_folded(self.app), FOLDED)

    def add(self, line: str) -> None:
        self.write(line)


def log_folded(app: App[Any]) -> bool:
    """Whether the player folded the log away this session."""
    return bool(getattr(app, "log_folded", False))


def toggle_log(screen: Screen[Any]) -> None:
    """Fold the log away, or bring it back, here and on every table after."""
    folded = not log_folded(screen.app)
    screen.app.log_folded = folded  # type: ignore[attr-defined]
    screen.set_class(folded, FOLDED)
