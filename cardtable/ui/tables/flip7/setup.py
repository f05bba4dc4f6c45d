"""Flip 7's new-game form: the generic one, saying which game the seats make and the solo best.

The mode follows the seat count given at launch (one seat is the solo challenge), so the form
does not offer it; the action-card switch only matters at a table, so solo hides it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from cardtable.ui.screens.newgame import NewGameScreen


class Flip7NewGame(NewGameScreen):
    """Names the game being set up, and in solo the fewest rounds reached 200 so far."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.solo = getattr(self.options, "mode", "solo") == "solo"
        if self.solo:
            self.HANDLED_ELSEWHERE = frozenset({"mode", "action_cards"})

    def compose_extras(self) -> ComposeResult:
        if self.solo:
            yield Static("Solo challenge", classes="heading")
            yield Static(
                f"Reach 200 in as few rounds as you can (85 cards, no action cards). {self.best()}",
                markup=False,
            )
        else:
            yield Static("Table game", classes="heading")
            yield Static(
                f"{len(self.seats)} players; first past 200 with the highest total wins. "
                "For the solo challenge: cardtable play flip7"
            )

    def best(self) -> str:
        stats = getattr(self.app, "stats", None)
        entry = stats.load().games.get("flip7") if stats is not None else None
        rounds = entry.solo_best_rounds if entry is not None else None
        return f"Your best: {rounds} rounds." if rounds else "No finished solo game yet."
