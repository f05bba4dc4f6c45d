"""A game's result (a set, a round, a match) beside the final boards, never over them.

On a wide screen the result is a panel down the right edge; on a narrow one, a banner along the
bottom. The table underneath makes room for it: it hides its log, buttons and footer and pads
itself by the panel's size, so its boards lay out again in the space left, and the panel's
see-through backdrop shows them as they ended. Escape only closes the panel (nothing moves on): the table is
then seen whole, and Enter brings the result back to go on from.

Finding the panel's place takes a few frames (the boards lay out again around it). Until it is
placed the box waits off the screen, laid out and focused but out of sight, so nothing moves
under a pointer about to click it, and a key pressed meanwhile still reaches its buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.widgets.footer import Footer

Placement = Literal["side", "below"]

#: a banner's rows besides its body: the rule above it, the verdict, the buttons
BANNER_FRAME = 3

#: seconds a panel may take to find its place before it shows where it is: a result a little
#: out of place beats none at all (a dozen frames is the usual time)
PLACING_LIMIT = 3.0

#: seconds between looks at a table still laying itself out (about a frame)
FRAME = 1 / 60

#: the class a table wears while a result panel is beside it (its CSS hides the log and footer)
UNDER_RESULT = "-under-result"

#: choices after which the table is not seen again (the next game's table, home, the program's
#: end): it is not given its room back, which would lay the whole table out again for nothing
LEAVING = frozenset({"again", "home", "quit"})

#: what a match's result offers: another game, the home screen (for another kind of game), or
#: the end of the program
MATCH_CHOICES = (("again", "Play again"), ("home", "Home"), ("quit", "Quit"))


def layout_pending(screen: Screen[Any]) -> bool:
    """``screen`` has yet to lay out its last change. A screen under another lays itself out
    on its own timer, and an "after refresh" callback waits only for the screen on top, so
    this reads the flags Textual keeps for that timer (it offers no public ones).

    The timer starts when the screen next goes idle, and only if it is then in view: a change
    asked for while the panel above was still opaque (before its ``on_mount``) waits for
    whatever message reaches the table next, which may be none. ``check_idle`` starts it."""
    return screen._layout_required or screen._scroll_required


def seen_region(widget: Widget) -> Region:
    """The part of ``widget`` on the screen: its region, clipped by each container it is in."""
    region = widget.region
    for node in widget.ancestors:
        if isinstance(node, Widget) and not isinstance(node, Screen):
            region = region.intersection(node.region)
    return region


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
    ResultPanel.-placing #result-box { offset-y: 1000; }
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
    #: the narrowest side panel worth having: narrower room beside the boards puts it below
    SIDE_MIN: ClassVar[int] = 30
    #: the boards did not fit beside the panel at this screen width: the panel goes below
    cramped_at: int | None = None
    #: the table this result belongs to: the screen under it
    beneath: Screen[object] | None = None
    #: counts the times the panel was placed: a fit begun before the latest one stops
    fitting = 0
    #: the rows the body may take before it scrolls, and the rows its lines need
    body_rows = 0
    body_lines = 0
    #: the choice made leaves the table behind (see ``LEAVING``)
    leaving = False

    def __init__(self, verdict: str, details: str, choices: tuple[tuple[str, str], ...]) -> None:
        super().__init__(verdict, details, choices)
        self.add_class("-placing")
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
        stack = self.app.screen_stack
        self.beneath = stack[-2] if len(stack) > 1 else None
        # the app's stylesheet makes every screen opaque, and app rules beat a widget's default
        # CSS: the see-through backdrop is set inline
        self.styles.background = Color(0, 0, 0, 0)
        self._make_room()
        if self.beneath is None:
            self._placed()

    @property
    def placing(self) -> bool:
        """The panel is still finding its place: its box is hidden."""
        return self.has_class("-placing")

    def _stop_placing(self, fitting: int) -> None:
        if fitting == self.fitting and self.placing:
            self._placed()

    def _placed(self) -> None:
        """Bring the box on to the screen, where it now stays."""
        self.remove_class("-placing")
        self.refresh_bindings()  # whether the body scrolls is known now

    def on_resize(self, event: events.Resize) -> None:
        self._make_room()

    def on_screen_resume(self) -> None:
        """Back from a screen opened over the closed result (the rules): no button is
        focused while the box is out of sight, so Enter brings it back rather than pressing
        a button nobody can see."""
        if self.has_class("-closed"):
            self.call_after_refresh(self.set_focus, None)

    def _make_room(self) -> None:
        """Pad the table for the panel (not at all while it is closed): first see where its
        boards lie with the whole screen, then place the panel beside or below them."""
        table = self.beneath
        if table is None or not self.is_attached:
            return
        self.fitting += 1  # a fit still under way for an older size or state stops
        closed = self.has_class("-closed")
        table.set_class(not closed, UNDER_RESULT)
        if closed:
            table.styles.clear_rule("padding")
            return
        self.add_class("-placing")
        self.set_timer(PLACING_LIMIT, partial(self._stop_placing, self.fitting))
        body = self.query_one("#result-body")
        body.styles.height = None
        body.styles.max_height = None  # to find how many lines the body has
        body.display = True
        table.styles.padding = (0, 0, 1, 0)  # the boards laid out on the whole screen
        self._when_settled(self._place, self.fitting)

    def _when_settled(
        self,
        then: Callable[[int], None],
        fitting: int,
        seen: tuple[list[Region], ...] = (),
        tries: int = 12,
    ) -> None:
        """``then(fitting)`` once this panel and the table beneath have drawn since the last
        change, and the boards stayed put through two more rounds of drawing: the table lays
        itself out on its own clock, and may draw its boards again (in a smaller card size,
        say) a round after its room changes. While the panel is placing, a table with layout
        still to do is waited for (the placing limit bounds the wait)."""
        table = self.beneath
        if fitting != self.fitting or table is None or not self.is_attached:
            return
        if layout_pending(table) and self.placing:  # regions read now would be out of date
            table.check_idle()  # see layout_pending: its timer may not have been started
            self.set_timer(FRAME, partial(self._when_settled, then, fitting, seen, tries))
            return
        seen = (*seen[-2:], self.board_regions(seen=False))
        if (len(seen) == 3 and seen[0] == seen[1] == seen[2]) or not tries:
            then(fitting)
        else:
            self.call_after_refresh(self._when_settled, then, fitting, seen, tries - 1)

    def placement(self, boards: list[Region]) -> tuple[Placement, int]:
        """Beside the boards when the panel fits there whole; else below them when its verdict
        and buttons fit; else beside, as narrow as it may be (boards that spread into the
        log's room draw closer again when the panel takes it); and the side panel's width."""
        width, height = self.app.size
        right = max((region.right for region in boards), default=width // 2)
        lowest = max((region.bottom for region in boards), default=height // 2)
        beside = min(self.side_width, width - right)
        if width == self.cramped_at:
            return "below", 0
        if beside == self.side_width:
            return "side", beside
        if height - 1 - lowest >= BANNER_FRAME:
            return "below", 0
        return "side", max(beside, self.SIDE_MIN)

    def _place(self, fitting: int) -> None:
        if fitting != self.fitting or self.beneath is None:
            return
        body = self.query_one("#result-body")
        self.body_lines = max(body.virtual_size.height, body.size.height)
        boards = self.board_regions()
        where, side = self.placement(boards)
        self.set_class(where == "side", "-side")
        self.set_class(where == "below", "-below")
        box = self.query_one("#result-box")
        if where == "side":
            box.styles.width = side
            self._size_body(self.app.size.height - 7)
            self.beneath.styles.padding = (0, side, 1, 0)
            self._when_settled(partial(self._check_side, side=side), fitting)
        else:
            box.styles.width = "100%"
            self._fit_banner(fitting, boards)

    def boards(self) -> list[Widget]:
        """The table's boards on show (see ``TableScreen.BOARDS``)."""
        table = self.beneath
        selector = getattr(table, "BOARDS", "")
        if table is None or not selector:
            return []
        return [board for board in table.query(selector) if board.display]

    def board_regions(self, seen: bool = True) -> list[Region]:
        """Where the table's boards are now: the parts on show, or (not ``seen``) their whole
        regions, cut or not."""
        return [seen_region(board) if seen else board.region for board in self.boards()]

    def _check_side(self, fitting: int, side: int) -> None:
        """Boards wider than the room beside the panel: put the panel below them instead."""
        if fitting != self.fitting:
            return
        width = self.app.size.width
        boards = self.board_regions(seen=False)
        if boards != self.board_regions() or any(region.right > width - side for region in boards):
            self.cramped_at = width
            self._make_room()
        else:
            self._placed()

    def _fit_banner(self, fitting: int, boards: list[Region]) -> None:
        """Give the banner the rows under the lowest board, but no more than half the screen
        (what else the table shows may sit under its boards) and no less than a third (boards
        that stretch to fill the screen draw themselves smaller for less): at least its verdict
        and buttons, and as much of its body as fits (the rest scrolls)."""
        height = self.app.size.height
        lowest = max((region.bottom for region in boards), default=height // 2)
        # the footer, the boards, the banner's own rows
        under_boards = height - 1 - lowest - BANNER_FRAME
        half, third = height // 2 - BANNER_FRAME, height // 3 - BANNER_FRAME
        self._size_banner(max(third, min(under_boards, half)))
        self._when_settled(partial(self._check_banner, tries=4), fitting)

    def _size_body(self, rows: int) -> None:
        """At most ``rows`` of the body show (it scrolls); none at all below one."""
        self.body_rows = rows
        body = self.query_one("#result-body")
        body.display = rows > 0
        body.styles.max_height = max(1, rows)

    def _size_banner(self, rows: int) -> None:
        """A banner whose body shows ``rows`` at most, and the table padded by its height (set,
        not measured: a size read now may not have caught up with the last change)."""
        shown = max(0, min(rows, self.body_lines))
        self._size_body(shown)
        self.query_one("#result-body").styles.height = shown or None
        if self.beneath is not None:
            self.beneath.styles.padding = (0, 0, BANNER_FRAME + shown + 1, 0)

    def _check_banner(self, fitting: int, tries: int) -> None:
        """Boards cut short to make room (a table may share its height out between them and
        what sits under them) get rows back from the banner's body. Boards that drew
        themselves smaller for the room left (a table's size tiers) are whole, and keep it."""
        if fitting != self.fitting:
            return
        short = self.rows_cut()
        if short > 0 and tries and self.body_rows > 0:
            # the table may give its boards only a share of the rows: free more than they lack
            self._size_banner(self.body_rows - 2 * short)
            self._when_settled(partial(self._check_banner, tries=tries - 1), fitting)
        else:
            self._placed()

    def rows_cut(self) -> int:
        """The rows of the boards hidden now: cut off by their containers, or their own
        content squeezed into less height than it needs."""
        return sum(
            board.region.height
            - seen_region(board).height
            + max(0, board.virtual_size.height - board.size.height)
            for board in self.boards()
        )

    def on_unmount(self) -> None:
        if not self.leaving:
            self._release_table()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.leaving = event.button.id in LEAVING
        if event.button.id not in self.in_place and not self.leaving:
            self._release_table()  # the box goes: the table has its room back before it draws

    def _release_table(self) -> None:
        self.fitting += 1  # a fit still under way stops: the panel is going
        table = self.beneath
        if table is not None:
            table.remove_class(UNDER_RESULT)
            table.styles.clear_rule("padding")

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
        self._make_room()
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
        body = self.query("#result-body")
        if body:  # composed already: else it composes with the notes
            body.first().mount(self.note(text))
            self.call_after_refresh(self._make_room)

    @staticmethod
    def note(text: str) -> Static:
        return Static(text, classes="result-note", markup=False)
