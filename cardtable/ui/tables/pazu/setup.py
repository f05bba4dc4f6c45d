"""Pazu-Pazaak's new-game form: Pazaak's, with one side deck per seat for three to six seats."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.widgets import Select

from cardtable.core.seats import Seat
from cardtable.ui.tables.pazaak.setup import PazaakNewGame


class PazuNewGame(PazaakNewGame):
    """Every seat brings its own 10-card side deck, as in Pazaak; the table's amounts (chips,
    ante limits, bust penalty, sets) come from the options model, and the seats people play
    from the seat choices."""

    def default_deck(self, seat: int) -> str:
        from cardtable.games.pazu.rules import DEFAULT_DECK

        return DEFAULT_DECK

    def make_config(self, options: Any, seats: tuple[Seat, ...]) -> Any:
        keys = [str(self.query_one(f"#deck-{i}", Select).value) for i in range(len(seats))]
        decks = tuple(self.store.resolve(key) for key in keys)
        if seats[0].is_human:
            self.store.remember(keys[0])
        # the people may add and remove bots between sets; the game ends when they have all left
        people = tuple(i for i, seat in enumerate(seats) if seat.is_human)
        # the core checks every deck against the inventory again as the config is rebuilt
        return replace(options.to_config(len(seats)), decks=decks, people=people)
