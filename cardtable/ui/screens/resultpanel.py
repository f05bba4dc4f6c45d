"""A game's result (a set, a round, a match) beside the final boards, never over them.

On a wide screen the result is a panel down the right edge; on a narrow one, a banner along the
bottom. The table underneath makes room for it: it hides its log and footer and pads itself by
the panel's size, so its boards lay out again in the space left, and the panel's see-through
backdrop shows them as they ended. Escape only closes the panel (nothing moves on): the table is
then seen whole, and Enter brings the result back to go on from.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer

from cardtable.ui.screens.result import ResultScreen

Placement = Literal["side", "below"]

#: the class a table wears while a result panel is beside it (its CSS hides the log and footer)
UNDER_RESULT = "-under-result"


class ResultPanel(ResultScreen):
    """A result that leaves the table in view; dismisses with the chosen button's id."""

    # the rules for the table underneath live here, with the panel they make room for
    SCOPED_CSS = False
    DEFAULT_CSS = """
    ResultPanel { align: right top; }
    ResultPanel.-below { align: left bottom; }
    ResultPanel #result-box {
        width: 44; height: 1fr; max-width: 100%; margin: 0;
        padding: 0 1; border: heavy $primary; background: $surface;
    }
    ResultPanel.-below #result-box { width: 100%; height: auto; }
    ResultPanel.-closed #result-box { display: none; }
    ResultPanel #verdict { content-align: left middle; }
    ResultPanel #result-body { height: auto; scrollbar-size-vertical: 1; }
    ResultPanel #details { margin-top: 1; }
    ResultPanel #choices { height: 1; margin-top: 1; align-horizontal: left; }
    ResultPanel #choices Button {
        height: 1; min-width: 8; border: none; margin: 0 2 0 0; padding: 0 1;
    }
    ResultPanel #choices Button:focus { text-style: bold reverse; }
    TableScreen.-under-result MoveLog, TableScreen.-under-result Footer { display: none; }
    """
    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("escape", "close", "Close"),
        Binding("enter", "reopen", "Show the result"),
        Binding("left", "focus_previous", "Previous choice", show=False),
        Binding("right", "focus_next", "Choose", key_display="← →"),
        Binding("up", "scroll_body(-1)", "Scroll", show=False),
        Binding("down", "scroll_body(1)", "Scroll", show=False),
    ]
    #: the width of the side panel: a result with wider lines widens it
    side_width = 44
    #: columns the table keeps for its boards beside the panel; fewer, and the panel goes below
    BOARDS_WIDTH: ClassVar[int] = 64
    #: the table this result belongs to: the screen under it
    beneath: Screen[object] | None = None

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="result-body", can_focus=False):
            yield from self.compose_summary()

    def compose_summary(self) -> ComposeResult:
        """The result's own lines, scrolled when the panel is short of room."""
        yield from super().compose_body()

    def placement(self, width: int) -> Placement:
        return "side" if width >= self.side_width + self.BOARDS_WIDTH else "below"

    # Textual runs every class's handler, this one after a subclass's: no super() calls here

    def on_mount(self) -> None:
        stack = self.app.screen_stack
        self.beneath = stack[-2] if len(stack) > 1 else None
        # the app's stylesheet makes every screen opaque, and app rules beat a widget's default
        # CSS: the see-through backdrop is set inline
        self.styles.background = Color(0, 0, 0, 0)
        self.query_one("#result-box").styles.width = self.side_width
        self._place(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._place(event.size.width)

    def _place(self, width: int) -> None:
        where = self.placement(width)
        self.set_class(where == "side", "-side")
        self.set_class(where == "below", "-below")
        # the body scrolls past the panel's room: the screen's height, or half of it below
        height = self.app.size.height
        self.query_one("#result-body").styles.max_height = max(
            2, (height if where == "side" else height // 2) - 7
        )
        self._make_room()
        self.call_after_refresh(self._make_room)  # a banner's height is known once laid out

    def _make_room(self) -> None:
        """Pad the table by the panel's size (none while closed), so its boards lay out beside."""
        table = self.beneath
        if table is None or not self.is_attached:
            return
        closed = self.has_class("-closed")
        table.set_class(not closed, UNDER_RESULT)
        if closed:
            table.styles.clear_rule("padding")
        elif self.has_class("-side"):
            table.styles.padding = (0, self.side_width, 1, 0)
        else:
            height = self.query_one("#result-box").outer_size.height
            table.styles.padding = (0, 0, height + 1, 0)

    def on_unmount(self) -> None:
        self._release_table()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._release_table()  # before the table draws again, not after

    def _release_table(self) -> None:
        table = self.beneath
        if table is not None:
            table.remove_class(UNDER_RESULT)
            table.styles.clear_rule("padding")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        closed = self.has_class("-closed")
        if action == "reopen":
            return closed
        if action in ("close", "focus_next", "focus_previous", "scroll_body"):
            return not closed
        return True

    def action_close(self) -> None:
        """Close the panel to see the table whole; nothing moves on."""
        self.add_class("-closed")
        self._closed_changed()

    def action_reopen(self) -> None:
        self.remove_class("-closed")
        self._closed_changed()
        self.query(".-primary").first().focus()

    def _closed_changed(self) -> None:
        self.refresh_bindings()
        self._make_room()
        self.call_after_refresh(self._make_room)

    def action_scroll_body(self, rows: int) -> None:
        self.query_one("#result-body", VerticalScroll).scroll_relative(y=rows, animate=False)
