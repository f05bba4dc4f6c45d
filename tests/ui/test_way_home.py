"""Item 1 of issue 36: a finished game has a way home, on its result and on the table after
Escape closes the result; Quit is not the only way out."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.resultpanel import ResultPanel
from tests.ui.test_pixies_table import settle
from tests.ui.test_result_panels import GAME_CASES, app_for, result_up


def footer_keys(screen: Any) -> dict[str, str]:
    """The keys a screen's footer shows now, with what each says it does."""
    return {
        key: str(active.binding.description)
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.enabled
    }


async def home_reached(pilot: Any) -> bool:
    await settle(pilot)
    return isinstance(pilot.app.screen, HomeScreen) and len(pilot.app.screen_stack) == 1


@pytest.mark.parametrize("game", list(GAME_CASES))
async def test_a_match_result_offers_home_beside_play_again_and_quit(game: str) -> None:
    app = app_for(game, final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        _, panel = await result_up(pilot, game, final=True)
        assert [choice for choice, _ in panel.choices] == ["again", "home", "quit"]
        await pilot.press("right", "enter")  # from Play again to Home
        assert await home_reached(pilot)
        assert app.return_code is None  # the program goes on, for another game


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_q_goes_home_from_a_finished_table_once_its_result_is_closed(
    size: tuple[int, int],
) -> None:
    app = app_for("pazaak", final=True)
    async with app.run_test(size=size) as pilot:
        _, panel = await result_up(pilot, "pazaak", final=True)
        await pilot.press("escape")
        await settle(pilot)
        assert panel.has_class("-closed")
        assert footer_keys(panel).get("q") == "Home"
        await pilot.press("q")
        assert await home_reached(pilot)


async def test_q_on_a_closed_set_result_asks_before_leaving_the_game() -> None:
    """Mid-match the game is saved when left: q asks first, as at the table itself."""
    app = app_for("pazaak", final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        _, panel = await result_up(pilot, "pazaak", final=False)
        await pilot.press("escape", "q")
        await settle(pilot)
        ask = app.screen
        assert isinstance(ask, ResultScreen) and not isinstance(ask, ResultPanel)
        assert "saved" in ask.details
        await pilot.click("#leave")
        assert await home_reached(pilot)
