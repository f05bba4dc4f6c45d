"""Where things go on the Pixies table, and what a take would do.

``choose_layout`` fits 2 players in 80×24 and 5 in 120×40 and gives the grids the biggest cards
the screen holds: every grid in a row with the log beside them or, when that lets the cards grow,
under them; else compact panels wrapped into rows, the log taking whatever is left.
``take_hint`` reads the view for the hints under the revealed cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.pixies.view import PixiesObservation
from cardtable.ui.tables.pixies.cards import COMPACT, HUGE, LARGE, TINY, Size, board_width

#: the narrowest log worth putting beside the grids
LOG_MIN = 26
#: the fewest rows worth giving a log under the grids
LOG_BELOW = 6
#: rows besides a grid panel: status line, prompt (up to two lines), footer; the offer strip
#: is one more than a card's rows
CHROME_ROWS = 1 + 2 + 1
#: rows from which the scoreboard fits under the grids (a header, a rule, names, the legend)
BOARD_ROWS = 10
#: card sizes from the largest down; the one-line tier is only for stacked grids on short screens
TIERS = (HUGE, LARGE, COMPACT)


def panel_width(size: Size) -> int:
    """Three spaces and two gaps, plus padding and border."""
    return board_width(size) + 4


def panel_rows(size: Size) -> int:
    """Three rows of spaces with their edges, two score lines, the frame."""
    return 3 * size.pitch + (2 if size.rows > 1 else 0) + 2


def chrome_rows(size: Size, under_result: bool = False) -> int:
    """The rows above and below the grids when cards are ``size`` (under a result only the
    status line and the prompt: the offer strip and the footer give way to it)."""
    if under_result:
        return CHROME_ROWS - 1
    return CHROME_ROWS + max(size.rows, COMPACT.rows) + 1


@dataclass(frozen=True, slots=True)
class Layout:
    card: Size
    columns: int
    column_widths: str = "1fr"
    row_heights: str = "1fr"
    #: the log's span in grid cells (columns, rows)
    log_span: tuple[int, int] = (1, 1)
    #: how many columns the scoreboard spans, or 0 when there is no room for it
    board_span: int = 0
    #: how many grids come before the log in the grid's order (cells fill in that order)
    log_after: int = 0

    @property
    def large(self) -> bool:
        """Cards of three rows or more, and the offer strip as tall."""
        return self.card.rows >= LARGE.rows

    @property
    def tiny(self) -> bool:
        """One line a card, without the score lines: grids stacked in rows on a short screen."""
        return self.card.rows == 1


def choose_layout(
    seats: int, width: int, height: int, log: bool = True, under_result: bool = False
) -> Layout:
    """The biggest cards that fit: the grids in as few rows as hold them, the log beside them
    or, when that lets the cards grow, under them; failing that, compact panels wrapped into
    rows (one line a card if even those are too tall), the log in what is left.

    ``log`` is False while the log is folded away: its room goes to the grids.
    """
    fitting = fitting_layout(seats, width, height, log, under_result)
    if fitting is not None:
        return fitting
    usable = width - 2
    columns = max(1, min(seats, (usable + 1) // (panel_width(COMPACT) + 1)))
    rows = -(-seats // columns)
    chrome = chrome_rows(COMPACT, under_result)
    size = TINY if rows * panel_rows(COMPACT) > height - chrome else COMPACT
    spare = height - chrome_rows(size, under_result) - rows * panel_rows(size)
    return under(size, seats, columns, spare, log)


def fitting_layout(
    seats: int, width: int, height: int, log: bool = True, under_result: bool = False
) -> Layout | None:
    """``choose_layout``'s layouts with every grid whole and its cards in one of ``TIERS``,
    if one fits (``under_result``: see ``chrome_rows``)."""
    usable = width - 2
    for size in TIERS:
        for columns in range(seats, 0, -1):
            rows = -(-seats // columns)
            row_width = columns * (panel_width(size) + 1) - 1
            spare = height - chrome_rows(size, under_result) - rows * panel_rows(size)
            if spare < 0 or row_width > usable:
                continue
            if log and row_width + 1 + LOG_MIN <= usable:
                return beside(size, seats, columns, spare)
            if spare >= (LOG_BELOW if log else 0):
                return under(size, seats, columns, spare, log)
    return None


def beside(size: Size, seats: int, columns: int, spare: int) -> Layout:
    """Grids in rows of ``columns``, the log down the right (it comes after the first row's
    grids in the grid's order), the scoreboard under the grids if it fits and no cell is left."""
    rows = -(-seats // columns)
    widths = " ".join([str(panel_width(size))] * columns + ["1fr"])
    heights = " ".join(["auto"] * rows + ["1fr"])
    board = columns if spare >= BOARD_ROWS and columns * rows == seats else 0
    return Layout(size, columns + 1, widths, heights, (1, rows + bool(board)), board, columns)


def under(size: Size, seats: int, columns: int, spare: int, log: bool) -> Layout:
    """Grids wrapped into rows of ``columns``; the log (and the scoreboard if it fits) under
    them, or in the cells the last row leaves empty."""
    rows = -(-seats // columns)
    empty = columns * rows - seats
    widths = " ".join([str(panel_width(size))] * (columns - 1) + ["1fr"])
    if empty:
        heights = " ".join(["auto"] * (rows - 1) + ["1fr"])
        return Layout(size, columns, widths, heights, (empty, 1), log_after=seats)
    heights = " ".join(["auto"] * rows + ["1fr"])
    board = (columns - 1 if log else columns) if spare >= BOARD_ROWS and columns >= 2 else 0
    span = (max(1, columns - board), 1)
    return Layout(size, columns, widths, heights, span, board, log_after=seats)


def take_hint(view: PixiesObservation, index: int) -> str:
    """A few characters on where revealed card ``index`` would go for the seat choosing now:
    up on its space (validating a card back there, for its number), or a choice to make."""
    card = view.revealed[index]
    assert view.to_move is not None
    cell = view.grids[view.to_move].cells[card.number - 1]
    if cell.up is None:
        return f"→{cell.space} ✓+{card.number}" if cell.down else f"→{cell.space} up"
    return "↓ down" if cell.down else f"→{card.number} n/o"
