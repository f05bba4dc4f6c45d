"""How big the Pazu-Pazaak boards can be for this many seats in this terminal, and where they go.

Three densities, tried largest first: ``large`` (Pazaak's own 3×3 board of full cards), ``strip``
(the nine places in one row of small framed cards) and ``line`` (one text line of card faces).
3 players fit 80×24 as strips, 4–6 as lines; 6 fit 120×40 as large boards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: rows the screen keeps for itself besides the hand: status line, pots line, footer
CHROME_ROWS = 1 + 1 + 1
#: columns the hand's caption (a column clear of the first card) and padding take
HAND_CHROME = 18 + 2
#: per density, a hand card's (columns, lines): framed cards, or one text line each when tight
HAND_CELLS = {"large": (9, 3), "strip": (8, 3), "line": (7, 1)}
#: the narrowest side column that still reads as a log
MIN_SIDE = 28
#: (width, height) of one board panel, border included, per density
BOARD_SIZES = {"large": (30, 12), "strip": (49, 5), "line": (39, 3)}


@dataclass(frozen=True)
class Layout:
    density: str
    columns: int
    rows: int
    #: width of the board grid (the auction panel takes at least this much too)
    boards_width: int
    #: the width the auction panel gets in place of the boards
    auction_width: int

    @property
    def small(self) -> bool:
        """Tight terminals get one-line buttons and inputs and narrower hand cards."""
        return self.density != "large"


def preferred_columns(seats: int) -> tuple[int, ...]:
    """Round-table shapes first (3 in a row; 4 as 2+2; 5 as 3+2; 6 as 3+3), then any."""
    best = seats if seats <= 3 else math.ceil(seats / 2)
    return (best, *(c for c in range(1, seats + 1) if c != best))


def cards_per_row(density: str, width: int) -> int:
    """How many hand cards one row of a hand ``width`` columns wide holds."""
    return max(1, (width - HAND_CHROME) // HAND_CELLS[density][0])


def hand_lines(density: str, width: int, cards: int) -> int:
    """Lines the hand takes: every card shows, in as many rows as it needs (the caption needs
    two lines at least, three beside framed cards)."""
    rows = max(1, -(-cards // cards_per_row(density, width)))
    return rows * 3 if HAND_CELLS[density][1] == 3 else max(2, rows)


def fitting_layout(
    seats: int, width: int, height: int, hand: int = 4, footer: bool = True
) -> Layout | None:
    """The largest density, and its round-table shape, that fits beside a readable log above a
    hand of ``hand`` cards, if any does (``footer``: the screen's key footer takes a row)."""
    chrome = CHROME_ROWS if footer else CHROME_ROWS - 1
    for density, (board_w, board_h) in BOARD_SIZES.items():
        rows_free = height - chrome - hand_lines(density, width, hand)
        for columns in preferred_columns(seats):
            rows = math.ceil(seats / columns)
            used = columns * board_w
            if rows * board_h <= rows_free and used + MIN_SIDE <= width:
                return _layout(density, columns, rows, used, width)
    return None


def choose_layout(
    seats: int, width: int, height: int, hand: int = 4, footer: bool = True
) -> Layout:
    """``fitting_layout``, or one line a board in one column when nothing fits."""
    fitting = fitting_layout(seats, width, height, hand, footer)
    return fitting or _layout("line", 1, seats, BOARD_SIZES["line"][0], width)


def _layout(density: str, columns: int, rows: int, used: int, width: int) -> Layout:
    auction = max(used, min(width - MIN_SIDE, 90))
    return Layout(density, columns, rows, used, auction)
