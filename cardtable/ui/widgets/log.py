"""The move log: what happened, as the viewer may know it; the newest line stays in view."""

from __future__ import annotations

from textual.widgets import RichLog


class MoveLog(RichLog, can_focus=False):
    """A scrolling log of plain lines (no markup, so names can't inject styles).

    It never takes focus (the mouse wheel still scrolls it): a focused log would swallow the
    table's own keys, ← → Home End among them, which step a replay.
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
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, min_width=12)
        self.border_title = "Moves"

    def add(self, line: str) -> None:
        self.write(line)
