"""One contract for every session: a game held here (against a bot, or hot-seat), a finished
game replayed, and a game held by a server (a real one on 127.0.0.1) keep the same promises to
the table that draws them.

Each kind is driven through the seam alone, one step at a time (a move, or a replay's step
forward), and checked at every step: what the seat sees and may do, the log as its reader may
read it, a refusal that changes nothing, the end of the game, and silence once closed. A
promise a kind does not make (a replay takes no move) is stated by the session's own flags.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.pazaak.actions import PlaySide
from cardtable.games.pazaak.events import SetStarted, SetVoid, SetWon
from cardtable.games.registry import GAMES
from cardtable.online.server import Limits
from cardtable.session import (
    Change,
    HandOff,
    LocalSession,
    Moved,
    Refused,
    ReplaySession,
    Session,
)
from tests.online.conftest import Running
from tests.waits import until

SPEC = GAMES["pazaak"]
SEED = 3
SEATS = (Seat("You"), Seat("Revan", "easy"))
#: a move no position allows: there is never a tenth card in a Pazaak hand
NEVER_LEGAL = PlaySide(9, 1)
KINDS = ("local", "hotseat", "replay", "remote")
HOT_SEATS = (Seat("Ann"), Seat("Bo"))


def run_now(job: Callable[[], None]) -> None:
    job()


@dataclass
class Seam:
    """A session of one kind, what it has told its table, and how to move it on one step."""

    kind: str
    session: Session
    heard: list[Change] = field(default_factory=list)

    async def until(self, check: Callable[[], bool], what: str) -> None:
        """Wait, bounded, for ``check()`` (at once for a session held in this process)."""
        await until(check, f"{self.kind}: {what}")

    def take_the_keyboard(self) -> None:
        """Hot-seat: the person to move sits down, as after the hand-off screen."""
        session = self.session
        if session.hotseat and not session.my_turn and session.to_move is not None:
            session.proceed()
            assert self.heard[-1] == HandOff(session.to_move) and session.viewer is None
            session.take_seat(session.to_move)

    async def step(self) -> None:
        """One step on: the person's first playable move, a bot's move, or a replay's next."""
        session, ply = self.session, self.session.ply
        self.take_the_keyboard()
        if isinstance(session, ReplaySession):
            session.step_to(ply + 1)
        elif session.my_turn:
            session.submit(session.playable()[0])
        else:
            session.proceed()
        await self.until(lambda: session.ply > ply or session.is_over, "the next step")

    def final_match(self) -> Match:
        """The whole game, as the session holds it once over."""
        match = self.session.match
        assert match is not None and match.is_over, f"{self.kind}: the game is not kept"
        return match


def finished_match() -> Match:
    """The game a replay shows: the local kind's game, played to its end here."""
    session = LocalSession.new(SPEC, SPEC.rules.default_config(2), SEATS, SEED)
    session.connect(lambda change: None, run_now)  # a bot's move lands through a listener
    session.background, session.bot_pause = run_now, 0
    while not session.is_over:
        session.submit(session.playable()[0]) if session.my_turn else session.proceed()
    return session.match


@pytest.fixture(params=KINDS)
async def seam(request, tmp_path: Path) -> AsyncIterator[Seam]:
    kind = request.param
    if kind == "remote":
        server = Running(tmp_path / "server.sqlite3", Limits(grace=0.3, bot_pause=0.0))
        await server.start()
        seats = ["human", "easy"]
        [session] = await server.table(SPEC.id, seats)
    elif kind == "replay":
        session = ReplaySession(SPEC, finished_match(), SEATS)
    else:
        seats = HOT_SEATS if kind == "hotseat" else SEATS
        session = LocalSession.new(SPEC, SPEC.rules.default_config(2), seats, SEED)
    found = Seam(kind, session)
    session.connect(found.heard.append, run_now)
    session.background, session.bot_pause = run_now, 0
    yield found
    session.close()
    if kind == "remote":
        await server.stop()


def check_the_promises_of_a_position(seam: Seam) -> None:
    s, kind = seam.session, seam.kind
    assert (s.outcome is not None) == s.is_over, kind
    if s.to_move is None and not s.is_over:  # a set has ended: its boards stand, nobody moves
        assert not s.my_turn and s.playable() == (), f"{kind}: the next deal is nobody's move"
        assert s.observe().last_set is not None, f"{kind}: the set's result is on the table"
    assert SPEC.min_seats <= len(s.seats) <= SPEC.max_seats, kind
    assert len(s.history()) == s.ply + 1, f"{kind}: the opening deal, then one entry a move"
    if s.my_turn:
        assert s.to_move == s.viewer and s.viewer in s.my_seats, kind
        assert s.playable(), f"{kind}: the seat to move has a move"
    else:
        assert s.playable() == (), f"{kind}: only the seat to move may play"
    if s.is_replay:
        assert s.playable() == (), kind


async def test_every_position_keeps_the_promises_and_the_game_reaches_its_end(seam):
    s = seam.session
    for _ in range(500):
        check_the_promises_of_a_position(seam)
        if s.is_over:
            break
        await seam.step()
    assert s.is_over, f"{seam.kind}: the game did not end through the seam"
    check_the_promises_of_a_position(seam)
    assert s.seed is not None, f"{seam.kind}: the seed is told once the game is over"


async def test_the_seat_sees_and_reads_what_the_rules_give_it(seam):
    while not seam.session.is_over:
        await seam.step()
    s, rules, match = seam.session, SPEC.rules, seam.final_match()
    assert s.observe() == rules.observe(match.state, s.viewer)
    assert s.config == match.config
    reader = s.log_viewer  # a hot-seat log is public: nobody's eyes but the table's
    assert reader == (None if s.hotseat else s.viewer)
    told = [tuple(rules.event_for(e, reader) for e in events) for events in match.events]
    assert [tuple(events) for events in s.history()] == told
    lines = [rules.describe(e, reader) for events in match.events for e in events]
    assert list(s.log_lines()) == [line for line in lines if line]


async def test_a_move_that_is_not_allowed_is_refused_with_a_reason_and_changes_nothing(seam):
    s = seam.session
    seam.take_the_keyboard()
    await seam.until(lambda: s.my_turn or s.is_replay, "the person's turn")
    before = (s.ply, s.observe(), s.log_lines(), s.playable())
    told = len(seam.heard)
    s.submit(NEVER_LEGAL)
    await seam.until(lambda: len(seam.heard) > told, "the answer")
    assert [type(change) for change in seam.heard[told:]] == [Refused]
    assert seam.heard[-1].reason.strip()
    assert (s.ply, s.observe(), s.log_lines(), s.playable()) == before


async def test_each_step_adds_its_lines_to_the_log_and_a_move_is_told_with_them(seam):
    s = seam.session
    told, start = len(seam.heard), s.log_lines()
    for _ in range(6):
        lines = s.log_lines()
        await seam.step()
        assert s.log_lines()[: len(lines)] == lines, f"{seam.kind}: the log only grows"
    moved = [c for c in seam.heard[told:] if isinstance(c, Moved)]
    if s.is_replay:
        assert moved == [], "a replay is stepped by its table and tells it of no move"
        assert len(s.log_lines()) > len(start)
    else:
        assert moved and all(c.events for c in moved)
        assert tuple(line for c in moved for line in c.lines) == s.log_lines()[len(start) :]


async def test_a_closed_session_tells_its_table_nothing_more(seam):
    s = seam.session
    s.close()
    told = len(seam.heard)
    s.submit(NEVER_LEGAL)
    s.proceed()
    await asyncio.sleep(0)  # a message already on its way would land now
    assert len(seam.heard) == told


async def test_a_set_that_ends_stands_until_the_next_deal_comes_as_a_step_of_its_own(seam):
    """The set's last move leaves the boards as they ended for the table to show; the next
    deal is a step of its own (a replay's next step, or what ``proceed`` lets happen)."""
    s = seam.session
    for _ in range(500):
        if s.to_move is None and not s.is_over:
            break
        await seam.step()
    assert s.to_move is None and not s.is_over, f"{seam.kind}: no set ended"
    ended = s.observe()
    assert ended.last_set is not None and ended.to_move is None
    assert any(board.cards for board in ended.boards), "the boards stand as the set ended"
    ply, told = s.ply, len(seam.heard)
    await seam.step()
    # a server may have played on meanwhile (a bot's move), told once the deal has been
    assert s.ply > ply and s.observe().set_number == ended.set_number + 1
    deal = s.history()[ply + 1]
    assert deal[0] == SetStarted(ended.set_number + 1, s.observe().opener)
    assert not [e for e in deal if isinstance(e, SetWon | SetVoid)], "the deal ends no set"
    if not s.is_replay:
        told_moves = [c.events for c in seam.heard[told:] if isinstance(c, Moved)]
        assert told_moves[0] == deal, f"{seam.kind}: the deal is told as a move of its own"
