"""Between rounds and at the end: each row as the round left it, the totals, and the solo climb.

A round can end on the very card that busts the last player, and the table clears the rows at
once; the summary is where everybody sees how it went. In solo the end screen also draws the
total climbing round by round, and the rounds taken against the best so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from cardtable.games.flip7.cards import FLIP_SEVEN_BONUS, GOAL
from cardtable.games.flip7.state import Status
from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel
from cardtable.ui.tables.flip7.events import RoundResult, RowAtEnd
from cardtable.ui.tables.flip7.text import BEAT, chart_width, climb_chart, row_text

HOW = {
    Status.ACTIVE: "still in",
    Status.STAYED: "stayed",
    Status.FROZEN: "frozen",
    Status.BUST: "BUST",
}


class Flip7Result(ResultPanel):
    """A result with a body of styled lines (rows, a chart) between the verdict and the buttons."""

    #: the rows' lines are this wide: a side panel narrower than that goes below the rows
    side_width = 84
    DEFAULT_CSS = """
    Flip7Result .body { margin-top: 1; width: 100%; height: auto; text-wrap: nowrap; }
    Flip7Result .chart { margin-top: 1; width: 100%; height: auto; color: $card-plus; text-wrap: nowrap; }
    """

    def __init__(
        self,
        verdict: str,
        details: str,
        choices: tuple[tuple[str, str], ...],
        body: Content | None = None,
        climb: Sequence[int] = (),
    ) -> None:
        super().__init__(verdict, details, choices)
        self.body = body
        self.climb = climb
        #: the verdict and body to show first, with the card that ended the round face down
        self.suspense: tuple[str, Content] | None = None

    def on_mount(self) -> None:
        """Turn the round's last card over after a beat (at once when animations are off)."""
        if self.suspense is None or self.app.animation_level == "none":
            return
        self.query_one("#verdict", Static).update(self.suspense[0])
        self.query_one(".body", Static).update(self.suspense[1])
        self.set_timer(BEAT, self._turn_over)

    def _turn_over(self) -> None:
        self.query_one("#verdict", Static).update(self.verdict)
        self.query_one(".body", Static).update(self.body or "")

    def chart(self) -> str:
        """The climb, as tall as the screen allows (the box must fit 80×24 with its buttons)."""
        height = max(3, min(8, self.app.size.height - 18))
        width = chart_width(len(self.climb), 76)
        return "\n".join(climb_chart(self.climb, GOAL, height=height, width=width))

    def compose_summary(self) -> ComposeResult:
        if self.body is not None:
            yield Static(self.body, classes="body")
        if self.climb:
            yield Static(self.chart(), classes="chart", markup=False)
        yield from super().compose_summary()


def row_line(
    row: RowAtEnd, name: str, score: int, total: int, width: int, hide: bool = False
) -> Content:
    """``You       stayed      12  3  7  +4 ×2      +48 → 166``; ``hide``: its last card face down."""
    how = "…" if hide else "FLIP 7" if row.flip_seven else HOW[row.status]
    style = "bold $bust" if row.status is Status.BUST else "bold $stand" if row.flip_seven else ""
    cards = row_text(row.numbers, row.modifiers, row.status, hide_last=hide)
    pad = max(1, 30 - len(cards.plain))
    points = "?" if hide else f"+{score}" if score else "0"
    return Content.assemble(
        (f"{name:<{width}}", "bold"),
        (f"{how:<10}", "" if hide else style),
        cards,
        " " * pad,
        (f"{points:>4}", "bold"),
        f"  → {'?' if hide else total}",
    )


def summary_body(
    result: RoundResult, names: Sequence[str], caption: str = "", hide: bool = False
) -> Content:
    """Every row as the round left it; ``hide`` keeps the card that ended it face down."""
    width = max(len(name) for name in names) + 2
    lines = [Content.styled(caption, "italic $foreground 70%")] if caption else []
    for row in result.rows:
        seat = row.seat
        hidden = hide and seat == result.ended_on
        lines.append(
            row_line(row, names[seat], result.scores[seat], result.totals[seat], width, hidden)
        )
    return Content("\n").join(lines)


def round_summary(result: RoundResult, names: Sequence[str], solo: bool) -> Flip7Result:
    """The screen between rounds."""
    flip7 = [row for row in result.rows if row.flip_seven]
    if solo:
        row = result.rows[0]
        verdict = f"Round {result.round}: " + solo_verdict(row, result.scores[0])
        to_go = max(0, GOAL - result.totals[0])
        details = f"Total {result.totals[0]} of {GOAL} · {to_go} to go"
    else:
        verdict = f"Round {result.round} over"
        if flip7:
            verdict += f": {names[flip7[0].seat]} made a Flip 7 (+{FLIP_SEVEN_BONUS})"
        details = tie_note(result, names)
    screen = Flip7Result(
        verdict, details, (("next", "Next round"),), body=summary_body(result, names)
    )
    if result.ended_on is not None:
        screen.suspense = (f"Round {result.round}: …", summary_body(result, names, hide=True))
    return screen


def solo_verdict(row: RowAtEnd, score: int) -> str:
    if row.flip_seven:
        return f"Flip 7! Seven numbers and +{FLIP_SEVEN_BONUS}: {score} points"
    if row.status is Status.BUST:
        return f"bust on a second {int(row.numbers[-1])}, 0 points"
    return f"you stayed on {score}"


def tie_note(result: RoundResult, names: Sequence[str]) -> str:
    if result.play_on:
        tied = " and ".join(names[s] for s in result.play_on)
        return f"{tied} tie for the lead at {result.totals[result.play_on[0]]}: one more round."
    leader = max(range(len(result.totals)), key=lambda s: result.totals[s])
    return f"Leading: {names[leader]} with {result.totals[leader]} of {GOAL}."


def solo_final(
    rounds: int, totals: Sequence[int], best_before: int | None, last: RoundResult | None
) -> Flip7Result:
    """The solo end: rounds taken, the best so far, and the climb to 200."""
    if best_before is None:
        record = "Your first finished solo game: this is your best."
    elif rounds < best_before:
        record = f"A new best! Your previous best was {best_before} rounds."
    elif rounds == best_before:
        record = f"Equal to your best of {best_before} rounds."
    else:
        record = f"Your best is {best_before} rounds."
    body = summary_body(last, ("You",), f"Round {last.round}:") if last is not None else None
    return Flip7Result(
        f"{GOAL} reached in {rounds} rounds",
        f"{record}  Total {totals[-1] if totals else 0}.",
        MATCH_CHOICES,
        body=body,
        climb=totals,
    )


def table_final(
    names: Sequence[str],
    totals: Sequence[int],
    winners: Sequence[int],
    rounds: int,
    last: RoundResult | None,
) -> Flip7Result:
    """The table game's end: the winner, everyone's total in order, and the last round."""
    won = " and ".join(names[w] for w in winners)
    verdict = "You won!" if names[winners[0]] == "You" and len(winners) == 1 else f"{won} won"
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    ranking = " · ".join(
        f"{place}. {names[s]} {totals[s]}" for place, s in enumerate(order, start=1)
    )
    body = summary_body(last, names, f"The last round, {last.round}:") if last is not None else None
    return Flip7Result(
        f"{verdict} after {rounds} rounds",
        f"Final totals, first past {GOAL}: {ranking}",
        MATCH_CHOICES,
        body=body,
    )
