"""Pazaak through real keys: whole matches against the bot and hot-seat, refusals, hand-off privacy."""

from __future__ import annotations

import pytest

from cardtable.core.seats import Seat
from cardtable.games.pazaak.actions import Stand
from cardtable.games.registry import GAMES
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.handplay import SignPicker
from cardtable.ui.tables.pazaak.table import Table

SPEC = GAMES["pazaak"]


def make_app(seats: tuple[Seat, ...], seed: int = 4) -> CardtableApp:
    config = SPEC.rules.default_config(2)
    return CardtableApp(lambda app: app.table_for(SPEC, config, seats, seed), bot_pause=0)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def find_table(app) -> Table:
    return next(s for s in app.screen_stack if isinstance(s, Table))


async def play_through(pilot, max_steps: int = 3000) -> Table:
    """Play as a steady human: stand on 17+, else end the turn; dismiss results and hand-offs."""
    app = pilot.app
    for _ in range(max_steps):
        await settle(pilot)
        table = find_table(app)
        screen = app.screen
        if isinstance(screen, ResultScreen):
            if table.session.match.is_over:
                return table
            await pilot.press("enter")
        elif isinstance(screen, HandOffScreen):
            await pilot.press("enter")
        elif isinstance(screen, SignPicker):
            await pilot.press("1")
        elif table.my_turn:
            view = table.session.match.observe(table.viewer)
            total = view.boards[table.viewer].total
            await pilot.press("s" if 17 <= total <= 20 else "e")
    pytest.fail("the match did not finish")


async def test_full_match_against_the_bot_through_keys():
    app = make_app((Seat("You"), Seat("Revan", "hard")))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_through(pilot)
        outcome = table.session.match.outcome
        assert outcome is not None and max(outcome.scores) == 3
        verdict = str(app.screen.query_one("#verdict").render())
        assert "won the match" in verdict


async def test_full_hot_seat_match_hides_each_hand_behind_the_hand_off():
    app = make_app((Seat("Ann"), Seat("Bo")), seed=9)
    async with app.run_test(size=(120, 40)) as pilot:
        handoffs = 0
        for _ in range(3000):
            await settle(pilot)
            table = find_table(app)
            screen = app.screen
            if isinstance(screen, HandOffScreen):
                handoffs += 1
                assert table.viewer is None  # the table is drawn for nobody behind it
                assert screen.player in ("Ann", "Bo")
                await pilot.press("enter")
                assert table.viewer == table.session.match.to_move
            elif isinstance(screen, ResultScreen):
                if table.session.match.is_over:
                    break
                await pilot.press("enter")
            elif table.my_turn:
                total = table.session.match.observe(table.viewer).boards[table.viewer].total
                await pilot.press("s" if 16 <= total <= 20 else "e")
        assert table.session.match.is_over
        assert handoffs >= 4
        assert table.session.log_viewer is None  # hot-seat logs are public


async def test_playing_a_dual_card_asks_for_its_sign(monkeypatch):
    app = make_app((Seat("You"), Seat("Revan", "easy")), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        while not table.my_turn:
            await settle(pilot)
        before = len(table.session.match.observe(table.viewer).hand)
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, SignPicker)
        await pilot.press("2")
        await settle(pilot)
        view = table.session.match.observe(table.viewer)
        assert len(view.hand) == before - 1
        assert view.played_side
        # a second hand card this turn is refused, and the refusal says why
        state = table.session.match.state
        await pilot.press("1")
        await settle(pilot)
        assert table.session.match.state == state
        assert any("one hand card" in n.message for n in app._notifications)


async def test_keys_do_nothing_while_the_bot_is_to_move_and_say_why():
    app = make_app((Seat("You"), Seat("Revan", "easy")), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        while not table.my_turn:
            await settle(pilot)
        table.session.take_seat(1 - table.viewer)  # pretend the person is not the one to move
        state = table.session.match.state
        table.play_human(Stand())
        await pilot.pause()
        assert table.session.match.state == state
        assert any("turn" in n.message for n in app._notifications)
