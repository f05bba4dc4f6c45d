"""Item 5 of issue 14: at 80×24 every game and seat count shows every board, Pazaak's log is
readable and its header keeps the seed, and nothing moves between sets."""

from __future__ import annotations

import pytest

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.widgets import BoardPanel
from cardtable.ui.tables.pixies.widgets import GridPanel
from cardtable.ui.widgets.log import MoveLog

NAMES = ("Revan", "Bastila", "Carth", "Mission", "Jolee")


def app_for(game: str, players: int, seed: int = 3) -> CardtableApp:
    spec = GAMES[game]
    seats = (Seat("You"), *(Seat(name, "easy") for name in NAMES[: players - 1]))
    config = spec.rules.default_config(players)
    return CardtableApp(lambda app: app.table_for(spec, config, seats, seed), bot_pause=0)


def inside(widget, size: tuple[int, int]) -> bool:
    region = widget.region
    return region.width > 0 and region.right <= size[0] and region.bottom <= size[1] - 1


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_every_pixies_grid_is_whole_on_80_by_24(players):
    app = app_for("pixies", players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grids = list(app.screen.query(GridPanel))
        assert len(grids) == players
        assert all(inside(grid, (80, 24)) for grid in grids)
        regions = [grid.region for grid in grids]
        assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1 :])


async def test_pazaak_on_80_by_24_keeps_a_readable_log_the_seed_and_a_steady_layout():
    app = app_for("pazaak", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        log = table.query_one(MoveLog)
        assert log.region.width >= 22 and inside(log, (80, 24))
        assert "seed 3" in str(table.query_one("#match-line").content)
        assert all(inside(b, (80, 24)) for b in table.query(BoardPanel))
        layout = [(w.region.x, w.region.width) for w in (log, *table.query(BoardPanel))]
        for _ in range(300):  # play on into the next set: nothing moves sideways
            await settle(pilot)
            if isinstance(app.screen, ResultScreen):
                await pilot.press("enter")
                await settle(pilot)
                break
            if table.my_turn:
                await pilot.press("e")
        assert "Set 2" in str(table.query_one("#match-line").content)
        for _ in range(3):
            if table.my_turn:
                await pilot.press("1")  # a hand card: the hand row shrinks
                await settle(pilot)
                break
            await settle(pilot)
        assert [(w.region.x, w.region.width) for w in (log, *table.query(BoardPanel))] == layout


async def test_pazaak_counts_the_unseen_main_cards_number_by_number():
    app = app_for("pazaak", 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        unseen = table.session.observe().unseen
        line = str(table.query_one("#unseen").content)
        assert line.startswith(f"Unseen {sum(unseen)}")
        assert all(f"{rank}:{n}" in line.split() for rank, n in enumerate(unseen, 1))
        assert sum(unseen) < 40  # the cards on the boards are not among them
