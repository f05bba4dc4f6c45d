"""The target picker: whom a Freeze, a Flip Three or a spare Second Chance goes to.

It lists only the players who may receive the card, each with what matters for the choice:
their total, the row at stake, the chance their next card busts them, and for a Flip Three
what three forced cards are expected to leave them with. Keys are seat numbers, as on the lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Static

from cardtable.core.bots import percent
from cardtable.games.flip7.bots.odds import Search, hand_of, next_counts, odds
from cardtable.games.flip7.state import Choice, Pending
from cardtable.games.flip7.view import Flip7View

TITLES = {
    Choice.FREEZE: (
        "Freeze: who is frozen?",
        "They bank their row now and are out of the round.",
    ),
    Choice.FLIP_THREE: (
        "Flip Three: who flips three cards?",
        "They flip three cards now; a bust or a Flip 7 stops them early.",
    ),
    Choice.SECOND_CHANCE: (
        "Second Chance: who gets your spare?",
        "You hold one already: it goes to an active player without one.",
    ),
}


def picker_title(pending: Pending, names: Sequence[str]) -> tuple[str, str]:
    title, why = TITLES[pending.choice]
    return title, f"{why} Press a number or click."


def picker_entries(
    view: Flip7View, pending: Pending, names: Sequence[str]
) -> list[tuple[int, str]]:
    """One description per eligible seat, in seat order."""
    entries = []
    for seat in pending.options:
        row = view.seats[seat]
        who = f"{names[seat]} (yourself)" if seat == pending.chooser else names[seat]
        text = f"{who} · total {row.banked} · row {row.round_score}"
        risk = odds(view, seat)
        shield = " (Second Chance)" if row.second_chance else ""
        if pending.choice is Choice.FLIP_THREE:
            after = Search(next_counts(view), view.discard_counts, float).forced(hand_of(row), 3)
            text += f" · next busts {percent(risk.bust)}{shield} · after three ≈ {after:.1f}"
        elif pending.choice is Choice.FREEZE:
            text += f" · next busts {percent(risk.bust)}{shield}"
        else:
            text += f" · next duplicate {percent(risk.duplicate)}"
        entries.append((seat, text))
    return entries


class TargetPicker(Vertical):
    """Whom an action card goes to: one button per eligible player, keyed by seat number."""

    DEFAULT_CSS = """
    TargetPicker {
        height: auto; padding: 0 1;
        border: heavy $highlight; border-title-color: $highlight; border-title-style: bold;
        background: $surface;
    }
    TargetPicker .prompt { height: auto; color: $foreground 80%; }
    TargetPicker Button { width: 100%; margin: 0; text-align: left; content-align: left middle; }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="prompt", markup=False)
        for seat in range(8):
            yield Button("", id=f"target-{seat}", compact=True)

    def show(self, title: str, prompt: str, entries: list[tuple[int, str]]) -> None:
        """``entries``: (seat, description) for each player who may receive the card."""
        self.border_title = Content(title)  # it may name a player: never markup
        self.query_one(".prompt", Static).update(prompt)
        offered = dict(entries)
        for button in self.query(Button):
            seat = int((button.id or "target-0").split("-")[1])
            button.display = seat in offered
            if seat in offered:
                button.label = Content(f"[{seat + 1}] {offered[seat]}")
