"""Flip 7's new-game form: the generic one, saying which game the seats make and the solo best.

The mode follows the seat count (one seat is the solo challenge), so the form does not offer it;
the action-card switch only matters at a table, so solo hides it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from cardtable.ui.screens.newgame import NewGameScreen


class Flip7NewGame(NewGameScreen):
    """One seat is the solo challenge, two to eight the table game: the mode, the action-card
    switch and the description follow the seat count."""

    HANDLED_ELSEWHERE = frozenset({"mode"})

    def compose_extras(self) -> ComposeResult:
        yield Static("", classes="heading", id="flip7-mode")
        yield Static("", id="flip7-about", markup=False)

    async def seats_changed(self, count: int) -> None:
        solo = count == 1
        self.query_one("#row-action_cards").display = not solo
        self.query_one("#flip7-mode", Static).update("Solo challenge" if solo else "Table game")
        self.query_one("#flip7-about", Static).update(
            f"Reach 200 in as few rounds as you can (85 cards, no action cards). {self.best()}"
            if solo
            else f"{count} players; first past 200 with the highest total wins. "
            "One seat is the solo challenge."
        )

    def extra_options(self) -> dict[str, Any]:
        return {"mode": "solo" if self.seat_count == 1 else "table"}

    def best(self) -> str:
        stats = getattr(self.app, "stats", None)
        entry = stats.load().games.get("flip7") if stats is not None else None
        rounds = entry.solo_best_rounds if entry is not None else None
        return f"Your best: {rounds} rounds." if rounds else "No finished solo game yet."
