"""Your name online: asked once, before the first online game; kept; changed in Settings."""

from __future__ import annotations

import json
from argparse import Namespace
from dataclasses import replace

from cardtable.persist.settings import load_settings, save_settings
from cardtable.tools.online import _name
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.name import NameScreen
from cardtable.ui.screens.online import PlayOnlineScreen
from cardtable.ui.screens.settings import SettingsScreen


async def test_the_first_online_game_asks_for_a_name_once_and_keeps_it() -> None:
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, NameScreen)
        # issue 36 item 12: the box says which key sends the name
        said = " ".join(str(w.render()) for w in app.screen.query("#name-box Static"))
        assert "press Enter" in said
        await pilot.press("enter")  # nothing typed yet: it says why and stays
        assert isinstance(app.screen, NameScreen)
        assert "at least one letter" in str(app.screen.query_one("#name-problem").render())
        await pilot.press(*"[b]Ann", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayOnlineScreen)
        assert app.screen.query_one("#name").value == "[b]Ann"
        await pilot.press("escape", "o")
        await pilot.pause()
        assert isinstance(app.screen, PlayOnlineScreen), "asked once only"
    assert load_settings()[0].name == "[b]Ann"


async def test_escape_at_the_name_box_stays_home() -> None:
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("o", "escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert load_settings()[0].name == ""


async def test_settings_change_the_name_and_refuse_one_that_cannot_be_shown() -> None:
    save_settings(replace(load_settings()[0], name="Ann"))
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        field = app.screen.query_one("#name")
        assert field.value == "Ann"
        field.value = "Bob"
        await pilot.pause()
        assert load_settings()[0].name == "Bob"
        field.value = "you"
        await pilot.pause()
        assert "'You' is how the table names" in str(app.screen.query_one("#name-problem").render())
    assert load_settings()[0].name == "Bob"


def test_a_settings_file_with_a_name_that_cannot_be_shown_is_set_aside(isolated_home) -> None:
    path = isolated_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"name": "\x1b[2J" + "x" * 30}), encoding="utf-8")
    settings, problem = load_settings()
    assert settings.name == "" and problem is not None
    assert "field 'name': a name is at most 20 characters" in str(problem)


def test_name_on_the_command_line_defaults_to_the_one_in_settings() -> None:
    assert _name(Namespace(name=None)) is None  # none kept: the app asks
    save_settings(replace(load_settings()[0], name="Ann"))
    assert _name(Namespace(name=None)) == "Ann"
    assert _name(Namespace(name="  Bob\t ")) == "Bob"
