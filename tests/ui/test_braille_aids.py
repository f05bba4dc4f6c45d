"""Issue 40, item 5: the full-screen app's cheap wins for braille readers. The terminal cursor
follows the focused widget (braille displays and magnifiers follow the cursor), and a setting
turns every animation off, kept across runs."""

from __future__ import annotations

import json

from textual.widgets import Button, Select

from cardtable.persist.settings import Settings, load_settings, settings_path
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.settings import SettingsScreen


async def test_the_terminal_cursor_follows_the_focused_button() -> None:
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        done = app.screen.query_one("#done", Button)
        done.focus()
        await pilot.pause()
        assert app.cursor_position == done.region.offset != (0, 0)
        theme = app.screen.query_one("#theme", Select)
        theme.focus()
        await pilot.pause()
        assert app.cursor_position == theme.region.offset != done.region.offset


async def test_animation_turned_off_in_settings_stays_off() -> None:
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#animation", Select).value = False
        await pilot.pause()
        assert app.animation_level == "none"
    assert load_settings()[0].animation is False
    again = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with again.run_test(size=(100, 40)) as pilot:
        assert again.animation_level == "none"
        again.push_screen(SettingsScreen())
        await pilot.pause()
        choice = again.screen.query_one("#animation", Select)
        assert choice.value is False, "the screen shows the setting kept"
        choice.value = True
        await pilot.pause()
        assert again.animation_level == "full"
    assert load_settings()[0].animation is True


def test_an_older_settings_file_keeps_animation_on_and_a_bad_value_is_named() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": "felt", "bot_pause": 0.6, "name": "Ann"}))
    assert load_settings() == (Settings(name="Ann"), None)
    path.write_text(json.dumps({"animation": "off"}))
    settings, problem = load_settings()
    assert settings.animation is True and problem is not None
    assert "field 'animation': should be true or false" in str(problem)
