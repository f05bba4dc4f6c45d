"""How the Pazu-Pazaak table fits its terminal: the boards' density and grid for the seats on
show, room for every card of the hand, and the room a result panel leaves it.

The base of ``PazuTable``, over its keys (``PazuChoices``): the table above draws into the
widgets this part sizes, and asks it again when the seats on show or the hand change.
"""

from __future__ import annotations

from textual.containers import Grid
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Button

from cardtable.session import Session
from cardtable.ui.tables.pazu.auction import AuctionPanel
from cardtable.ui.tables.pazu.choices import PazuChoices
from cardtable.ui.tables.pazu.layout import BOARD_SIZES, Layout, choose_layout, fitting_layout
from cardtable.ui.tables.pazu.seats import shown_seats
from cardtable.ui.tables.pazu.widgets import PazuHand, SeatBoard
from cardtable.ui.widgets.log import MoveLog


class PazuRoom(PazuChoices):
    """The Pazu-Pazaak table's layout for the room it has."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: the seats whose boards are on show (everyone at the table, and recent leavers)
        self.shown: tuple[int, ...] = shown_seats(session.observe())
        self.layout_now: Layout = choose_layout(len(self.shown), 120, 40)
        #: the hand size the layout left room for
        self.fitted_hand = 4

    def on_mount(self) -> None:
        """Runs before the base draws: size everything for the terminal first."""
        self.query_one(MoveLog).can_focus = False
        self.apply_layout(self.size)

    def on_resize(self, event: Resize) -> None:
        self.apply_layout(self.size)  # the screen less a result panel's place
        self.redraw()

    def boards_in(self, room: Size) -> tuple[str, int] | None:
        shown = len(self.shown)
        layout = fitting_layout(shown, room.width, room.height, self.hand_size(), footer=False)
        return None if layout is None else (layout.density, layout.columns)

    def fit_room(self, room: Size) -> None:
        self.apply_layout(room)
        self.redraw()

    def hand_size(self) -> int:
        """Cards in the hand on show: the layout leaves room for every one of them."""
        view = self.session.observe()
        seat = self.viewer if self.viewer is not None else (view.to_move or 0)
        return len(view.hand) if view.hand is not None else view.hand_counts[seat]

    def fit_hand(self) -> None:
        """Make room for a hand that has grown (or shrunk) since the layout was chosen."""
        if self.size.width and self.hand_size() != self.fitted_hand:
            self.apply_layout(self.size)

    def apply_layout(self, size: Size) -> None:
        """Board density, grid shape and widget sizes for this terminal (``choose_layout``),
        with room for every card of the hand."""
        self.fitted_hand = self.hand_size()
        layout = choose_layout(
            len(self.shown), size.width, size.height, self.fitted_hand, not self.under_result
        )
        self.layout_now = layout
        board_w, board_h = BOARD_SIZES[layout.density]
        grid = self.query_one("#pz-boards", Grid)
        grid.styles.grid_size_columns = layout.columns
        grid.styles.grid_columns = " ".join([str(board_w)] * layout.columns)
        grid.styles.grid_rows = str(board_h)
        for board in self.query(SeatBoard):
            board.set_density(layout.density)
        self.query_one(AuctionPanel).set_small(layout.small)
        self.query_one(PazuHand).fit(size.width, layout.density)
        for button in self.query("#pz-buttons Button").results(Button):
            button.compact = layout.small
