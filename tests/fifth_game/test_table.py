"""War at its table, driven as a person plays it: the home screen offers it, a person plays it to
its end with the number keys against the easy bot, and its screenshot scene draws."""

from __future__ import annotations

from textual.widgets import OptionList

from cardtable.tools.shots import all_shots, settle
from cardtable.ui.app import CardtableApp
from cardtable.ui.keys import key_rows
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.widgets.log import MoveLog
from tests.fifth_game.layers import WarTable, table_app


async def test_a_person_plays_war_to_the_end_with_the_number_keys():
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, WarTable)
        for _ in range(5):
            assert table.my_turn
            # War's bot cannot say why it plays a card: the hint key is hidden and does nothing
            assert table.check_action("hint", ()) is False
            await pilot.press("i")
            assert app.screen is table and table.last_hint is None
            hand = table.session.observe().hand
            await pilot.press("1")
            await settle(pilot)
            assert hand[0] not in (table.session.observe().hand or ())
        assert table.session.is_over
        lines = [str(line.text) for line in table.query_one(MoveLog).lines]
        assert any(line.startswith("You played") for line in lines)
        assert any("Revan took the trick" in line or "You took the trick" in line for line in lines)
        assert app.screen is not table  # the match's result is up


async def test_the_home_screen_offers_war_with_its_blurb_and_opens_its_form():
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        games = app.screen.query_one(OptionList)
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        assert "War  —  2–4 players · high card takes the trick" in prompts
        games.highlighted = prompts.index("War  —  2–4 players · high card takes the trick")
        games.action_select()
        await settle(pilot)
        assert "New game of War" in str(app.screen.query_one(".heading").render())


async def test_wars_screenshot_scene_draws_its_table():
    [shot] = [shot for shot in all_shots() if shot.name == "war-table"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Hand:" in app.export_screenshot()


def test_the_keys_screen_lists_wars_keys():
    assert ("War", "1-9", "Play card") in key_rows()
