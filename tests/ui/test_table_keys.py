"""Item 7 of issue 14: every key is discoverable and every way out of a table works."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from cardtable.core.seats import Seat
from cardtable.games.pazu.state import Phase
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession
from cardtable.tools.shots.pazu import SPEC as PAZU
from cardtable.tools.shots.pazu import preplay
from cardtable.tools.shots.pazu import seats_for as pazu_seats
from cardtable.ui.app import CardtableApp
from cardtable.ui.keys import key_rows
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tablescreens import table_screen

PAZAAK = GAMES["pazaak"]


def test_the_keys_screen_names_keys_as_people_read_them_and_lists_none_twice():
    rows = key_rows()
    keys = [key for _, key, _ in rows]
    assert "?" in keys and "question_mark" not in keys
    assert not [k for k in keys if "_" in k or k.startswith("ctrl+")]
    places = [(where, key) for where, key, _ in rows]
    assert len(places) == len(set(places))  # no key twice on one screen
    common = [(k, w) for where, k, w in rows if where in ("anywhere", "every table")]
    assert len(common) == len(set(common))  # ^q is listed once, not again for tables
    games = [(k, w) for where, k, w in rows if where not in ("anywhere", "every table", "home")]
    assert not set(common) & set(games)  # a game repeats no key every table has
    assert ("Pazaak", "1-4", "Card") in rows
    assert ("every table", "q", "Home") in rows
    # issue 24: the keys that step through a replay work only there, and are filed so
    assert ("replays", "←", "Back") in rows and ("replays", "PgDn", "Next set/round") in rows
    assert not [row for row in rows if row[0] == "every table" and row[2] in ("Back", "Forward")]


def pazaak_app() -> CardtableApp:
    config = PAZAAK.rules.default_config(2)
    seats = (Seat("You"), Seat("Revan", "easy"))
    return CardtableApp(lambda app: app.table_for(PAZAAK, config, seats, 4), bot_pause=0)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_no_two_palette_entries_share_a_name():
    """Issue 24: Textual's help panel and the list of every key were both called "Keys"."""
    app = pazaak_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for shown in (False, True):  # the help panel's entry changes once it is open
            titles = [command.title for command in app.get_system_commands(app.screen)]
            assert len(titles) == len(set(titles)), titles
            assert "Keys" in titles
            assert ("Hide keys on this screen" if shown else "Keys on this screen") in titles
            app.action_show_help_panel()
            await pilot.pause()


async def test_the_footer_shows_the_way_home_and_the_card_keys():
    app = pazaak_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        # the footer recomposes its keys a refresh after the table's bindings change: on a busy
        # machine that can be after the first pause, so wait for it (a few refreshes at most)
        for _ in range(20):
            if footer.query("FooterKey"):
                break
            await pilot.pause()
        shown = " ".join(str(w.render()) for w in footer.query("FooterKey"))
        assert "Home" in shown and "1-4" in shown and "Card" in shown


async def test_q_asks_before_leaving_a_game_in_progress_and_says_it_is_saved():
    app = pazaak_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        while not table.my_turn:
            await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        ask = app.screen
        assert isinstance(ask, ResultScreen) and "saved" in ask.details
        await pilot.press("escape")  # Esc keeps playing
        await settle(pilot)
        assert app.screen is table
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#leave")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert app.saves.latest() is not None  # type: ignore[attr-defined]


def pazu_turn_app() -> CardtableApp:
    """Pazu-Pazaak for three, the person to play a turn (the phase with the most keys)."""
    match = preplay(3, 3, lambda m: m.state.phase is Phase.TURN)
    session = LocalSession(PAZU, match, pazu_seats(3))
    return CardtableApp(lambda app: table_screen(session), bot_pause=0)


@pytest.mark.parametrize("make_app", [pazaak_app, pazu_turn_app], ids=["pazaak", "pazu"])
async def test_at_80_columns_the_footer_shows_every_key_whole(make_app: Any) -> None:
    """Issue 36 item 12: at 80×24 Pazaak's footer was cut to "1-4 Play a car"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        while not table.my_turn:
            await settle(pilot)
        footer = table.query_one(Footer)
        for _ in range(20):  # the footer draws its keys a refresh after they change
            if any("Card" in str(k.render()) for k in footer.query(FooterKey)):
                break
            await pilot.pause()
        keys = [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]
        shown = [str(k.render()) for k in keys]
        assert any("Card" in text for text in shown) and any("Stand" in text for text in shown)
        palette = footer.query(".-command-palette")
        room = palette.first().region.x if palette else footer.region.right
        assert all(k.region.width and k.region.right <= room for k in keys), shown
