"""A policy seat at a local table: it plays like a bot, and an illegal choice is refused in words."""

from __future__ import annotations

from cardtable.core.seats import Seat
from cardtable.games.registry import get
from cardtable.session import LocalSession, Moved, Refused

FIRST = "policy:tests.tools.policies:first_legal"
RESIGNS = "policy:tests.tools.policies:resigns"


def session_with(policy: str, changes: list) -> LocalSession:
    """A table whose bots decide at once; their moves land when ``step`` runs, as on a UI loop."""
    spec = get("pazaak")
    seats = (Seat("Agent", policy), Seat("Rival", "easy"))
    session = LocalSession.new(spec, spec.rules.default_config(2), seats, 3)
    session.bot_pause = 0
    session.background = lambda job: job()  # decide on this thread
    queued: list = []
    session.connect(changes.append, queued.append)

    def step() -> None:
        for _ in range(100):  # callbacks may queue more; a table's loop runs them all in turn
            if not queued:
                return
            queued.pop(0)()

    session.step = step  # type: ignore[attr-defined]
    return session


def test_a_policy_seat_moves_like_a_bot():
    changes: list = []
    session = session_with(FIRST, changes)
    for _ in range(20):
        session.proceed()
        session.step()
    assert session.ply >= 2 and any(isinstance(c, Moved) for c in changes)
    assert not any(isinstance(c, Refused) for c in changes)


def test_an_illegal_policy_move_is_refused_and_changes_nothing():
    changes: list = []
    session = session_with(RESIGNS, changes)
    for _ in range(20):  # the easy bot may open; then the policy's turn comes
        if session.to_move == 0:
            break
        session.proceed()
        session.step()
    assert session.to_move == 0
    ply = session.ply
    session.proceed()
    session.step()
    refusals = [c.reason for c in changes if isinstance(c, Refused)]
    assert session.ply == ply and session.thinking is None
    assert refusals and "tests.tools.policies:resigns" in refusals[-1]
    assert "not a legal move" in refusals[-1]
