"""Online Pazu-Pazaak through the app, driven by Pilot: a person joins a running table between
sets, plays the next set, and leaves at its end by the key, as at a local table; a spectator's
app shows both arrivals and departures on the boards and in the log."""

from __future__ import annotations

from typing import Any

from cardtable.games.pazu.actions import STAY
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.tables.chatting import ChatBox
from cardtable.ui.tables.pazu.table import PazuTable
from cardtable.ui.tables.pazu.widgets import SeatBoard
from cardtable.ui.widgets.log import MoveLog
from tests.online.conftest import Running, until
from tests.online.test_pazu_seats import GAME, deciding, host_table, play_until


def table_of(app: CardtableApp) -> PazuTable | None:
    return next((s for s in app.screen_stack if isinstance(s, PazuTable)), None)


def board(app: CardtableApp, seat: int) -> str:
    """What ``seat``'s board says above and below its cards (its name, and "LEFT" once gone);
    "" when the board is not on show."""
    table = table_of(app)
    assert table is not None
    shown = [b for b in table.query(SeatBoard) if b.seat == seat and b.display]
    return " / ".join(f"{b.border_title} {b.border_subtitle}" for b in shown)


def logged(app: CardtableApp) -> str:
    """The log as one line of words (a narrow log wraps its lines)."""
    table = table_of(app)
    assert table is not None
    return " ".join(" ".join(strip.text.split()) for strip in table.query_one(MoveLog).lines)


def ready(app: CardtableApp, button: str) -> bool:
    """A box is up with ``button`` laid out on screen (a click before then is lost)."""
    screen = app.screen
    if not isinstance(screen, ResultScreen) or not screen.query(button):
        return False
    return screen.query_one(button).region.width > 0


def drawn(table: PazuTable | None) -> bool:
    """The table is up and has drawn its first position (its status line says whose turn);
    False while a table just pushed has not composed its status line yet."""
    status = table.query("#status-line") if table is not None else None
    return bool(status) and bool(str(status.first().content))  # type: ignore[union-attr]


async def open_app(session: Any) -> tuple[CardtableApp, Any]:
    app = CardtableApp(lambda app: WaitingRoomScreen(session), bot_pause=0)
    runner = app.run_test(size=(140, 44))
    pilot = await runner.__aenter__()
    await until(lambda: drawn(table_of(app)), "the table drawn")
    return app, (runner, pilot)


async def test_a_newcomer_sits_down_plays_a_set_and_leaves_by_the_key(server: Running) -> None:
    host = await host_table(server, ["human", "easy", "easy"])
    watch = server.session(GAME, {"type": "watch", "code": host.watch})
    watcher, (watch_runner, _) = await open_app(watch)
    try:
        await play_until(lambda: deciding(host), host)
        bob = server.session(GAME, {"type": "join", "code": host.invite, "name": "Bob"})
        app, (runner, pilot) = await open_app(bob)
        try:
            assert bob.viewer == 3
            # a log holds its lines back until it is first laid out, which may be after the
            # table's first draw on a loaded machine
            sat = "You sit down at the table with 200 chips"
            await until(lambda: sat in logged(app), "the newcomer's own log", pilot=pilot)
            arrived = "Bob sits down at the table with 200 chips"
            await until(lambda: arrived in logged(watcher), "the spectator's log")
            await until(lambda: "Bob" in board(watcher, 3), "the spectator's board for Bob")
            assert "Bot 2 (easy)" in board(watcher, 1) and "LEFT" in board(watcher, 1)
            assert "Bot 2 gives its place to a newcomer" in logged(watcher)

            # the next set: Bob plays it (his moves sent as the app's keys would send them)
            host.submit(STAY)
            await play_until(lambda: host.observe().set_number == 2, host)
            await play_until(lambda: deciding(bob), host, bob)
            table = table_of(app)
            assert table is not None

            async def leave_offered() -> bool:
                """The set's result box is closed as a person closes it, then the table's
                Leave key comes."""
                if app.screen is table and table.check_action("leave", ()) is True:
                    return True
                if isinstance(app.screen, ResultScreen) and app.screen.focused is not None:
                    await pilot.press("enter")
                return False

            await until(leave_offered, "the Leave key", pilot=pilot)
            await pilot.press("L")
            await until(lambda: ready(app, "#leave"), "the question")
            await pilot.click("#leave")
            await until(lambda: "You left the table" in getattr(app.screen, "verdict", ""), "bye")
            details = app.screen.details  # type: ignore[attr-defined]
            assert "The others play on after set 2" in details
            assert "You " in details and "left in set 2" in details

            left = f"Bob leaves the table with {host.observe().chips[3]} chips"
            await until(lambda: left in logged(watcher), "the spectator to see Bob go")
            assert "LEFT" in board(watcher, 3)
            assert host.observe().seated[3] is False and not host.is_over
            await until(lambda: ready(app, "#quit"), "the box to be ready")
            # by the keys: a panel still finding its place may move under a click (a finding)
            app.screen.query_one("#quit").focus()
            await pilot.press("enter")
            await until(lambda: not app.is_running, "Bob's app to close")
        finally:
            await runner.__aexit__(None, None, None)
    finally:
        await watch_runner.__aexit__(None, None, None)


async def test_the_app_says_why_a_join_waits_for_the_sets_end(server: Running) -> None:
    """Play online → join while a set is played: the waiting room gives the reason and a way back."""
    host = await host_table(server, ["human", "easy", "easy"])
    late = server.session(GAME, {"type": "join", "code": host.invite, "name": "Late"})
    app = CardtableApp(lambda app: WaitingRoomScreen(late), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:

        def waiting() -> str:
            return " ".join(str(app.screen.query_one("#waiting-text").render()).split())

        await until(lambda: "Cannot play" in waiting(), "the waiting room to give the reason")
        assert "set 1 is being played: newcomers sit down between sets" in waiting()
        assert f"watch code {host.watch} lets you look on" in waiting()
        assert "Escape to go back" in waiting()
        assert table_of(app) is None
        await pilot.press("escape")
        await until(lambda: not app.is_running, "the way back")


async def test_every_seat_and_the_watcher_chat_by_the_key_the_footer_shows(
    server: Running,
) -> None:
    """Issue 36 item 3: c was a Pazu hand card's key (the twelfth), so no online seat had a
    chat key. It is chat's again, in the footer of each seat and of a spectator, and a line
    typed after it reaches the others."""
    seats = ["human", "human", "easy"]
    ann = server.session(GAME, {"type": "create", "game": GAME, "seats": seats, "name": "Ann"})
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40)) as ann_pilot:
        await until(lambda: bool(ann.invite), "the invite code")
        bob = server.session(GAME, {"type": "join", "code": ann.invite, "name": "Bob"})
        eve = server.session(GAME, {"type": "watch", "code": ann.watch})
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        eve_app = CardtableApp(lambda app: WaitingRoomScreen(eve), bot_pause=0)
        async with (
            bob_app.run_test(size=(120, 40)) as bob_pilot,
            eve_app.run_test(size=(120, 40)) as eve_pilot,
        ):
            pilots = {"Ann": ann_pilot, "Bob": bob_pilot, "Spectator 1": eve_pilot}

            def tables() -> list[PazuTable | None]:
                return [table_of(p.app) for p in pilots.values()]

            await until(lambda: all(drawn(t) for t in tables()), "3 tables")
            for table in tables():
                assert table is not None
                assert table.active_bindings["c"].binding.description == "Chat"
            # issue 36 item 12: the spectator is not told the hand on show is theirs
            caption = str(eve_app.screen.query_one("#pz-hand .caption").render())
            assert not caption.startswith("Your hand") and "'s hand" in caption
            for who, pilot in pilots.items():
                await pilot.press("c")
                assert pilot.app.screen.query_one(ChatBox).has_focus
                await pilot.press("h", "i", "enter")
                others = [p.app for name, p in pilots.items() if name != who]
                await until(
                    lambda: all(f"{who}: hi" in logged(app) for app in others),  # noqa: B023
                    f"the others to hear {who}",
                )
