"""``cardtable replay`` with no file: the kept games in a table, newest first, with their files."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.persist.finished import finished_games
from cardtable.ui.saved import finished_row


def print_replays(console: Console | None = None) -> int:
    console = console or Console()
    games, problems = finished_games()
    for problem in problems:
        console.print(Text(f"cardtable: skipped {problem}"), style="yellow")
    if not games:
        console.print("No finished games kept yet: play one, and it is kept here to replay.")
        return 0
    table = Table(title="Finished games, newest first", title_justify="left")
    for column in ("Date", "Game", "Players", "Result", "File"):
        table.add_column(column)
    for game in games:
        # names are people's own words: plain text, never markup
        table.add_row(*(Text(cell) for cell in (*finished_row(game), str(game.path))))
    console.print(table)
    console.print("Open one with: cardtable replay FILE (or Replays on the home screen)")
    return 0
