"""The line over the Pixies table that says who must choose what, and which keys choose it.

Pure functions of the observation and the seat names, so the wording is easy to test and the
table screen keeps to drawing and turn flow.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.pixies.state import Phase
from cardtable.games.pixies.view import PixiesObservation


def picks(view: PixiesObservation, names: Sequence[str]) -> str:
    """Who still picks this turn, in order (twice each with two players)."""
    return " ▸ ".join(names[s] for s in view.pickers)


def ask(view: PixiesObservation, names: Sequence[str]) -> str:
    """What the person at the keyboard must choose now, and how."""
    card = view.pending
    if card is not None and view.phase is Phase.KEEP:
        n = card.number
        return (
            f"Space {n} already shows {'an' if n == 8 else 'a'} {n}: keep which face-up? "
            "n the new, o the old (or ← → Enter, or click); the other is tucked under, "
            f"validating {n}."
        )
    if card is not None:
        return (
            f"Your {card.number} is validated, so {card.label} goes face-down: choose a lit "
            "space » « with 1–9, ← → Enter, or a click."
        )
    keys = "1" if len(view.revealed) == 1 else f"1–{len(view.revealed)}"
    return f"Take a card: {keys}, ← → Enter, or click it.   Picks: {picks(view, names)}"


def waiting(view: PixiesObservation, who: str, names: Sequence[str]) -> str:
    """What someone else (a bot) is deciding, so a person can follow along."""
    card = view.pending
    if card is not None and view.phase is Phase.KEEP:
        return f"{who} took {card.label}: keeping the new or the old {card.number}…"
    if card is not None:
        return f"{who} took {card.label}: laying it face-down…"
    return f"{who} is choosing a card…   Picks: {picks(view, names)}"


def game_over(view: PixiesObservation, names: Sequence[str]) -> str:
    best = max(view.totals)
    winners = [names[s] for s, total in enumerate(view.totals) if total == best]
    return f"Game over: {' and '.join(winners)} with {best}."
