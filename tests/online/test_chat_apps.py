"""Chat between Pilot-driven apps: two players and a spectator talk through one server, hostile
lines print literally, an over-long line is refused with its text kept, and a local game has
no chat at all."""

from __future__ import annotations

from typing import Any

from textual.events import Paste

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.online.chat import MAX_CHAT
from cardtable.ui.app import CardtableApp
from cardtable.ui.paste import WholePasteParser
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.tables.chatting import ChatBox
from cardtable.ui.widgets.log import MoveLog
from tests.online.apps import ANN_HOSTS, joiner, play_match, shows_final_result, table_of
from tests.online.conftest import Running, until
from tests.online.test_chat import HOSTILE, HOSTILE_SHOWN
from tests.ui.test_paste import TMUX_BYTES


def log_text(app: CardtableApp) -> str:
    table = table_of(app)
    assert table is not None
    return "\n".join(strip.text for strip in table.query_one(MoveLog).lines)


def squeezed(text: str) -> str:
    return "".join(text.split())


async def say(pilot: Any, keys: str = "", value: str | None = None) -> ChatBox:
    """Open the chat box with ``c``, type ``keys`` (or fill in ``value``) and press Enter."""
    await pilot.press("c")
    box = pilot.app.screen.query_one(ChatBox)
    # Textual focuses on its next turn (keys typed meanwhile queue behind it): under load the
    # press can return first, so the focus is awaited (a loaded full run once read it early)
    await until(lambda: box.has_focus, "the chat box to take the focus")
    if keys:
        await pilot.press(*keys)
    if value is not None:
        box.value = value
    await pilot.press("enter")
    await pilot.pause()
    return box


async def test_players_and_a_spectator_chat_and_hostile_lines_print_literally(
    server: Running,
) -> None:
    create = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "[b]Ann"}
    ann = server.session("pazaak", create)
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40), notifications=True) as ann_pilot:
        await until(lambda: bool(ann.invite), "the invite code")
        bob = server.session("pazaak", {"type": "join", "code": ann.invite, "name": "Bob"})
        eve = server.session("pazaak", {"type": "watch", "code": ann.watch})
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        eve_app = CardtableApp(lambda app: WaitingRoomScreen(eve), bot_pause=0)
        async with (
            bob_app.run_test(size=(120, 40)) as bob_pilot,
            eve_app.run_test(size=(120, 40)) as eve_pilot,
        ):
            apps = (ann_app, bob_app, eve_app)
            await until(lambda: all(table_of(app) for app in apps), "three tables")
            # the player to move types "se" in the box: letters, not Stand and End turn
            mover = ann_pilot if ann.my_turn else bob_pilot
            ply = ann.ply
            await say(mover, "se")
            await until(lambda: "se" in log_text(eve_app), "the spectator to hear it")
            assert ann.ply == ply
            await say(ann_pilot, "gg")
            await until(lambda: "[b]Ann: gg" in log_text(bob_app), "Bob to hear Ann")
            assert "You: gg" in log_text(ann_app) and "[b]Ann: gg" in log_text(eve_app)
            await say(bob_pilot, "hi")
            await until(lambda: "Bob: hi" in log_text(ann_app), "Ann to hear Bob")
            await say(eve_pilot, "go")
            await until(
                lambda: all("Spectator 1: go" in log_text(app) for app in apps[:2]),
                "the players to hear the spectator",
            )
            box = await say(ann_pilot, value=HOSTILE)
            # the log wraps a long line: compare without the spaces
            await until(
                lambda: squeezed(HOSTILE_SHOWN) in squeezed(log_text(bob_app)), "the hostile line"
            )
            assert not box.has_class("-open") and box.value == ""
            # a 10 kB line is refused with the reason, and stays in the box to be cut
            box = await say(ann_pilot, value="x" * 10_240)
            toasts = [n.message for n in ann_app._notifications if n.title == "Not sent"]
            assert toasts and "at most 200 characters" in toasts[-1]
            assert box.has_class("-open") and len(box.value) == 10_240
            await ann_pilot.press("escape")
            assert not box.has_class("-open") and table_of(ann_app) is ann_app.screen
            for app in apps:  # every screen still draws, with its status line in place
                status = str(table_of(app).query_one("#status-line").render())
                assert status.startswith("Pazaak ·")


async def test_a_local_game_has_no_chat_key() -> None:
    spec = GAMES["pazaak"]
    seats = (Seat("You"), Seat("Revan", "easy"))
    app = CardtableApp(
        lambda app: app.table_for(spec, spec.rules.default_config(2), seats, 4), bot_pause=0
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert table.check_action("chat", ()) is False
        assert "chat" not in {a.binding.action for a in table.active_bindings.values()}
        await pilot.press("c")
        assert app.screen is table and not table.query(ChatBox)


async def test_a_line_half_typed_goes_on_to_the_next_game(server: Running) -> None:
    """A spectator typing when the players' rematch begins keeps the line: the same table
    draws the next game, its chat box as it was."""
    ann = server.session("pazaak", ANN_HOSTS)
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40)) as ann_pilot:
        bob = await joiner(server, ann)
        eve = server.session("pazaak", {"type": "watch", "code": ann.watch})
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        eve_app = CardtableApp(lambda app: WaitingRoomScreen(eve), bot_pause=0)
        async with (
            bob_app.run_test(size=(120, 40)) as bob_pilot,
            eve_app.run_test(size=(120, 40)) as eve_pilot,
        ):
            await until(lambda: all(table_of(a) for a in (ann_app, bob_app, eve_app)), "tables")
            await play_match((ann_pilot, bob_pilot), stand_at=0)
            await until(lambda: shows_final_result(eve_app), "the spectator's result")
            await eve_pilot.press("enter")  # back to the table to wait and talk
            old = table_of(eve_app)
            await until(lambda: eve_app.screen is old, "the spectator's table")
            await eve_pilot.press("c", *"gg wel")
            for pilot in (ann_pilot, bob_pilot):  # both ask for the rematch
                await pilot.press("enter")
            await until(
                lambda: table_of(eve_app) is old and not eve.is_over, "the next game, same table"
            )
            assert old.query_one(ChatBox).value == "gg wel"
            assert old.query_one(ChatBox).has_class("-open")


async def test_the_chat_box_stops_at_the_limit_and_a_pasted_escape_keeps_the_order(
    server: Running,
) -> None:
    """Issue 36 item 12: a line could be typed past 200 characters, to be refused only on
    Enter; and a pasted escape sequence left its tail ("[H") in the line."""
    ann = server.session("pazaak", ANN_HOSTS)
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40)) as ann_pilot:
        bob = await joiner(server, ann)
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        async with bob_app.run_test(size=(120, 40)):
            await until(lambda: table_of(ann_app) and table_of(bob_app), "two tables")
            await ann_pilot.press("c")
            box = ann_app.screen.query_one(ChatBox)
            await ann_pilot.press(*"y" * (MAX_CHAT + 5))
            assert box.value == "y" * MAX_CHAT
            box.value = ""
            await ann_pilot.press("n", "i", "c", "e", "space")
            box.post_message(Paste("\x1b[Hworld \x1b[31mred\x1b[0m"))
            await ann_pilot.pause()
            assert box.value == "nice world red"
            await ann_pilot.press("enter")
            await until(lambda: "Ann: nice world red" in log_text(bob_app), "Bob to hear it")


async def test_a_paste_as_tmux_sends_it_keeps_the_text_around_it_in_order(
    server: Running,
) -> None:
    """Issue 36 item 12, as a terminal sends it: the events the app's parser makes of tmux's
    bytes reach the chat box through the driver, and the line reads in the order it was
    typed and pasted (Textual's own parser typed the pasted escape's tail first)."""
    ann = server.session("pazaak", ANN_HOSTS)
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40)) as ann_pilot:
        bob = await joiner(server, ann)
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        async with bob_app.run_test(size=(120, 40)):
            await until(lambda: table_of(ann_app) and table_of(bob_app), "two tables")
            await ann_pilot.press("c")
            box = ann_app.screen.query_one(ChatBox)
            await until(lambda: box.has_focus, "the chat box to take the focus")
            for event in WholePasteParser().feed(TMUX_BYTES):
                ann_app._driver.process_message(event)  # as the terminal's input thread does
            await until(lambda: box.value == "nice world red blue end", "the whole line")
            await ann_pilot.press("enter")
            heard = squeezed("Ann: nice world red blue end")  # the log may wrap it
            await until(lambda: heard in squeezed(log_text(bob_app)), "Bob to hear it")
