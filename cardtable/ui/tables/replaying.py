"""Stepping through a replay: a move at a time, or a set or round at a time.

Pure functions of the replay: the table steps it (``ReplaySession.step_to``) and draws what it
then shows; these say where a key takes it.
"""

from __future__ import annotations

from cardtable.session import ReplaySession, Session

#: the table actions that move through a replay: live only there, and listed as its keys
ACTIONS = ("step", "step_to", "jump")


def replay_of(session: Session) -> ReplaySession:
    """The table's replay: the keys that step through one are live only on a replay's table."""
    assert isinstance(session, ReplaySession), "a replay key on a table that is no replay"
    return session


def round_marks(replay: ReplaySession, ends: tuple[type, ...]) -> tuple[int, ...]:
    """The moves after which a new set or round is dealt, over the whole replay (``ends``: the
    events that end one): the deal that follows a set's end as a step of its own, or the move
    that ended it and dealt too."""
    return tuple(
        ply + 1 if ply + 1 in replay.deals else ply
        for ply, batch in enumerate(replay.all_events)
        if ply and any(isinstance(e, ends) for e in batch)
    )


def jump_target(replay: ReplaySession, ends: tuple[type, ...], delta: int) -> int:
    """The step at the start of the next set or round (-1, the end, after the last one), or at
    the start of this or the last one."""
    ply, marks = replay.ply, round_marks(replay, ends)
    if delta > 0:
        return next((m for m in marks if m > ply), -1)
    return max((m for m in marks if m < ply), default=0)
