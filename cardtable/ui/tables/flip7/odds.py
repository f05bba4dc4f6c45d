"""The odds panel: what is left to draw, the chance the next card busts you, and hit vs. stay.

Every figure comes from ``cardtable.games.flip7.bots.odds``, which counts the cards left exactly;
this module only lays them out. Numbers already in your row (the ones that would bust you) are
marked with a ▲ under them, not only by colour.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from cardtable.games.flip7.bots.odds import next_counts, odds
from cardtable.games.flip7.bots.odds_words import (
    IN_YOUR_ROW,
    Verdict,
    actions_left,
    modifiers_left,
    verdict,
)
from cardtable.games.flip7.cards import NUMBERS
from cardtable.games.flip7.view import Flip7View, SeatView

CELL = 3
GAP = "   "
#: a piece of a row: plain text, or text and its style
Part = tuple[str, str] | str


def grid_rows(view: Flip7View, seat: SeatView) -> list[Content]:
    """Three rows: card values, how many of each are left, and ▲ under the ones you hold."""
    counts = next_counts(view)
    held = set(seat.numbers)
    cards: list[Part] = [("card  ", "bold")]
    left: list[Part] = [("left  ", "bold")]
    marks: list[Part] = [("yours ", "bold")]
    for number in NUMBERS:
        mine = number in held
        cards.append((f"{int(number):>{CELL}}", "bold reverse $bust" if mine else "bold"))
        left.append((f"{counts[number]:>{CELL}}", "" if counts[number] else "$foreground 40%"))
        marks.append((f"{'▲' if mine else '':>{CELL}}", "bold $bust"))
    cards += [GAP, ("mods ", "bold"), modifiers_left(counts)]
    if view.action_cards:
        named = [part for name, n in actions_left(counts) for part in ((name, "bold"), f" {n}  ")]
        left += [GAP, *named[:4]]
        marks += [GAP, *named[4:]]
    elif held:
        marks += [GAP, (f"▲ {IN_YOUR_ROW}", "$foreground 70%")]
    return [Content.assemble(*row) for row in (cards, left, marks)]


def verdict_content(said: Verdict) -> Content:
    """The verdict's words styled: a high risk in the bust colour, the advice reversed."""
    if not said.weighing:
        if not said.advice:  # out of the round: "You are out of this round: STAYED"
            why, _, status = said.risk.rpartition(": ")
            return Content.assemble((f"{why}: ", "italic"), status)
        return Content.assemble(f"{said.risk} ", (f"→ {said.advice}", "bold"))
    style = {"": "", "strong": "bold", "danger": "bold $bust"}[said.weight]
    advice = (
        ("→ HIT", "bold reverse $card-plus")
        if said.advice == "hit"
        else ("→ STAY", "bold reverse $stand")
    )
    notes = "".join(f"   {note}" for note in said.notes)
    return Content.assemble((said.risk, style), f"  {said.weighing}  ", advice, notes)


def odds_content(view: Flip7View, seat: int) -> Content:
    me = view.seats[seat]
    lines = grid_rows(view, me)
    lines.append(verdict_content(verdict(view, me, odds(view, seat))))
    return Content("\n").join(lines)


class OddsPanel(Static):
    """Shown and hidden with ``o``; the table passes the view and whose odds to show."""

    DEFAULT_CSS = """
    OddsPanel {
        height: auto; padding: 0 1;
        border: round $card-special; border-title-color: $card-special; border-title-style: bold;
        background: $surface 60%;
    }
    """

    def on_mount(self) -> None:
        self.border_title = "odds · o hides"

    def show(self, view: Flip7View, seat: int | None, name: str) -> None:
        if seat is None:
            self.update("Odds appear for the player at the keyboard.")
            return
        self.border_title = Content(
            "odds · o hides" if name == "You" else f"odds for {name} · o hides"
        )
        self.update(odds_content(view, seat))
