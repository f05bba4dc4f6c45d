"""Issue 36 item 12: at the end of a first solo game, Flip 7's header said "no best yet" while
its result said the game was the player's best; both read the best from one place now."""

from __future__ import annotations

from textual.widgets import Static

from tests.ui.test_result_panels import app_for, result_up


async def test_the_solo_header_and_result_agree_on_the_best_at_the_end() -> None:
    app = app_for("flip7-solo", final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "flip7-solo", final=True)
        await pilot.press("escape")  # the table whole, as a person looks at it
        rounds = int(table.session.outcome.stats["rounds"])
        assert rounds
        assert "this is your best" in panel.details
        header = str(table.query_one("#match-line", Static).render())
        assert "no best yet" not in header and f"best {rounds} rounds" in header
