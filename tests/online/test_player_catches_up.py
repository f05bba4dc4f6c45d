"""A player's app that drops and comes back finds the table gone on without it: what it is told in
one go on its return (a fresh update) may end a set and the match together."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from cardtable.online.botclient import BotSeat
from cardtable.online.protocol import Update, parse_server
from cardtable.online.remote import RemoteSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.widgets.log import MoveLog
from tests.online.apps import ANN_HOSTS, joiner, table_of
from tests.online.conftest import PATIENCE, Running, until
from tests.online.test_watch_app import ends_a_set, record_set_toasts

#: an address nothing listens on: a session sent there cannot get back to the server
NOWHERE = "ws://127.0.0.1:1"


class Line:
    """A session's line to the server, cut and given back by the test: cut, the session cannot
    reach the server (it dials again and again, as a person's app does); given back, it gets
    through at its next try and resumes its seat by its token."""

    def __init__(self, session: RemoteSession) -> None:
        self.session = session
        self.url = session.link.url

    async def cut(self) -> None:
        link = self.session.link
        link.url = NOWHERE
        ws = await until(lambda: link.ws, "the line up")
        await ws.close()
        await until(lambda: not link.connected, "the line down")

    async def give_back(self, told: Callable[[], bool]) -> None:
        """Let the session through again, and wait until it has been ``told`` what it missed."""
        self.session.link.url = self.url
        await until(lambda: self.session.link.connected and told(), "the session back")


class Stalled:
    """A session that stops hearing the server once ``stop_at`` says so of a frame: the frames
    wait until ``go_on``. A bot in its seat, told nothing more, moves no more; the others wait
    for it."""

    def __init__(self, session: RemoteSession, stop_at: Callable[[str | bytes], bool]) -> None:
        self.session, self.stop_at = session, stop_at
        self.read = session.heard
        self.waiting: list[str | bytes] = []
        session.heard = self.heard  # type: ignore[method-assign]

    def heard(self, raw: str | bytes) -> None:
        if self.waiting or self.stop_at(raw):
            self.waiting.append(raw)
        else:
            self.read(raw)

    @property
    def ply(self) -> int:
        """How many moves the server had played when the session stopped hearing it."""
        told = parse_server(self.waiting[0])
        assert isinstance(told, Update)
        return told.ply

    def go_on(self) -> None:
        self.session.heard = self.read  # type: ignore[method-assign]
        for raw in self.waiting:
            self.read(raw)


def after_a_set(seat: int) -> Callable[[str | bytes], bool]:
    """Stop at the first frame, after one that ended a set, that puts ``seat`` to move."""
    ended = False

    def stop_at(raw: str | bytes) -> bool:
        nonlocal ended
        told = parse_server(raw)
        if not isinstance(told, Update):
            return False
        if ends_a_set(raw):
            ended = True
        return ended and told.to_move == seat and told.outcome is None

    return stop_at


async def test_a_player_back_to_a_set_result_and_the_match_end_sees_one_match_box(
    server: Running,
) -> None:
    """Ann's line drops mid-set; a stand-in plays her seat through the set's end and into the
    next set. Back, she is told all that at once: her table opens the set's result box, and as
    the update goes on past the set's end, nothing after it is held for the box. Her line drops
    again before she answers it, and the match is played out; back again, she is told its end,
    with any sets before it, in one fresh update.

    The match's last move opened the match's result box over the set's, and answering the
    set's opened another. A player expects to read the set's result in front of her, with each
    set that ended while it was open as a toast over it (as a spectator is shown a set's end: a
    box is not stacked on a box), and then, answering it, the match's result box: one, after
    the set's, which clears the toasts as it opens."""
    ann = server.session("pazaak", ANN_HOSTS)
    app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        bob = await joiner(server, ann)
        bob_plays = asyncio.ensure_future(BotSeat(bob, "easy").play(PATIENCE))
        table = await until(lambda: table_of(app), "Ann's table", pilot=pilot)
        log = table.query_one(MoveLog)
        stalled = Stalled(bob, after_a_set(seat=1))
        line = Line(ann)
        await line.cut()
        await until(lambda: stalled.waiting, "a set played out and Bob to move in the next")
        await line.give_back(lambda: ann.ply == stalled.ply)
        box = await until(lambda: set_box(app), "the set's result box", pilot=pilot)
        assert not ann.is_over
        set_toasts = record_set_toasts(app)
        await line.cut()
        stalled.go_on()
        await bob_plays
        await line.give_back(lambda: ann.is_over)
        await until(lambda: logged(log, " the match "), "the match's end logged", pilot=pilot)
        await pilot.pause()
        # the note of her first absence, told last on her first return, is not logged again
        assert [str(line) for line in log._written] == [
            table.name_seats(line) for line in ann.log_lines()
        ]
        assert result_boxes(app) == [box], "the set's result, alone, until she answers it"
        assert set_toasts, "the match's last set, at least, ended while the set's box was open"
        assert box.query("Toast"), "the sets that ended meanwhile show over the set's box"
        await pilot.press("enter")
        await until(lambda: app.screen is not box and result_boxes(app), "the match's box")
        await pilot.pause()
        boxes = result_boxes(app)
        assert len(boxes) == 1 and boxes[0].verdict.endswith(("won the match", "won the match!"))
        assert app.screen_stack == [table, boxes[0]]
        assert not table.query("Toast") and not boxes[0].query("Toast")


def logged(log: MoveLog, words: str) -> bool:
    return any(words in str(line) for line in log._written)


def result_boxes(app: CardtableApp) -> list[ResultScreen]:
    return [screen for screen in app.screen_stack if isinstance(screen, ResultScreen)]


def set_box(app: CardtableApp) -> ResultScreen | None:
    screen = app.screen
    return screen if isinstance(screen, ResultScreen) and "set" in screen.verdict else None
