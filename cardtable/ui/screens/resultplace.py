"""Where a result panel goes beside a game's boards, worked out before it is drawn.

The table under a result answers one question from its own layout arithmetic: how its boards
are drawn in a given room (their tier, say), or that they cannot all show whole there. From
that alone the panel is placed once, on its first frame: down the right edge when the boards fit
beside it, else as a banner along the bottom with as many rows of its body as leave the boards
as large as they would be without it, else beside them as narrow as it may be. Nothing is
measured on the screen, so nothing waits for the table to lay itself out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from textual.geometry import Size

Where = Literal["side", "below"]

#: a banner's rows besides its body: the rule above it, the verdict, the buttons
BANNER_FRAME = 3
#: a side panel's rows besides its body: its border, the verdict, the gap and the buttons
#: (up to three, one above another), and the gap above them
SIDE_FRAME = 7
#: the row the panel's key footer takes at the bottom of the screen
FOOTER = 1
#: the narrowest side panel worth having
SIDE_MIN = 30


@runtime_checkable
class RoomForResult(Protocol):
    """What a result panel asks of the table beneath it."""

    def boards_in(self, room: Size) -> Hashable | None:
        """How the boards are drawn when the table has ``room`` under a result (its log,
        buttons and footer hidden), or None when they cannot all show whole in it."""

    def reserve(self, padding: tuple[int, int, int, int] | None) -> None:
        """Keep ``padding`` (top, right, bottom, left) free for the panel and lay the boards
        out in the rest; None gives the table its whole screen back."""


@dataclass(frozen=True, slots=True)
class Place:
    """A result panel's place: ``side`` columns down the right edge, or a banner whose body
    shows ``body_rows`` rows (it scrolls when it has more)."""

    where: Where
    side: int = 0
    body_rows: int = 0

    @property
    def padding(self) -> tuple[int, int, int, int]:
        """What the table keeps free for the panel and its footer."""
        if self.where == "side":
            return (0, self.side, FOOTER, 0)
        return (0, 0, BANNER_FRAME + self.body_rows + FOOTER, 0)


def place_result(
    screen: Size,
    side_width: int,
    body_lines: Callable[[int], int],
    boards_in: Callable[[Size], Hashable | None],
) -> Place:
    """The panel's place on ``screen``, the boards kept as they are drawn on the whole of it
    if it can be: beside them at ``side_width``; else below them, its body given the rows they
    can spare (at least a third of the screen's, when its lines need them, the boards drawn
    smaller for it) of the ``body_lines(width)`` it has at that width; else beside them as
    narrow as they fit; else a banner as tall as leaves them whole."""
    width, height = screen
    rows = height - FOOTER
    side = min(side_width, width)
    whole = boards_in(Size(width, rows))
    if whole is not None and boards_in(Size(width - side, rows)) == whole:
        return Place("side", side, rows - SIDE_FRAME)

    def banner_room(body: int) -> Size:
        return Size(width, rows - BANNER_FRAME - body)

    def most_that_fit(body: int) -> int:
        """The most rows up to ``body`` a banner's body may take with the boards whole."""
        fits = (n for n in range(body, 0, -1) if boards_in(banner_room(n)) is not None)
        return next(fits, 0)

    lines = body_lines(width - 2)  # the banner's padding
    as_drawn = boards_in(banner_room(0))
    if as_drawn is not None and as_drawn == whole:
        most = min(lines, height // 2 - BANNER_FRAME)
        kept = next(body for body in range(most, -1, -1) if boards_in(banner_room(body)) == whole)
        wanted = min(lines, height // 3 - BANNER_FRAME)
        if kept < wanted:  # smaller boards for a banner of a third of the screen
            kept = max(kept, most_that_fit(wanted))
        return Place("below", body_rows=kept)
    for narrower in range(side, SIDE_MIN - 1, -1):
        if boards_in(Size(width - narrower, rows)) is not None:
            return Place("side", narrower, rows - SIDE_FRAME)
    return Place("below", body_rows=most_that_fit(min(lines, height // 3 - BANNER_FRAME)))
