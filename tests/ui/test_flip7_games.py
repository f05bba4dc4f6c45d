"""Whole Flip 7 games played through the table by keys and clicks, to the final result."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from cardtable.core.seats import Seat, default_seats
from cardtable.games.flip7.actions import STAY, ChooseTarget
from cardtable.games.registry import get
from cardtable.persist.options import options_model
from cardtable.persist.stats import StatsStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.tables.flip7.results import Flip7Result
from cardtable.ui.tables.flip7.table import Table
from tests.ui.test_result_panels import play_again
from tests.waits import until

SPEC = get("flip7")


def app_for(seats: tuple[Seat, ...], seed: int) -> CardtableApp:
    mode = "solo" if len(seats) == 1 else "table"
    config = options_model(SPEC.id)(mode=mode).to_config(len(seats))
    app = CardtableApp(lambda app: app.table_for(SPEC, config, seats, seed), bot_pause=0)
    # pytest-textual-snapshot imports Textual before conftest sets TEXTUAL_ANIMATIONS
    app.animation_level = "none"
    return app


def choose_key(table: Table, stay_at: int = 20) -> str:
    """A plain player: hand action cards to the first other seat; hit below ``stay_at``, else stay."""
    legal = table.session.match.legal_actions()
    targets = [a.seat for a in legal if isinstance(a, ChooseTarget)]
    if targets:
        others = [s for s in targets if s != table.session.match.to_move] or targets
        return str(others[0] + 1)
    row = table.session.match.state.rows[table.session.match.to_move]
    return "s" if STAY in legal and sum(row.numbers) >= stay_at else "h"


async def wait(pilot: Any) -> None:
    """Until the bots have moved and screens have switched."""

    def moved() -> bool:
        screen = pilot.app.screen
        return not isinstance(screen, Table) or screen.my_turn or screen.session.match.is_over

    await until(moved, "the bots to move (or a screen on top of the table)", pilot=pilot)


async def play_to_the_end(pilot: Any, move: Any = None, limit: int = 1500) -> Flip7Result:
    """Every choice by ``move`` (keys by default), Enter on each round summary; the final screen."""
    for _ in range(limit):
        await wait(pilot)
        screen = pilot.app.screen
        assert not isinstance(screen, HandOffScreen), "nothing in Flip 7 is hidden"
        if isinstance(screen, Flip7Result):
            if screen.choices[0][0] == "again":
                return screen
            assert screen.choices == (("next", "Next round"),)
            await pilot.press("enter")
        elif isinstance(screen, Table) and screen.my_turn:
            await (move or press_key)(pilot, screen)
    raise AssertionError("the game did not end")


async def press_key(pilot: Any, table: Table) -> None:
    await pilot.press(choose_key(table))


async def test_solo_game_to_the_end_shows_the_climb_and_records_the_best():
    app = app_for(default_seats(1, ()), seed=92)  # a short game: 8 rounds
    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_to_the_end(pilot)
        table = app.screen_stack[-2]
        rounds = int(table.session.match.outcome.stats["rounds"])
        assert result.verdict == f"200 reached in {rounds} rounds"
        assert "this is your best" in result.details
        chart = str(result.query_one(".chart", Static).render())
        assert "200 ┤" in chart and "round 1" in chart
        await play_again(pilot, table)  # a new solo game knows the best
        line = str(app.screen.query_one("#match-line", Static).render())
        assert f"best {rounds} rounds" in line and "round 1" in line
    assert StatsStore().load().games["flip7"].solo_best_rounds == rounds


async def test_table_game_against_bots_by_keys_and_clicks():
    """Hits by click every other time, action cards by clicking the picker's buttons."""
    app = app_for(default_seats(1, ("easy",)), seed=120)  # two Flip Threes to aim
    clicks = {"hit": 0, "target": 0}

    async def move(pilot: Any, table: Table) -> None:
        key = choose_key(table)
        if key.isdigit():
            clicks["target"] += 1
            await pilot.click(f"#target-{int(key) - 1}")
        elif key == "h" and clicks["hit"] % 2 == 0:
            clicks["hit"] += 1
            await pilot.click("#hit")
        else:
            clicks["hit"] += key == "h"
            await pilot.press(key)

    async with app.run_test(size=(120, 40)) as pilot:
        result = await play_to_the_end(pilot, move)
        table = app.screen_stack[-2]
        outcome = table.session.match.outcome
        winner = table.seats[outcome.winners[0]].label
        assert winner in result.verdict and "rounds" in result.verdict
        assert "Final totals" in result.details
        assert clicks["target"] >= 1 and clicks["hit"] >= 2


async def test_hot_seat_passes_the_keyboard_without_covering_the_table():
    """Every card is face up, so no hand-off screen: the status line names who is to play."""
    app = app_for(default_seats(2, ()), seed=22)
    seen: set[int] = set()

    async def move(pilot: Any, table: Table) -> None:
        seat = table.session.match.to_move
        assert table.viewer == seat
        status = str(table.query_one("#status-line", Static).render())
        assert f"your turn, Player {seat + 1}" in status
        seen.add(seat)
        await press_key(pilot, table)

    async with app.run_test(size=(80, 24)) as pilot:
        result = await play_to_the_end(pilot, move)
        assert "won" in result.verdict
    assert seen == {0, 1}
