"""``cardtable replay`` with no file: the kept games in a table, newest first, each with the
number and the file name that ``cardtable replay`` takes back (never cut to fit)."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.persist.finished import finished_games
from cardtable.persist.replays import ReplayStore
from cardtable.ui.saved import finished_row


def print_replays(console: Console | None = None) -> int:
    console = console or Console()
    games, problems = finished_games()
    for problem in problems:
        console.print(Text(f"cardtable: skipped {problem}"), style="yellow")
    if not games:
        console.print("No finished games kept yet: play one, and it is kept here to replay.")
        return 0
    # no lines between the columns: the room goes to the words, so an 80-column terminal fits
    table = Table(
        title="Finished games, newest first",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("#", justify="right")
    # the date and the file are never cut (a name cut short could not be typed back): the
    # other columns wrap to make room
    table.add_column("Date", no_wrap=True)
    for column in ("Game", "Players", "Result"):
        table.add_column(column)
    table.add_column("File", no_wrap=True)
    for number, game in enumerate(games, 1):
        # names are people's own words: plain text, never markup
        cells = (*finished_row(game), game.path.name)
        table.add_row(str(number), *(Text(cell) for cell in cells))
    console.print(table)
    newest = games[0].path.name
    console.print(
        Text(
            f"Open one with: cardtable replay 1 (its number) or cardtable replay {newest} "
            f"(its file, kept in {ReplayStore().folder}); or Replays on the home screen"
        ),
        soft_wrap=True,  # the terminal wraps it, so the folder can be copied whole
    )
    return 0
