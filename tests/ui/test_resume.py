"""Save and resume: after a clean quit, after a kill, and with corrupt or newer save files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.persist.saves import SaveStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.tables.base import TableScreen

SPEC = GAMES["pazaak"]
SEATS = (Seat("You"), Seat("Revan", "easy"))


def table_app(seed: int = 3) -> CardtableApp:
    config = SPEC.rules.default_config(2)
    return CardtableApp(lambda app: app.table_for(SPEC, config, SEATS, seed), bot_pause=0)


async def human_moves(pilot, count: int) -> TableScreen:
    """Make ``count`` moves as the person (end turn), letting the bot answer."""
    made = 0
    while made < count:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        table = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
        if pilot.app.screen is not table:
            await pilot.press("enter")  # a set result
        elif table.my_turn:
            await pilot.press("e")
            made += 1
    return table


async def test_resume_after_quit_brings_back_the_exact_position():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await human_moves(pilot, 3)
        await pilot.app.workers.wait_for_complete()
        state, actions = table.session.match.state, list(table.session.match.actions)
        await pilot.press("ctrl+q")
    saved = SaveStore().latest()
    assert saved is not None
    assert saved.match.actions == actions and saved.match.state == state

    resumed = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert pilot.app.screen.has_save  # the footer offers Continue now
        await pilot.press("c")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        assert table.session.match.actions[: len(actions)] == actions


async def test_home_offers_continue_only_when_there_is_a_saved_game(isolated_home):
    async with CardtableApp(lambda app: HomeScreen(), bot_pause=0).run_test() as pilot:
        await pilot.pause()
        home = pilot.app.screen
        assert not home.has_save
        assert home.check_action("continue_game", ()) is False


KILLED_RUN = textwrap.dedent(
    """
    import asyncio, os, signal
    from tests.ui.test_resume import human_moves, table_app

    async def main():
        app = table_app()
        async with app.run_test(size=(120, 40)) as pilot:
            table = await human_moves(pilot, 4)
            print(len(table.session.match.actions), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main())
    """
)


# the app it kills may play for up to 240 s (the subprocess's own bound) on a loaded machine
@pytest.mark.timeout(360)
def test_resume_after_a_kill_loses_at_most_the_last_action(isolated_home):
    env = {**os.environ, "CARDTABLE_HOME": str(isolated_home)}
    run = subprocess.run(
        [sys.executable, "-c", KILLED_RUN], capture_output=True, text=True, env=env, timeout=240
    )
    assert run.returncode == -signal.SIGKILL, run.stderr[-2000:]
    played = int(run.stdout.split()[0])
    saved = SaveStore().latest()
    assert saved is not None
    assert played - 1 <= len(saved.match.actions) <= played


def test_corrupt_and_newer_saves_are_reported_set_aside_and_never_overwritten(isolated_home):
    folder = isolated_home / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "pazaak.json").write_text('{"schema_version": 1,\n "game": ')
    newer = {
        "schema_version": 99,
        "game": "pazaak",
        "rules_version": 1,
        "seed": 1,
        "config": {},
        "seats": [{"name": "x"}],
        "actions": [],
    }
    (folder / "pixies.json").write_text(json.dumps(newer))
    store = SaveStore()
    assert store.latest() is None
    messages = [str(p) for p in store.problems]
    assert any("pazaak.json" in m and "line 2" in m for m in messages)
    assert any("pixies.json" in m and "newer cardtable" in m for m in messages)
    kept = sorted(p.name for p in folder.iterdir())
    assert any(name.startswith("pazaak.unreadable") for name in kept)
    assert any(name.startswith("pixies.unreadable") for name in kept)


async def test_home_reports_a_corrupt_save_and_keeps_running(isolated_home):
    folder = isolated_home / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "pazaak.json").write_text("not json at all")
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("pazaak.json" in n.message for n in app._notifications)
        await pilot.press("down", "up")
        assert app.is_running


async def test_a_bad_theme_is_reported_and_the_app_keeps_running(isolated_home):
    themes = isolated_home / "config" / "themes"
    themes.mkdir(parents=True)
    (themes / "neon.toml").write_text('name = "neon"\nprimary = "glowing"\n')
    (themes / "mint.toml").write_text('name = "mint"\nprimary = "#3eb489"\n')
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any("neon.toml" in n.message and "primary" in n.message for n in app._notifications)
        assert "mint" in app.available_themes
        app.theme = "mint"
        await pilot.pause()
        assert app.is_running


async def test_the_chosen_theme_is_remembered():
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.theme = "contrast"
        await pilot.pause()
    again = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    assert again.theme == "contrast"


def test_a_set_aside_save_is_not_set_aside_again_on_the_next_launch(isolated_home):
    """Issue 14: each launch used to quarantine the quarantine file under a longer name."""
    folder = isolated_home / "data" / "saves"
    folder.mkdir(parents=True)
    (folder / "pazaak.json").write_text("not json at all")
    first = SaveStore()
    assert first.latest() is None
    assert len(first.problems) == 1
    kept = sorted(p.name for p in folder.iterdir())
    for _launch in range(3):
        again = SaveStore()
        assert again.latest() is None
        assert again.problems == []
        assert sorted(p.name for p in folder.iterdir()) == kept


async def test_falling_back_to_the_backup_says_the_last_move_was_lost(isolated_home):
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await human_moves(pilot, 2)
        await pilot.app.workers.wait_for_complete()
    folder = isolated_home / "data" / "saves"
    newest = SaveStore().latest()
    assert (folder / "pazaak.json.bak").exists()
    (folder / "pazaak.json").write_text('{"broken": ')
    store = SaveStore()
    resumed = store.latest()
    assert resumed is not None and newest is not None
    assert len(resumed.record.actions) < len(newest.record.actions)
    assert len(store.problems) == 1
    assert "the last move was lost" in str(store.problems[0])
    # the next launch offers the same backup, and says nothing more
    again = SaveStore()
    assert again.latest().record.actions == resumed.record.actions
    assert again.problems == []
    home = CardtableApp(lambda app: HomeScreen(), bot_pause=0, saves=store)
    async with home.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any("last move was lost" in n.message for n in home._notifications)
