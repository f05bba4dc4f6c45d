"""Pixies scoreboards: the summary between rounds and the final result, as tables of points.

Every number comes from the core's ``ScoreBreakdown``s; the screens only lay them out, so a
player can check where each point came from without re-adding anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from cardtable.games.pixies.events import RoundEnd, RoundEnded
from cardtable.games.pixies.scoring import ZONE_VALUES, ScoreBreakdown
from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel


def zone_cell(score: ScoreBreakdown) -> str:
    if score.zone_colour is None:
        return "-"
    return f"{score.zone_colour.letter} {score.zone_size}×{score.zone_value}={score.zone}"


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _table(names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("", no_wrap=True)
    for name in names:
        # a name is a player's text, never markup
        table.add_column(Text(name), justify="right", no_wrap=True)
    return table


def best_marks(values: Sequence[int]) -> list[str]:
    """Each value as text, the highest with a ◀ so the leader is not shown by colour alone."""
    top = max(values)
    return [f"{v} ◀" if v == top else f"{v}  " for v in values]


def round_table(
    names: Sequence[str], scores: Sequence[ScoreBreakdown], totals: Sequence[int]
) -> Table:
    """One round, part by part: numbers, symbols, specials, the zone, then the running total."""
    table = _table(names)
    table.add_row("validated numbers", *(str(s.validated) for s in scores))
    table.add_row("@ spirals", *(signed(s.spirals) for s in scores))
    table.add_row("✗ crosses", *(signed(-s.crosses) for s in scores))
    table.add_row("★ specials", *(signed(s.specials) for s in scores))
    table.add_row("◆ largest zone", *(zone_cell(s) for s in scores))
    table.add_row("this round", *best_marks([s.total for s in scores]), style="bold")
    table.add_row("game so far", *best_marks(list(totals)), style="bold")
    return table


def game_table(names: Sequence[str], history: Sequence[Sequence[ScoreBreakdown]]) -> Table:
    """Every round's score, the total, and where the game's points came from."""
    table = _table(names)
    seats = range(len(names))
    for number, scores in enumerate(history, start=1):
        table.add_row(f"round {number}", *(str(s.total) for s in scores))
    totals = [sum(r[s].total for r in history) for s in seats]
    table.add_row("total", *best_marks(totals), style="bold", end_section=True)

    def summed(part: str, sign: int = 1) -> list[str]:
        return [signed(sign * sum(getattr(r[s], part) for r in history)) for s in seats]

    table.add_row("validated numbers", *(str(sum(r[s].validated for r in history)) for s in seats))
    table.add_row("@ spirals", *summed("spirals"))
    table.add_row("✗ crosses", *summed("crosses", -1))
    table.add_row("★ specials", *summed("specials"))
    table.add_row("◆ zones", *summed("zone"))
    return table


class ScoreboardScreen(ResultPanel):
    """A result with a table of points between the verdict and the buttons, beside the grids
    that made the scores."""

    DEFAULT_CSS = """
    ScoreboardScreen #scoreboard { width: auto; margin-top: 1; }
    ScoreboardScreen #details { color: $foreground 80%; margin-top: 0; }
    """

    def __init__(
        self, verdict: str, details: str, table: Table, choices: tuple[tuple[str, str], ...]
    ) -> None:
        super().__init__(verdict, details, choices)
        self.table = table
        # a side panel as wide as the table of points (the grids keep what is left)
        console = Console(width=200)
        table_width = Measurement.get(console, console.options, table).maximum
        self.side_width = max(self.side_width, table_width + 5)

    def compose_summary(self) -> ComposeResult:
        yield Static(self.table, id="scoreboard")
        yield from super().compose_summary()


def round_summary(
    event: RoundEnded, names: Sequence[str], filled_by: int | None
) -> ScoreboardScreen:
    """The interlude after a round: why it ended and the points it gave each player."""
    if event.reason is RoundEnd.DECK_OUT:
        why = "the deck could not fill another reveal"
    elif filled_by is not None:
        why = f"{names[filled_by]} filled all nine spaces"
    else:
        why = "a grid is full"
    verdict = f"Round {event.round} of {len(ZONE_VALUES)} is over: {why}"
    nxt = event.round + 1
    details = (
        f"Round {nxt}: a fresh shuffle, empty grids, zones score {ZONE_VALUES[nxt - 1]} a card."
    )
    table = round_table(names, event.scores, event.totals)
    return ScoreboardScreen(verdict, details, table, (("next", f"Start round {nxt}"),))


def final_result(
    names: Sequence[str], winners: Sequence[int], history: Sequence[Sequence[ScoreBreakdown]]
) -> ScoreboardScreen:
    """The end of the game: who won, round by round, and what scored."""
    totals = [sum(r[s].total for r in history) for s in range(len(names))]
    best = totals[winners[0]]
    if len(winners) > 1:
        verdict = f"{' and '.join(names[w] for w in winners)} share the win with {best}"
    elif names[winners[0]] == "You":
        verdict = f"You won with {best}!"
    else:
        verdict = f"{names[winners[0]]} won with {best}"
    table = game_table(names, history)
    return ScoreboardScreen(verdict, "", table, MATCH_CHOICES)
