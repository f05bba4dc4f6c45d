"""The move log: what happened, as the viewer may know it; the newest line stays in view.

A player may fold the log away (``l`` on every table) to give the boards its room: the choice
holds for every table until the app closes.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from rich.text import Text
from textual.app import App
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import RichLog

#: lines the log keeps (and re-wraps when its width changes)
KEPT = 500
#: the class a table wears while its log is folded away (its CSS hides the log)
FOLDED = "-log-folded"


class MoveLog(RichLog, can_focus=False):
    """A scrolling log of plain lines (no markup, so names can't inject styles).

    It never takes focus (the mouse wheel still scrolls it): a focused log would swallow the
    table's own keys, ← → Home End among them, which step a replay. A log wraps a line as it is
    written, so when its width changes (a layout for another phase, a resized terminal) it
    writes its lines again at the new width. A hidden log (folded, or under a result panel)
    has no width, so a line written meanwhile is wrapped at the width it last had on show.
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
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=KEPT, min_width=12)
        self.border_title = "Moves"
        self._written: deque[str | Text] = deque(maxlen=KEPT)
        self._wrapped_at = 0

    def on_mount(self) -> None:
        self.screen.set_class(log_folded(self.app), FOLDED)

    def add(self, line: str | Text) -> None:
        """Write ``line`` (a move's words, or a chat line as Text) and keep it for re-wrapping."""
        self._written.append(line)
        self._wrap(line)

    def start_over(self) -> None:
        """An empty log, for the next game at the same table."""
        self._written.clear()
        self.clear()

    def _wrap(self, line: str | Text) -> None:
        """Write ``line`` at the width the log last had on show (RichLog would wrap a line
        written while the log is hidden at its ``min_width``); before the log was first
        shown, RichLog holds the line back until it is."""
        self.write(line, width=self._wrapped_at or None)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at:
            rewrap = bool(self._wrapped_at) and bool(self.lines)
            self._wrapped_at = width
            if rewrap:
                self.clear()
                for line in self._written:
                    self._wrap(line)


def log_folded(app: App[Any]) -> bool:
    """Whether the player folded the log away this session."""
    return bool(getattr(app, "log_folded", False))


def toggle_log(screen: Screen[Any]) -> None:
    """Fold the log away, or bring it back, here and on every table after."""
    folded = not log_folded(screen.app)
    # kept on the app, the one thing every table of this session shares
    screen.app.log_folded = folded  # type: ignore[attr-defined]
    screen.set_class(folded, FOLDED)
