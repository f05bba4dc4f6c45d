"""The move log: what happened, as the viewer may know it; the newest line stays in view."""

from __future__ import annotations

from collections import deque

from textual.events import Resize
from textual.widgets import RichLog

#: lines the log keeps (and re-wraps when its width changes)
KEPT = 500


class MoveLog(RichLog, can_focus=False):
    """A scrolling log of plain lines (no markup, so names can't inject styles).

    It never takes focus (the mouse wheel still scrolls it): a focused log would swallow the
    table's own keys, ← → Home End among them, which step a replay. A log wraps a line as it is
    written, so when its width changes (a layout for another phase, a resized terminal) it
    writes its lines again at the new width.
    """

    DEFAULT_CSS = """
    MoveLog {
        border: round $foreground 30%;
        border-title-color: $foreground 70%;
        background: $surface 40%;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=KEPT, min_width=12)
        self.border_title = "Moves"
        self._written: deque[str] = deque(maxlen=KEPT)
        self._wrapped_at = 0

    def add(self, line: str) -> None:
        self._written.append(line)
        self.write(line)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at:
            rewrap = bool(self._wrapped_at) and bool(self.lines)
            self._wrapped_at = width
            if rewrap:
                self.clear()
                for line in self._written:
                    self.write(line)
