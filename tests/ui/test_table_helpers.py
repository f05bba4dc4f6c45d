"""The table's helpers that need no screen: the hint key's offer and a replay's set-by-set
jumps are read from the session alone, and only a finished game's replay lays hands open."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.core.seats import Seat
from cardtable.games.pazaak.events import SetVoid, SetWon
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession, ReplaySession
from cardtable.ui.tables import hinting, replaying

SPEC = GAMES["pazaak"]
SEATS = (Seat("You"), Seat("Revan", "easy"))
ENDS = (SetWon, SetVoid)


def run_now(job: Callable[[], None]) -> None:
    job()


def played(seed: int = 3, to_end: bool = True) -> LocalSession:
    """A game against the easy bot, the person always taking their first legal move."""
    session = LocalSession.new(SPEC, SPEC.rules.default_config(2), SEATS, seed)
    session.connect(lambda change: None, run_now)
    session.background, session.bot_pause = run_now, 0
    while to_end and not session.is_over:
        session.submit(session.playable()[0]) if session.my_turn else session.proceed()
    return session


def test_the_hint_key_is_offered_on_the_persons_turn_dimmed_on_a_bots_and_never_in_a_replay():
    session = played(to_end=False)
    while not session.my_turn:
        session.proceed()
    assert hinting.hint_offered(session) is True
    session.submit(session.playable()[0])
    if not session.is_over and not session.my_turn:
        assert hinting.hint_offered(session) is None
    over = played()
    assert hinting.hint_offered(over) is False
    assert hinting.hint_offered(ReplaySession(SPEC, over.match, SEATS)) is False


def test_a_replay_jumps_to_each_new_set_and_back():
    replay = ReplaySession(SPEC, played().match, SEATS)
    marks = replaying.round_marks(replay, ENDS)
    assert marks and list(marks) == sorted(set(marks))
    for mark in marks:  # each mark starts a set (someone is to move in a fresh deal), or is
        replay.step_to(mark)  # the end of the match
        assert replay.to_move is not None or replay.is_over
        replay.step_to(mark - 1)  # the step before shows the last set as it ended
        ended = any(isinstance(e, ENDS) for e in replay.all_events[mark])
        assert replay.between_deals or ended, f"step {mark - 1} is not a set's end"
    replay.step_to(0)
    assert replaying.jump_target(replay, ENDS, 1) == marks[0]
    replay.step_to(marks[-1])
    assert replaying.jump_target(replay, ENDS, 1) == -1  # past the last set: the end
    assert replaying.jump_target(replay, ENDS, -1) == (marks[-2] if len(marks) > 1 else 0)


def test_only_a_finished_games_replay_lays_the_hands_open():
    session = played()
    assert session.open_hand(1) is None  # the game held here: the bot's hand stays hidden
    replay = ReplaySession(SPEC, session.match, SEATS)
    replay.step_to(1)
    assert replay.open_hand(1) is not None and replay.open_hand(1).hand is not None
    half = played(to_end=False)
    while half.ply < 4:
        half.submit(half.playable()[0]) if half.my_turn else half.proceed()
    assert ReplaySession(SPEC, half.match, SEATS).open_hand(1) is None
