"""Whole Pixies games through the table, as people play them: against a bot, and hot-seat."""

from __future__ import annotations

from dataclasses import replace

from cardtable.core.seats import Seat
from cardtable.ui.tables.pixies.results import ScoreboardScreen
from cardtable.ui.tables.pixies.table import PixiesTable
from cardtable.ui.widgets.log import MoveLog
from tests.ui.test_pixies_table import new_app, play_through, sync


@sync
async def test_full_game_against_bots_through_keys_and_clicks():
    app = new_app((Seat("You"), Seat("Revan", "easy")), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:  # the tightest size it must fit
        table, used, summaries = await play_through(pilot, clicks=True)
        assert used == {"key", "arrows", "click"}
        assert summaries == 2  # after rounds 1 and 2; the third ends the game
        screen = app.screen
        assert isinstance(screen, ScoreboardScreen)
        verdict = str(screen.query_one("#verdict").render())
        best = int(max(table.session.match.outcome.scores))
        assert f"with {best}" in verdict
        rows = screen.table.columns[0]._cells
        assert rows[:4] == ["round 1", "round 2", "round 3", "total"]


@sync
async def test_full_hot_seat_game_turns_the_table_to_each_player():
    """Every seat sees the same table (face-down cards are hidden from their owner too), so the
    keyboard passes without a hand-off screen; the prompt and status name who is to choose."""
    app = new_app((Seat("Ann"), Seat("Bo")), seed=5)
    turns: list[int] = []

    def check(table: PixiesTable) -> None:
        seat = table.session.match.to_move
        turns.append(seat)
        assert table.viewer == seat
        assert table._prompt.startswith(("Ann: ", "Bo: ")[seat])
        assert ("your turn, Ann", "your turn, Bo")[seat] in table.status_text()
        mine, theirs = (table.session.match.observe(s) for s in (seat, 1 - seat))
        assert replace(mine, seat=None) == replace(theirs, seat=None)

    async with app.run_test(size=(80, 24)) as pilot:
        table, _, summaries = await play_through(pilot, clicks=False, before_answer=check)
        assert summaries == 2
        assert set(turns) == {0, 1} and len(turns) > 100
        assert table.session.match.outcome is not None
        lines = [str(line.text) for line in table.query_one(MoveLog).lines]
        assert lines and not any("You " in line or "you " in line for line in lines)
