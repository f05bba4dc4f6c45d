"""Pixies table pieces: a grid space, a player's 3×3 grid with its live score, cards to choose.

Widgets only draw the observation slices the table hands them and post what a click asked for;
the table decides whether that is a legal move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.color import Color
from textual.containers import Vertical
from textual.content import Content
from textual.css.scalar import Scalar
from textual.events import Click, MouseMove
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from cardtable.games.pixies.cards import Card
from cardtable.games.pixies.scoring import ScoreBreakdown
from cardtable.games.pixies.view import CellView, GridView
from cardtable.ui import motion
from cardtable.ui.tables.pixies.cards import (
    COMPACT,
    Mark,
    Size,
    beside,
    blank_rows,
    block_width,
    board_rows,
    board_width,
    card_tip,
    join,
    offer_rows,
    space_tip,
)


class SpaceChosen(Message):
    """A click on ``space`` (1..9) of ``seat``'s grid."""

    def __init__(self, seat: int, space: int) -> None:
        super().__init__()
        self.seat = seat
        self.space = space


class OfferChosen(Message):
    """A click on a card to choose: a revealed card's index, or "new"/"old" to keep."""

    def __init__(self, choice: int | str) -> None:
        super().__init__()
        self.choice = choice


class GridBoard(Widget):
    """A 3×3 grid drawn as one widget (a click finds its space from where it landed).

    One widget instead of nine keeps a redraw cheap: Textual's cost is per widget, and a table
    of five grids would otherwise hold forty-five of them.
    """

    DEFAULT_CSS = """
    GridBoard { width: 32; height: 9; }
    """

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"px-board-{seat}")
        self.seat = seat
        self.cells: tuple[CellView, ...] = tuple(CellView(i + 1, None, False) for i in range(9))
        self.marks: tuple[Mark, ...] = (Mark(),) * 9
        self.size_now = COMPACT
        #: the space whose card is fading in, while ``arrival`` runs from 0 to 1
        self.fresh: int | None = None

    #: how far the newest card has faded in (1: fully there)
    arrival: reactive[float] = reactive(1.0)

    def land(self, place: int) -> bool:
        """Fade in the card just laid on space ``place`` (only while motion is on)."""
        if not motion.moving(self):
            return False
        self.fresh = place
        return motion.fade_in(self, "arrival")

    def show(self, cells: tuple[CellView, ...], marks: tuple[Mark, ...], size: Size) -> None:
        if (cells, marks, size) != (self.cells, self.marks, self.size_now):
            if size != self.size_now:
                self.styles.width, self.styles.height = board_width(size), 3 * size.pitch
            self.cells, self.marks, self.size_now = cells, marks, size
            self.refresh()

    def render(self) -> Content:
        marks = list(self.marks)
        if self.fresh is not None and self.arrival < 1:
            marks[self.fresh - 1] = replace(marks[self.fresh - 1], fade=round(self.arrival * 100))
        return join(board_rows(self.cells, marks, self.size_now))

    def offset_of(self, space: int) -> Offset:
        """Where a click lands on ``space`` (1..9): the middle of its face."""
        size = self.size_now
        row, col = divmod(space - 1, 3)
        return Offset(col * (block_width(size) + 1) + 3, row * size.pitch + (size.rows > 1))

    def space_at(self, x: int, y: int) -> int | None:
        size = self.size_now
        col, inside = divmod(x, block_width(size) + 1)
        row = y // size.pitch
        if inside >= block_width(size) or not (0 <= col < 3 and 0 <= row < 3):
            return None
        return row * 3 + col + 1

    def on_click(self, event: Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        space = None if offset is None else self.space_at(offset.x, offset.y)
        if space is not None:
            self.post_message(SpaceChosen(self.seat, space))

    def on_mouse_move(self, event: MouseMove) -> None:
        """The tooltip follows the space under the mouse."""
        offset = event.get_content_offset(self)
        space = None if offset is None else self.space_at(offset.x, offset.y)
        tip = None if space is None else space_tip(self.cells[space - 1], self.marks[space - 1])
        if tip != self.tooltip:
            self.tooltip = tip


def score_lines(score: ScoreBreakdown) -> str:
    """The live score part by part, in words and signs, for under a grid."""
    parts = (
        f"✓ {score.validated}  @ {score.spirals:+d}  ✗ {-score.crosses:+d}  ★ {score.specials:+d}"
    )
    if score.zone_colour is None:
        zone = "◆ zone none yet"
    else:
        zone = (
            f"◆ zone {score.zone_colour.letter} {score.zone_size}×{score.zone_value} = {score.zone}"
        )
    return f"{parts}\n{zone}"


class GridPanel(Vertical):
    """One player's grid, numbered like a phone keypad, with the score it would make now."""

    DEFAULT_CSS = """
    GridPanel {
        width: auto; height: auto; padding: 0 1;
        border: round $foreground 40%;
        border-title-color: $foreground; border-title-style: bold;
        border-subtitle-color: $foreground 80%;
    }
    GridPanel .px-score { width: 32; height: 2; color: $foreground 90%; }
    GridPanel.-tiny .px-score { display: none; }
    """

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"px-grid-{seat}")
        self.seat = seat
        self.shown: tuple[str, str, str] = ("", "", "")
        self.to_move = False

    def on_mount(self) -> None:
        self.watch(self.app, "theme", lambda _: self.paint_border(), init=False)

    def compose(self) -> ComposeResult:
        yield GridBoard(self.seat)
        yield Static(classes="px-score", markup=False)

    def show(
        self,
        title: str,
        grid: GridView,
        banked: int,
        marks: dict[int, Mark],
        size: Size,
        to_move: bool,
    ) -> None:
        """Redraw from the seat's grid view; ``marks`` adds lit spaces and the cursor."""
        zone = frozenset(grid.score.zone_cells)
        looks = tuple(
            Mark(space in zone, marks.get(space, Mark()).lit, marks.get(space, Mark()).cursor)
            for space in range(1, 10)
        )
        self.query_one(GridBoard).show(grid.cells, looks, size)
        full = " · FULL" if grid.full else ""
        subtitle = f"round {grid.score.total} · total {banked + grid.score.total}{full}"
        shown = (score_lines(grid.score), title, subtitle)
        if shown != self.shown:  # a changed text re-lays the screen out: skip when unchanged
            self.shown = shown
            self.query_one(".px-score", Static).update(shown[0], layout=False)
            self.border_title, self.border_subtitle = Content(title), subtitle  # names: no markup
        score = self.query_one(".px-score", Static)
        if score.styles.width != Scalar.from_number(board_width(size)):
            score.styles.width = board_width(size)
        self.set_class(size.rows == 1, "-tiny")
        if to_move != self.to_move:
            self.to_move = to_move
            self.paint_border()

    def paint_border(self) -> None:
        """A heavy highlighted frame for the grid whose owner is choosing.

        Set inline from the theme's colours rather than by toggling a class: a class change
        restyles the whole panel, and the frame changes hands on every pick.
        """
        colours = self.app.get_css_variables()
        if self.to_move:
            colour = Color.parse(colours["highlight"])
            self.styles.border = ("heavy", colour)
            self.styles.border_title_color = colour
        else:
            self.styles.border = ("round", Color.parse(colours["foreground"]).with_alpha(0.4))
            self.styles.border_title_color = Color.parse(colours["foreground"])


#: a card to choose, as drawn: (card, key, hint, under the cursor)
Slot = tuple[Card, str, str, bool]


class OfferStrip(Widget):
    """The revealed cards (keys 1–5), then the cards of a keep-which or face-down choice.

    One widget of fixed height, so taking a card changes its drawing, never the layout.
    """

    DEFAULT_CSS = """
    OfferStrip { width: 100%; height: 3; padding: 0 1; }
    """
    #: blank columns between the revealed cards and the pending ones
    GAP = 2

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.revealed: tuple[Slot, ...] = ()
        self.pending: tuple[Slot, ...] = ()
        self.size_now = COMPACT

    def show(self, revealed: tuple[Slot, ...], pending: tuple[Slot, ...], size: Size) -> None:
        """``size`` is the grids' card size; one-line grids still get compact cards to choose."""
        size = max(size, COMPACT, key=lambda s: s.rows)
        if (revealed, pending, size) != (self.revealed, self.pending, self.size_now):
            if size != self.size_now:
                self.styles.height = size.rows + 1
            self.revealed, self.pending, self.size_now = revealed, pending, size
            self.refresh()

    def render(self) -> Content:
        size = self.size_now
        blocks = [offer_rows(*slot, size) for slot in self.revealed]
        if self.pending:
            blocks.append(blank_rows(self.GAP - 1, size.rows + 1))
            blocks += [offer_rows(*slot, size) for slot in self.pending]
        return join(beside(blocks)) if blocks else Content("")

    @property
    def pending_x(self) -> int:
        """The column where the first pending card starts, just after the revealed ones."""
        return len(self.revealed) * (block_width(self.size_now) + 1) + self.GAP

    def choice_at(self, x: int) -> int | str | None:
        """The choice a click at column ``x`` means: a revealed index, "new" or "old"."""
        step = block_width(self.size_now) + 1
        slot, inside = divmod(x, step)
        if slot < len(self.revealed):
            return slot if inside < step - 1 else None
        slot, inside = divmod(x - self.pending_x, step)
        if x >= self.pending_x and slot < len(self.pending) and inside < step - 1:
            return ("new", "old")[slot]
        return None

    def offset_of(self, choice: int | str) -> Offset:
        """Where a click lands on ``choice``: the middle of its card."""
        step = block_width(self.size_now) + 1
        if isinstance(choice, int):
            return Offset(choice * step + 3, 1)
        return Offset(self.pending_x + ("new", "old").index(choice) * step + 3, 1)

    def on_click(self, event: Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        choice = None if offset is None else self.choice_at(offset.x)
        if choice is not None:
            self.post_message(OfferChosen(choice))

    def on_mouse_move(self, event: MouseMove) -> None:
        """The tooltip follows the card under the mouse."""
        offset = event.get_content_offset(self)
        choice = None if offset is None else self.choice_at(offset.x)
        tip = None
        if isinstance(choice, int):
            card, key = self.revealed[choice][:2]
            tip = card_tip(card) + (f"\nPress {key} to take it" if key.strip() else "")
        elif choice is not None:
            card, key = self.pending[("new", "old").index(choice)][:2]
            tip = f"{card_tip(card)}\n" + (
                "It goes face-down on an empty space of your grid"
                if key == "↓"
                else f"Press {key} to keep this one face-up and tuck the other under it"
            )
        if tip != self.tooltip:
            self.tooltip = tip


LEGEND = (
    "✓ validated: a face-up card on a face-down one scores its number\n"
    "@ spiral +1 · ✗ cross -1 · ★ special: +1 per other face-up card of its colour\n"
    "◆ largest zone: touching cards of one colour (✱ counts as any) score per card"
)


class Scoreboard(Static):
    """Points by round for everyone, the round in play in brackets, and what the marks mean."""

    DEFAULT_CSS = """
    Scoreboard { height: 1fr; padding: 1 1 0 1; color: $foreground 90%; }
    """
    shown: object = None

    def show(
        self,
        names: tuple[str, ...],
        history: tuple[tuple[ScoreBreakdown, ...], ...],
        live: tuple[int, ...] | None,
        rounds: int,
    ) -> None:
        """``live`` holds each grid's score in the round in play, or None once all are banked."""
        key = (names, history, live, rounds)
        if key == self.shown:
            return
        self.shown = key
        width = max(8, *(len(name) for name in names)) + 2
        header = "Scores".ljust(width) + "".join(
            f"round {n}".rjust(9) for n in range(1, rounds + 1)
        )
        lines: list[tuple[str, str] | str] = [(header + "total".rjust(8), "bold"), "\n"]
        lines.append(("─" * (width + 9 * rounds + 8), "$foreground 50%"))
        for seat, name in enumerate(names):
            banked = [scores[seat].total for scores in history]
            cells = [str(v) for v in banked]
            if live is not None and len(cells) < rounds:
                cells.append(f"({live[seat]})")
            cells += ["·"] * (rounds - len(cells))
            row = name.ljust(width) + "".join(cell.rjust(9) for cell in cells)
            lines += ["\n", row, (str(sum(banked)).rjust(8), "bold")]
        lines += ["\n\n", (LEGEND, "$foreground 60%")]
        self.update(Content.assemble(*lines), layout=False)
