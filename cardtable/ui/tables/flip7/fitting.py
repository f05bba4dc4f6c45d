"""How the Flip 7 table fits its terminal: the log beside the players or under them, short
controls on a low screen, and the largest cards at which every board shows whole, in one column
or two, in the room a result panel leaves.

The base of the Flip 7 ``Table``, over its keys (``Flip7Choices``): the table draws into the
boards this part sizes (``board_fit``), choosing the fit afresh on each redraw.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Button

from cardtable.games.flip7.state import Mode
from cardtable.games.flip7.view import Flip7View
from cardtable.session import Session
from cardtable.ui.tables.flip7.choices import Flip7Choices
from cardtable.ui.tables.flip7.layout import BOARD_HEIGHT, Fit, choose_fit, fitting_fit
from cardtable.ui.widgets.log import log_folded
from cardtable.ui.widgets.styling import restyle_now

#: narrower than this, the log goes under the players instead of beside them
SIDE_LOG_WIDTH = 104
#: the log beside the boards: narrow, so the boards get the room (two columns at 120)
LOG_WIDTH = 24
#: under the boards on a narrow screen, the log keeps this many lines
LOG_UNDER = 4
#: lower than this, the buttons shrink to one line
SHORT_SCREEN = 30
#: terminal rows from which the odds panel opens by itself: a new player learns what a hit
#: risks from it, and it fits without squeezing the rows; on a smaller screen ``o`` opens it
ODDS_ROOM = 34
#: the solo climb chart's least height under the board, where the screen is tall enough
HISTORY_ROWS = 7


class Flip7Room(Flip7Choices):
    """The Flip 7 table's layout for the room it has."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: one player's climb against the deck, or a table of 2–8
        self.solo = session.config.mode is Mode.SOLO
        #: the size and columns the boards were last drawn at
        self.board_fit = Fit(1, "framed")

    def fit_layout(self) -> None:
        """The log beside the players on a wide screen, under them on a narrow one."""
        width, height = self.size
        self.query_one("#play-area").set_class(0 < width < SIDE_LOG_WIDTH, "-narrow")
        short = 0 < height < SHORT_SCREEN
        self.query_one("#controls").set_class(short, "-short")
        for button in self.query("#controls Button").results(Button):
            button.compact = short
        if self.solo:
            # the chart shows where there is room, and not beside a result, which draws its own
            self.set_class(height < ODDS_ROOM, "-low")

    def fit_boards(self, view: Flip7View) -> Fit:
        """The largest cards, in one column or two, at which every board shows whole."""
        if not self.size.height:
            return self.board_fit
        pending = view.pending if self.my_turn else None
        # the picker: its border, prompt and buttons
        picker = None if pending is None else len(pending.options) + 4
        room = self.boards_room(self.size, self.under_result, picker)
        return choose_fit(len(self.seats), *room)

    def boards_room(self, room: Size, under: bool, picker: int | None = None) -> tuple[int, int]:
        """The columns and rows the boards share in ``room``: what the status, match and
        last-move lines, the log beside or under them, the odds panel, the controls (or the
        ``picker``'s rows), the solo chart and the footer leave. Under a result the log,
        chart and footer give way to it (``under``)."""
        width, height = room
        below = picker if picker is not None else 1 if height < SHORT_SCREEN else 3
        below += 6 if self.odds_open else 0
        beside = width >= SIDE_LOG_WIDTH
        log = 0 if beside or under else LOG_UNDER
        history = HISTORY_ROWS if self.solo and height >= ODDS_ROOM and not under else 0
        rows = height - 3 - (0 if under else 1) - below - log - history
        log_beside = beside and not under and not log_folded(self.app)
        return width - (LOG_WIDTH if log_beside else 0), rows

    def boards_in(self, room: Size) -> Fit | None:
        return fitting_fit(len(self.seats), *self.boards_room(room, under=True))

    def fit_room(self, room: Size) -> None:
        self.redraw()

    def on_boards_resized(self) -> None:
        self.redraw()

    def arrange_boards(self, fit: Fit) -> None:
        """Two columns of boards in a grid whose rows are as tall as a board."""
        seats = self.query_one("#seats")
        seats.set_class(fit.columns == 2, "-two", update=restyle_now(seats))
        if fit.columns == 2:
            seats.styles.grid_rows = str(BOARD_HEIGHT[fit.tier])

    def on_resize(self) -> None:
        self.redraw()
