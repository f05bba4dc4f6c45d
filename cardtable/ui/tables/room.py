"""What a table is as a screen, whatever its game: its keys and the footer that shows them, the
log folded away or back, and the room it keeps free for a result panel beside its boards.

The base of ``TableScreen``: the turn flow above it draws the game; this part lays the screen
out and asks its footer for the keys once a move has been shown, not at every redraw of it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from cardtable.ui.screens.resultpanel import UNDER_RESULT
from cardtable.ui.tables import chatting, hinting
from cardtable.ui.widgets.log import toggle_log
from cardtable.ui.widgets.styling import set_screen_class


class TableRoom(Screen[None]):
    """A table's keys, its footer and its room; ``TableScreen`` plays the game on it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # q goes home, or ends `cardtable watch` (see ``ending.ends_the_program``): the first
        # of the two the table allows is the one shown and run; Escape always goes home
        Binding("q", "exit_table", "Home"),
        Binding("q", "stop_watching", "Quit"),
        Binding("escape", "go_home", "Home", show=False),
        Binding("question_mark", "rules", "Rules"),
        hinting.HINT_KEY,
        chatting.CHAT_KEY,
        Binding("l", "toggle_log", "Log"),
        Binding("ctrl+q", "app.quit", "Quit", show=False),
        Binding("left", "step(-1)", "Back", show=True),
        Binding("right", "step(1)", "Forward", show=True),
        Binding("pageup", "jump(-1)", "Prev set/round", key_display="PgUp"),
        Binding("pagedown", "jump(1)", "Next set/round", key_display="PgDn"),
        Binding("home", "step_to(0)", "Start", show=False),
        Binding("end", "step_to(-1)", "End", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: a move is being shown: the footer is settled once at its end
        self._moving = False

    def refresh_bindings(self) -> None:
        """While a move is shown, the footer is asked once at the end (every redraw asks; the
        footer itself rebuilds only when the keys it shows changed, see ``widgets.footer``)."""
        if not self._moving:
            super().refresh_bindings()

    def action_toggle_log(self) -> None:
        toggle_log(self)

    def boards_in(self, room: Size) -> Hashable | None:
        """How the boards are drawn when the table has ``room`` under a result (its log,
        buttons and footer hidden), or None when they cannot all show whole there: the
        result panel is placed by it (``resultplace``). A table whose boards need no more
        than a line each fits any room."""
        return 0 if room.width > 0 and room.height > 0 else None

    def fit_room(self, room: Size) -> None:
        """Lay the game's parts out for ``room``: the screen, less a result panel's place."""

    @property
    def under_result(self) -> bool:
        """A result panel is beside the table, which keeps its place free."""
        return self.has_class(UNDER_RESULT)

    def reserve(self, padding: tuple[int, int, int, int] | None) -> None:
        """Keep ``padding`` free for a result panel, hiding what gives way to it, and lay the
        boards out in the rest at once; None gives the table its whole screen back."""
        set_screen_class(self, padding is not None, UNDER_RESULT)
        if padding is None:
            self.styles.clear_rule("padding")
        else:
            self.styles.padding = padding
        self.fit_room(self.size)  # a screen's size is the terminal's less its padding
