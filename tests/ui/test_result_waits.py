"""Item 2 of issue 36: after Escape closes a set's result, the table says truthfully that it
waits for the person here (who must go on from the hidden result), and which key does it."""

from __future__ import annotations

from textual.widgets import Static

from cardtable.ui.tables.base import TableScreen
from tests.ui.test_pixies_table import settle
from tests.ui.test_result_panels import app_for, result_up


def status(table: TableScreen) -> str:
    return str(table.query_one("#status-line", Static).render())


def between(table: TableScreen) -> str:
    note = table.query_one("#pz-between", Static)
    return str(note.render()) if note.display else ""


def moves(table: TableScreen) -> int:
    return len(table.session.match.actions)


async def test_a_closed_pazu_set_result_says_the_table_waits_for_you_and_how_to_go_on() -> None:
    app = app_for("pazu-pazaak", final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "pazu-pazaak", final=False)
        ply = moves(table)
        assert "waiting for you: Continue (Enter)" in status(table)
        assert "to play" not in status(table)
        # open, the result says it all: the side's between-sets note and buttons give it room
        # (squeezed beside it, the note read "Between sets: w")
        assert not table.query_one("#pz-between").display
        assert not table.query_one("#pz-buttons").display

        await pilot.press("escape")
        await settle(pilot)
        assert panel.closed
        assert "waiting for you: Enter for the result, then Continue" in status(table)
        said = between(table)
        assert "waits for you" in said and "Enter" in said and "waiting for" not in said
        # the table's buttons can't be pressed under the closed result: none is on show
        assert not [b for b in table.query("#pz-buttons Button") if b.display]
        assert moves(table) == ply and table.session.thinking is None  # nothing moved on

        await pilot.press("enter")  # the result again, then Continue
        await settle(pilot)
        assert not panel.closed and "Continue (Enter)" in status(table)
        await pilot.press("enter")
        await settle(pilot)
        assert not table.interlude_up and "waiting for you" not in status(table)


async def test_a_first_turn_queued_before_a_result_opened_waits_for_it() -> None:
    """A table's first turn is queued at mount and runs after a refresh, which may come only
    after the person's first key: when that key ended a set, the bots must still wait for
    the result to be answered (one stayed at the table behind a closed Pazu result)."""
    app = app_for("pazu-pazaak", final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table, _ = await result_up(pilot, "pazu-pazaak", final=False)
        ply = moves(table)
        table._first_turn()  # as a late refresh runs it
        await settle(pilot)
        assert moves(table) == ply and table.session.thinking is None


async def test_a_closed_pazaak_set_result_says_the_same() -> None:
    app = app_for("pazaak", final=False)
    async with app.run_test(size=(80, 24)) as pilot:
        table, _ = await result_up(pilot, "pazaak", final=False)
        assert "waiting for you: Next set (Enter)" in status(table)
        await pilot.press("escape")
        await settle(pilot)
        assert "waiting for you: Enter for the result, then Next set" in status(table)
