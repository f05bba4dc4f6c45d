"""The session seam without a screen: what a table is told, and what it may do."""

from __future__ import annotations

from cardtable.core.seats import Seat
from cardtable.games.pazaak.actions import EndTurn, PlaySide, Stand
from cardtable.games.registry import GAMES
from cardtable.session import HandOff, LocalSession, Moved, Refused, ReplaySession, Thinking

PAZAAK = GAMES["pazaak"]


def run_now(job):
    job()


def listen(session):
    """Connect a listener that runs everything at once, on this thread; return what it heard."""
    heard: list = []
    session.connect(heard.append, run_now)
    session.background = run_now
    session.bot_pause = 0
    return heard


def test_a_refused_action_changes_nothing_and_says_why():
    session = LocalSession.new(PAZAAK, PAZAAK.rules.default_config(2), (Seat("You"), Seat("Bo")), 3)
    heard = listen(session)
    session.take_seat(session.to_move)
    before = (session.match.state, session.ply, session.log_lines())
    session.submit(PlaySide(9, 1))  # there is no tenth hand card
    assert len(heard) == 1 and isinstance(heard[0], Refused) and heard[0].reason
    assert (session.match.state, session.ply, session.log_lines()) == before


def test_a_move_tells_the_table_its_events_and_log_lines():
    session = LocalSession.new(
        PAZAAK, PAZAAK.rules.default_config(2), (Seat("You"), Seat("Bo", "easy")), 3
    )
    heard = listen(session)
    assert session.viewer == 0 and session.my_turn == (session.to_move == 0)
    saved = []
    session.keep(saved.append)
    session.take_seat(session.to_move)
    session.submit(Stand() if Stand() in session.playable() else EndTurn())
    moved = [c for c in heard if isinstance(c, Moved)]
    assert len(moved) == 1 and moved[0].events and moved[0].lines
    assert saved == [session]  # the game saved itself after the move


def test_a_bot_thinks_in_the_background_and_moves_through_the_listener():
    session = LocalSession.new(
        PAZAAK, PAZAAK.rules.default_config(2), (Seat("Ann", "easy"), Seat("Bo", "easy")), 5
    )
    heard = listen(session)
    for _ in range(400):
        if session.is_over:
            break
        session.proceed()
    assert session.is_over and session.outcome is not None
    assert any(isinstance(c, Thinking) and c.seat is not None for c in heard)
    assert sum(isinstance(c, Moved) for c in heard) == session.ply


def test_hot_seat_hands_the_keyboard_over_and_shows_nobody_meanwhile():
    session = LocalSession.new(PAZAAK, PAZAAK.rules.default_config(2), (Seat("Ann"), Seat("Bo")), 5)
    heard = listen(session)
    assert session.hotseat and session.viewer is None and session.log_viewer is None
    assert session.playable() == ()  # nobody's cards are shown, nobody may act
    session.proceed()
    assert heard == [HandOff(session.to_move)] and session.viewer is None
    session.take_seat(session.to_move)
    assert session.playable()


def test_a_replay_steps_through_the_game_and_refuses_moves():
    session = LocalSession.new(
        PAZAAK, PAZAAK.rules.default_config(2), (Seat("Ann", "easy"), Seat("Bo", "easy")), 7
    )
    listen(session)
    for _ in range(400):
        if session.is_over:
            break
        session.proceed()
    replay = ReplaySession(PAZAAK, session.match, session.seats)
    heard = listen(replay)
    assert replay.total == session.ply and replay.ply == 0  # a replay starts at the first deal
    assert replay.playable() == ()
    replay.submit(Stand())
    assert isinstance(heard[-1], Refused) and replay.ply == 0
    replay.step_to(-1)
    assert replay.ply == replay.total and replay.is_over
