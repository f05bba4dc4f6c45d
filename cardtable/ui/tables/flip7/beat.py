"""The beat before each card's face: a card a move flips shows its back for a moment, then its
face, one after another, and the log holds the move's lines until the last has turned (a line
naming a card before it turned would spoil it). Nothing waits for it when animations are off.

The table owns one ``Beat`` and tells it of each move; the beat asks the table only for what
the ``Beaten`` protocol names: to wait a beat, to log lines, and to draw itself again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from textual.timer import Timer

from cardtable.ui.tables.flip7.events import Flip
from cardtable.ui.tables.flip7.text import BEAT


class Beaten(Protocol):
    """What the beat needs of its table."""

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Timer: ...

    def log_lines(self, lines: tuple[str, ...]) -> None: ...

    def redraw(self) -> None: ...


class Beat:
    """The flips still face down, in order, and the log lines waiting for them."""

    def __init__(self, table: Beaten) -> None:
        self.table = table
        self.face_down: list[Flip] = []
        self.held: list[str] = []
        #: a move's lines wait for its flips (animations are on)
        self.holding = False
        #: a move was made whose flips have not started turning over
        self.fresh = False
        self._timer: Timer | None = None

    def reset(self) -> None:
        """Forget the last game's flips and lines (the table's next game begins)."""
        if self._timer is not None:
            self._timer.stop()
        self.face_down, self.held, self.holding, self._timer = [], [], False, None

    def hidden(self, seat: int) -> list[Flip]:
        """``seat``'s flips still face down."""
        return [flip for flip in self.face_down if flip.seat == seat]

    def moved(self, animate: bool) -> None:
        """A move is about to be shown: the last one's lines go to the log, this one's wait."""
        self.flush()
        self.fresh, self.holding = True, animate

    def hold(self, lines: Sequence[str]) -> bool:
        """Keep a move's lines until its flips have turned; False when nothing waits."""
        if self.holding:
            self.held.extend(lines)
        return self.holding

    def flush(self) -> None:
        """Log the lines held back."""
        held, self.held, self.holding = self.held, [], False
        if held:
            self.table.log_lines(tuple(held))

    def start(self, flips: list[Flip]) -> None:
        """Turn ``flips`` over a beat apart (none: the held lines go to the log at once)."""
        self.fresh = False
        if self._timer is not None:
            self._timer.stop()
        self.face_down = flips
        if flips:
            self._timer = self.table.set_timer(BEAT, self.turn_next)
        else:
            self.flush()

    def turn_next(self) -> None:
        """The next card turns over (what the timer does after each beat)."""
        if self.face_down:
            self.face_down.pop(0)
        if self.face_down:
            self._timer = self.table.set_timer(BEAT, self.turn_next)
        else:
            self.flush()
        self.table.redraw()
