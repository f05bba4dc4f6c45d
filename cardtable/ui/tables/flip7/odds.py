"""The odds panel: what is left to draw, the chance the next card busts you, and hit vs. stay.

Every figure comes from ``cardtable.games.flip7.bots.odds``, which counts the cards left exactly;
this module only lays them out. Numbers already in your row (the ones that would bust you) are
marked with a ▲ under them, not only by colour.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from cardtable.games.flip7.bots.odds import Odds, next_counts, odds
from cardtable.games.flip7.cards import ACTIONS, LAST_NUMBER, MODIFIERS, NUMBERS, Card, label
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import Flip7View, SeatView
from cardtable.ui.tables.flip7.text import percent

CELL = 3
GAP = "   "
#: a piece of a row: plain text, or text and its style
Part = tuple[str, str] | str
SHORT = {"Freeze": "Freeze", "Flip Three": "Flip Three", "Second Chance": "2nd Chance"}


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
    mods = [label(card) for card in MODIFIERS if counts[card]]
    cards += [GAP, ("mods ", "bold"), " ".join(mods) or "none left"]
    if view.action_cards:
        left += [GAP] + _action_counts(counts, ACTIONS[:2])
        marks += [GAP] + _action_counts(counts, ACTIONS[2:])
    elif held:
        marks += [GAP, ("▲ in your row: busts you", "$foreground 70%")]
    return [Content.assemble(*row) for row in (cards, left, marks)]


def _action_counts(counts: tuple[int, ...], cards: tuple[Card, ...]) -> list[Part]:
    parts: list[Part] = []
    for card in cards:
        parts += [(SHORT[label(card)], "bold"), f" {counts[card]}  "]
    return parts


def verdict(view: Flip7View, seat: SeatView, chances: Odds) -> Content:
    """The line that answers "should I hit?": bust chance, both expectations, a recommendation."""
    if seat.status is not Status.ACTIVE:
        return Content.assemble(
            ("You are out of this round: ", "italic"), seat.status.value.upper()
        )
    if not seat.numbers and not seat.modifiers:
        return Content.assemble(
            "Nothing to bank yet and a first card can't bust you ", ("→ hit", "bold")
        )
    counts = next_counts(view)
    total = sum(counts)
    bad = sum(counts[n] for n in set(seat.numbers) if n <= LAST_NUMBER)
    if seat.second_chance:
        risk = (
            f"next card: {percent(chances.duplicate)} duplicate, your Second Chance covers it",
            "",
        )
    else:
        style = "bold $bust" if chances.bust >= 0.3 else "bold"
        risk = (f"next card busts you: {percent(chances.bust)} ({bad} of {total})", style)
    hit = chances.hit >= chances.stay
    advice = ("→ HIT", "bold reverse $card-plus") if hit else ("→ STAY", "bold reverse $stand")
    seventh = f"   Flip 7 chance {percent(chances.flip_seven)}" if chances.flip_seven else ""
    refill = "   (deck empty: drawing from the reshuffled discard)" if chances.reshuffle else ""
    return Content.assemble(
        risk,
        f"  hit: {chances.hit:.1f} expected  stay: {chances.stay:g}  ",
        advice,
        seventh,
        refill,
    )


def odds_content(view: Flip7View, seat: int) -> Content:
    me = view.seats[seat]
    lines = grid_rows(view, me)
    lines.append(verdict(view, me, odds(view, seat)))
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
