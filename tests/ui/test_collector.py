"""Start-up runs without the cycle collector (about a tenth of a second of its passes before a
table's first frame): the app turns it back on after that frame, and a command line refused
before any app runs leaves it on."""

from __future__ import annotations

import gc

import pytest

from cardtable.cli import main
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen


def test_a_refused_command_line_leaves_the_collector_on():
    with pytest.raises(SystemExit):
        main(["play", "pixies", "--players", "9"])
    assert gc.isenabled()


async def test_the_app_turns_the_collector_back_on_after_its_first_frame():
    frozen = gc.get_freeze_count()
    gc.disable()  # as ``cardtable`` does before it builds the app
    try:
        app = CardtableApp(lambda app: HomeScreen())
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert gc.isenabled()
            # what start-up built is left out of the collector's passes from then on
            assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_started_with_the_collector_on_changes_nothing():
    frozen = gc.get_freeze_count()
    app = CardtableApp(lambda app: HomeScreen())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() == frozen
