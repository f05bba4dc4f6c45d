"""Stepping through a replay: a move at a time, or a set or round at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.session import ReplaySession
from cardtable.ui.widgets.log import MoveLog

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen

#: the table actions that move through a replay: live only there, and listed as its keys
ACTIONS = ("step", "step_to", "jump")


def replay_of(table: TableScreen) -> ReplaySession:
    """The table's replay: the keys that step through one are live only on a replay's table."""
    session = table.session
    assert isinstance(session, ReplaySession), "a replay key on a table that is no replay"
    return session


def round_marks(table: TableScreen) -> tuple[int, ...]:
    """The moves after which a new set or round is dealt, over the whole replay: the deal
    that follows a set's end as a step of its own, or the move that ended it and dealt too."""
    replay = replay_of(table)
    ends = table.ROUND_ENDS
    return tuple(
        ply + 1 if ply + 1 in replay.deals else ply
        for ply, batch in enumerate(replay.all_events)
        if ply and any(isinstance(e, ends) for e in batch)
    )


def jump(table: TableScreen, delta: int) -> None:
    """To the start of the next set or round, or back to the start of this or the last one."""
    ply, marks = table.session.ply, round_marks(table)
    if delta > 0:
        target = next((m for m in marks if m > ply), -1)
    else:
        target = max((m for m in marks if m < ply), default=0)
    step_to(table, target)


def step_to(table: TableScreen, step: int) -> None:
    """Rebuild the position after ``step`` actions and show its events as they happened."""
    replay_of(table).step_to(step)
    table.query_one(MoveLog).clear()
    table.log_lines(table.session.log_lines())
    table.redraw()


def open_hand(table: TableScreen, seat: int) -> Any | None:
    """``seat``'s own view, to draw its hand face up, when the replay lays every hand open (the
    game is over); None otherwise: hidden hands stay hidden."""
    session = table.session
    if isinstance(session, ReplaySession) and session.open_hands:
        return session.seen_by(seat)
    return None
