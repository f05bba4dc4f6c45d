"""Where things go on the Pixies table, and two views the table derives from the core's events.

``choose_layout`` fits 2 players in 80×24 and 5 in 120×40: big cards when every grid and a log
fit side by side, compact ones otherwise, with the panels wrapped into rows and the log taking
whatever is left. The two helpers read events the core already made (never the rules): what a
take would do, for the hints under the revealed cards, and how the grids looked when a round
ended, for the table behind the round summary.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardtable.games.pixies.events import (
    CardPlaced,
    DuplicateSettled,
    PlacedFaceDown,
    RoundEnded,
)
from cardtable.games.pixies.state import Phase
from cardtable.games.pixies.view import CellView, GridView, PixiesObservation

#: a panel's width: three spaces and two gaps, plus padding and border
COMPACT_PANEL, LARGE_PANEL = 36, 42
#: the narrowest log worth putting beside the grids
LOG_MIN = 26
#: terminal rows from which the big cards fit with the offer row and a log
LARGE_HEIGHT = 30
#: terminal rows from which a scoreboard fits under the grids
BOARD_HEIGHT = 30
#: rows besides the grids: status line, prompt, offer strip, footer
CHROME_ROWS = 1 + 1 + 3 + 1
#: a compact panel's rows (three card rows with their edges, two score lines, the frame)
COMPACT_ROWS = 9 + 2 + 2


@dataclass(frozen=True, slots=True)
class Layout:
    large: bool
    columns: int
    column_widths: str = "1fr"
    row_heights: str = "1fr"
    #: the log's span in grid cells (columns, rows)
    log_span: tuple[int, int] = (1, 1)
    #: how many columns the scoreboard spans, or 0 when there is no room for it
    board_span: int = 0
    #: one line a card, without the score lines: for grids stacked in rows on a short screen
    tiny: bool = False


def choose_layout(seats: int, width: int, height: int) -> Layout:
    """Big cards if all grids and a log fit in a row; else compact panels wrapped in rows.

    Grid cells fill in order (panels, log, scoreboard); beside the grids the log runs down two
    rows and the scoreboard sits under the panels.
    """
    usable = width - 2
    large = height >= LARGE_HEIGHT and seats * (LARGE_PANEL + 1) + LOG_MIN <= usable
    panel = LARGE_PANEL if large else COMPACT_PANEL
    if seats * (panel + 1) + LOG_MIN <= usable:
        widths = " ".join([str(panel)] * seats + ["1fr"])
        board = seats if height >= BOARD_HEIGHT else 0
        return Layout(large, seats + 1, widths, "auto 1fr", (1, 2 if board else 1), board)
    columns = max(1, min(seats, (usable + 1) // (panel + 1)))
    rows = -(-seats // columns)
    tiny = not large and rows * COMPACT_ROWS > height - CHROME_ROWS
    spare = columns * rows - seats
    widths = " ".join([str(panel)] * (columns - 1) + ["1fr"])
    if spare:
        heights = " ".join(["auto"] * (rows - 1) + ["1fr"])
        return Layout(large, columns, widths, heights, (spare, 1), tiny=tiny)
    heights = " ".join(["auto"] * rows + ["1fr"])
    board = columns - 1 if columns >= 3 and height >= BOARD_HEIGHT else 0
    return Layout(large, columns, widths, heights, (columns - board, 1), board, tiny)


def take_hint(view: PixiesObservation, index: int) -> str:
    """A few characters on where revealed card ``index`` would go for the seat choosing now:
    up on its space (validating a card back there, for its number), or a choice to make."""
    card = view.revealed[index]
    assert view.to_move is not None
    cell = view.grids[view.to_move].cells[card.number - 1]
    if cell.up is None:
        return f"→{cell.space} ✓+{card.number}" if cell.down else f"→{cell.space} up"
    return "↓ down" if cell.down else f"→{card.number} n/o"


def _settle(cells: list[CellView], event: Any) -> None:
    """Lay one placement event's card on a list of a grid's cells."""
    if isinstance(event, CardPlaced):
        old = cells[event.space - 1]
        cells[event.space - 1] = CellView(event.space, event.card, old.down)
    elif isinstance(event, DuplicateSettled):
        cells[event.space - 1] = CellView(event.space, event.kept, True)
    elif isinstance(event, PlacedFaceDown):
        old = cells[event.space - 1]
        cells[event.space - 1] = CellView(event.space, old.up, True)


def end_of_round_view(before: PixiesObservation, events: tuple[Any, ...]) -> PixiesObservation:
    """The grids as the round ended: the view before the last move, that move, and the scores.

    The core goes straight on to the next deal, so the last placement is played back from its
    event and each grid's score is the round's official breakdown.
    """
    ended = next(e for e in events if isinstance(e, RoundEnded))
    grids: list[GridView] = []
    for seat, grid in enumerate(before.grids):
        cells = list(grid.cells)
        for event in events:
            if getattr(event, "seat", None) == seat:
                _settle(cells, event)
        full = all(not c.empty for c in cells)
        grids.append(GridView(tuple(cells), ended.scores[seat], full))
    return replace(
        before,
        grids=tuple(grids),
        revealed=(),
        pending=None,
        to_move=None,
        pickers=(),
        phase=Phase.OVER,
        round_scores=(*before.round_scores, ended.scores),
    )
