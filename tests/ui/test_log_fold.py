"""Issue 28 item 1: `l` folds the move log away on every table, for the rest of the session."""

from __future__ import annotations

import pytest

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.ui.app import CardtableApp
from cardtable.ui.keys import key_rows
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.widgets.log import MoveLog

SEATS = {
    "pazaak": (Seat("You"), Seat("Revan", "easy")),
    "pazu-pazaak": (Seat("You"), Seat("Revan", "easy"), Seat("Bastila", "easy")),
    "pixies": (Seat("You"), Seat("Revan", "easy")),
    "flip7": (Seat("You"), Seat("Revan", "easy")),
}


def table_app(game: str) -> CardtableApp:
    spec = GAMES[game]
    config = spec.rules.default_config(len(SEATS[game]))
    return CardtableApp(lambda app: app.table_for(spec, config, SEATS[game], 5), bot_pause=0)


def test_the_keys_help_lists_l_for_every_table():
    assert ("every table", "l", "Log") in key_rows()


@pytest.mark.parametrize("game", list(SEATS))
async def test_l_folds_the_log_and_brings_it_back(game: str) -> None:
    app = table_app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one(MoveLog)
        assert log.display and log.region.width <= 40  # narrow beside the boards
        assert table.active_bindings["l"].binding.description == "Log"  # in the footer
        await pilot.press("l")
        await pilot.pause()
        assert not log.region and table.has_class("-log-folded")
        await pilot.press("l")
        await pilot.pause()
        assert log.region.width > 0 and not table.has_class("-log-folded")


async def test_a_folded_log_stays_folded_on_the_next_table() -> None:
    app = table_app("pazaak")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("l")
        spec = GAMES["pixies"]
        config = spec.rules.default_config(2)
        app.switch_screen(app.table_for(spec, config, SEATS["pixies"], 3))
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.spec is spec
        assert table.has_class("-log-folded") and not table.query_one(MoveLog).region
