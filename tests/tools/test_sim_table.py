"""The ``sim`` results table (issue 14): one line a seat, numbered from 1, within 80 columns."""

from __future__ import annotations

import pytest
from rich.console import Console

from cardtable.games.registry import GAMES
from cardtable.tools.setup import build_options, make_config
from cardtable.tools.sim import print_table, simulate, summary


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("width", [80, 100])
def test_every_game_s_table_fits_and_numbers_seats_from_one(game, width):
    spec = GAMES[game]
    levels = ("easy",) * max(spec.rules.min_seats, 2 if game == "flip7" else 0, 3)
    levels = levels[: spec.rules.max_seats]
    config = make_config(spec, build_options(spec, [], False, len(levels)), len(levels))
    tally, _ = simulate(game, config, levels, 2, 1, 1, lambda n: None)
    console = Console(width=width, record=True, color_system=None)
    print_table(summary(game, levels, 1, tally, 0.5), console)
    lines = console.export_text().splitlines()
    assert all(len(line) <= width for line in lines)
    rows = [line.split() for line in lines if line.split() and line.split()[0].isdigit()]
    assert [row[0] for row in rows] == [str(i + 1) for i in range(len(levels))]
    assert all(row[1] == "easy" for row in rows)
