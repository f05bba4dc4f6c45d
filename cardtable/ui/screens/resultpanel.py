"""A game's result (a set, a round, a match) beside the final boards, never over them.

On a wide screen the result is a panel down the right edge; on a narrow one, a banner along the
bottom. Its place is worked out before it is drawn (``resultplace``): the table beneath says how
its boards would be drawn in a given room, and keeps the panel's place free (it hides its log,
buttons and footer and pads itself by the panel's size), so the panel's see-through backdrop
shows the boards as they ended. Escape only closes the panel (nothing moves on): the table is
then seen whole, and Enter brings the result back to go on from.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Static

from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.resultplace import Place, RoomForResult, place_result
from cardtable.ui.widgets.footer import Footer

#: the class a table wears while a result panel is beside it (its CSS hides the log and footer)
UNDER_RESULT = "-under-result"

#: choices after which the table is not seen again as it stands (home, the program's end, or the
#: next game, which gives the table its room back as it draws: ``take_game``): it is not
#: given its room back now, which would lay the whole table out again for nothing
LEAVING = frozenset({"again", "home", "quit"})

#: what a match's result offers: another game, the home screen (for another kind of game), or
#: the end of the program
MATCH_CHOICES = (("again", "Play again"), ("home", "Home"), ("quit", "Quit"))


class ResultPanel(ResultScreen):
    """A result that leaves the table in view; dismisses with the chosen button's id."""

    class Toggled(Message):
        """Told to the table beneath when the result is closed, or brought back."""

    # the rules for the table underneath live here, with the panel they make room for
    SCOPED_CSS = False
    DEFAULT_CSS = """
    ResultPanel { align: right top; }
    ResultPanel.-below { align: left bottom; }
    ResultPanel #result-box {
        width: 44; height: auto; max-width: 100%; max-height: 100%; margin: 0;
        padding: 0 1; border: heavy $primary; background: $surface;
    }
    ResultPanel.-below #result-box {
        width: 100%; height: auto; border: none; border-top: heavy $primary;
    }
    ResultPanel.-below #result-body > *, ResultPanel.-below #choices { margin-top: 0; }
    ResultPanel.-closed #result-box { display: none; }
    ResultPanel #verdict { content-align: left middle; }
    ResultPanel #result-body { height: auto; scrollbar-size-vertical: 1; }
    ResultPanel #details, ResultPanel .result-note { margin-top: 1; }
    ResultPanel #choices { height: 1; margin-top: 1; align-horizontal: left; }
    ResultPanel.-side #choices { height: auto; layout: vertical; }
    ResultPanel #choices Button {
        height: 1; width: auto; min-width: 8; border: none; margin: 0 2 0 0; padding: 0 1;
    }
    ResultPanel #choices Button:focus { text-style: bold reverse; }
    /* under a result the table's buttons, log and footer give way (its keys wait anyway) */
    TableScreen.-under-result MoveLog, TableScreen.-under-result Footer,
    TableScreen.-under-result Button { display: none; }
    """
    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("escape", "close", "Close"),
        Binding("enter", "reopen", "Show the result"),
        Binding("left", "move_focus(-1)", "Previous choice", show=False),
        Binding("right", "move_focus(1)", "Choose", key_display="← →"),
        Binding("up", "scroll_body(-1)", "Scroll", show=False),
        Binding("down", "scroll_body(1)", "Scroll", key_display="↑ ↓"),
        # while the result is closed to look at the table, the table's own looking keys work,
        # and its way out (the table says which of the two q is: home, or the program's end)
        Binding("q", "on_table('exit_table')", "Home"),
        Binding("q", "on_table('stop_watching')", "Quit"),
        Binding("l", "on_table('toggle_log')", "Log"),
        Binding("question_mark", "on_table('rules')", "Rules", key_display="?"),
    ]
    #: the width of the side panel: a result with wider lines widens it
    side_width = 44
    #: the table this result belongs to: the screen under it
    beneath: Screen[Any] | None = None
    #: where the panel is now (None before it is mounted, and with no table under it)
    place: Place | None = None
    #: the choice made leaves the table behind (see ``LEAVING``)
    leaving = False

    def __init__(self, verdict: str, details: str, choices: tuple[tuple[str, str], ...]) -> None:
        super().__init__(verdict, details, choices)
        # the app's stylesheet makes every screen opaque, and app rules beat a widget's default
        # CSS: the see-through backdrop is set inline
        self.styles.background = Color(0, 0, 0, 0)
        #: paragraphs added after the result was made (see ``add_note``)
        self.notes: list[str] = []

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="result-body", can_focus=False):
            yield from self.compose_summary()
            yield from (self.note(text) for text in self.notes)

    def compose_summary(self) -> ComposeResult:
        """The result's own lines, scrolled when the panel is short of room."""
        yield from super().compose_body()

    # Textual runs every class's handler, this one after a subclass's: no super() calls here

    def on_mount(self) -> None:
        self._show_notes()  # one added while the panel was being composed
        stack = self.app.screen_stack
        self.beneath = stack[-2] if len(stack) > 1 else None
        self.make_room()

    def on_resize(self, event: events.Resize) -> None:
        self.make_room()

    def on_screen_resume(self) -> None:
        """Back from a screen opened over the closed result (the rules): no button is
        focused while the box is out of sight, so Enter brings it back rather than pressing
        a button nobody can see."""
        if self.has_class("-closed"):
            self.call_after_refresh(self.set_focus, None)

    @property
    def table_beneath(self) -> RoomForResult | None:
        """The table beneath, which keeps the panel's place free."""
        return self.beneath if isinstance(self.beneath, RoomForResult) else None

    def make_room(self) -> None:
        """Place the box and have the table keep its place free (while the result is closed,
        the table has its whole screen back)."""
        table = self.table_beneath
        if table is None or not self.is_attached:
            return
        if self.closed:
            table.reserve(None)
            return
        place = place_result(self.app.size, self.side_width, self.banner_lines, table.boards_in)
        self.set_class(place.where == "side", "-side")
        self.set_class(place.where == "below", "-below")
        box, body = self.query_one("#result-box"), self.query_one("#result-body")
        body.display = place.body_rows > 0
        if place.where == "side":
            box.styles.width = place.side
            body.styles.height = None
            body.styles.max_height = max(1, place.body_rows)
        else:
            box.styles.width = "100%"
            body.styles.height = max(1, place.body_rows)
            body.styles.max_height = None
        self.place = place
        table.reserve(place.padding)
        self.call_after_refresh(self.refresh_bindings)  # once laid out: does the body scroll?

    def banner_lines(self, width: int) -> int:
        """The rows the body's lines take in a banner whose body is ``width`` columns wide."""
        self.set_class(False, "-side")
        self.set_class(True, "-below")  # a banner's body is styled tighter than a side panel's
        body = self.query_one("#result-body")
        inner = width - body.styles.gutter.width
        room = Size(inner, self.app.size.height)
        return body.get_content_height(room, self.app.size, inner)

    def on_unmount(self) -> None:
        if not self.leaving:
            self._release_table()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.leaving = event.button.id in LEAVING
        if event.button.id not in self.in_place and not self.leaving:
            self._release_table()  # the box goes: the table has its room back before it draws

    def _release_table(self) -> None:
        table = self.table_beneath
        if table is not None:
            table.reserve(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        closed = self.has_class("-closed")
        if action == "reopen":
            return closed
        if action == "scroll_body":
            return not closed and self.query_one("#result-body").max_scroll_y > 0
        if action in ("close", "move_focus"):
            return not closed
        if action == "on_table":
            table = self.beneath
            return closed and table is not None and bool(table.check_action(str(parameters[0]), ()))
        return True

    def action_close(self) -> None:
        """Close the panel to see the table whole; nothing moves on."""
        self.add_class("-closed")
        self._closed_changed()

    async def action_on_table(self, action: str) -> None:
        """One of the table's keys, pressed while the result is closed."""
        if self.beneath is not None:
            await self.app.run_action(action, self.beneath)

    def action_reopen(self) -> None:
        self.remove_class("-closed")
        self._closed_changed()
        self.query(".-primary").first().focus()

    def _closed_changed(self) -> None:
        self.refresh_bindings()
        self.make_room()
        if self.beneath is not None:
            self.beneath.post_message(self.Toggled())

    @property
    def closed(self) -> bool:
        """Closed with Escape to see the table whole (Enter brings it back)."""
        return self.has_class("-closed")

    def action_scroll_body(self, rows: int) -> None:
        self.query_one("#result-body", VerticalScroll).scroll_relative(y=rows, animate=False)

    def add_note(self, text: str) -> None:
        """A paragraph that comes after the result (a rated game's rating changes): below the
        summary, the panel placed again for its new height once it is on the screen."""
        self.notes.append(text)
        self._show_notes()

    def _show_notes(self) -> None:
        """Mount the notes the body does not show yet. Before the panel is composed there is
        no body (it composes with the notes); one added after composing but before the body
        is mounted is shown from ``on_mount`` (a rated game's ratings may arrive just then)."""
        found = self.query("#result-body")
        if not found:
            return
        body = found.first()
        shown = len(body.query(".result-note"))
        if shown < len(self.notes):
            body.mount_all(self.note(text) for text in self.notes[shown:])
            self.call_after_refresh(self.make_room)

    @staticmethod
    def note(text: str) -> Static:
        return Static(text, classes="result-note", markup=False)
