"""Pazaak's new-game form: the generic seats and options, plus a side deck for each seat."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Select, Static

from cardtable.core.seats import Seat
from cardtable.ui.screens.newgame import HUMAN, NewGameScreen
from cardtable.ui.widgets.stepper import Stepper

if TYPE_CHECKING:
    from cardtable.persist.decks import DeckStore


class PazaakNewGame(NewGameScreen):
    """Choosing decks: every ready-made deck and the person's own; the first seat's last pick
    is preselected, the other seat gets the default deck."""

    DEFAULT_CSS = """
    PazaakNewGame #deck-rows { height: auto; }
    PazaakNewGame #build-deck { margin-bottom: 1; }
    """
    HANDLED_ELSEWHERE = frozenset({"mode", "decks"})
    BINDINGS = [Binding("b", "build_deck", "Build a deck")]

    @cached_property
    def store(self) -> DeckStore:
        """The person's decks, read with the deferred fields (the file is checked by pydantic)."""
        from cardtable.persist.decks import DeckStore

        return DeckStore()

    async def fields_shown(self) -> None:
        await super().fields_shown()
        for problem in self.store.take_problems():
            self.notify(f"Side deck skipped: {problem}", severity="error", timeout=10)

    def default_deck(self, seat: int) -> str:
        """The ready-made deck a seat is offered unless it picked another last time (read with
        the deferred fields: the first frame needs none of the game's modules)."""
        from cardtable.games.pazaak.rules import DEFAULT_DECKS

        return DEFAULT_DECKS[seat]

    def deck_options(self) -> list[tuple[str, str]]:
        return [(title, key) for key, title, _cards in self.store.all_decks()]

    def compose_extras(self) -> ComposeResult:
        yield Static("Side decks", classes="heading")
        with Vertical(id="deck-rows"):
            for i in range(len(self.seats)):
                yield self.deck_row(i)
        yield Button("Build a side deck… (b)", id="build-deck", compact=True)

    def deck_row(self, seat: int) -> Horizontal:
        """Seat 1 is offered the deck picked last time, every other seat the game's default."""
        options = self.deck_options()
        last = self.store.last_choice()
        keys = [key for _, key in options]
        from cardtable.persist.decks import READY, deck_key

        value = last if seat == 0 and last in keys else deck_key(READY, self.default_deck(seat))
        choice = Select(options, value=value, allow_blank=False, compact=True, id=f"deck-{seat}")
        label = Label(f"Deck of seat {seat + 1}")
        return Horizontal(label, choice, classes="row", id=f"deck-row-{seat}")

    async def seats_changed(self, count: int) -> None:
        rows = self.query_one("#deck-rows")
        shown = len(rows.children)
        if count > shown:
            await rows.mount_all([self.deck_row(i) for i in range(shown, count)])
        for row in list(rows.children)[count:]:
            await row.remove()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "build-deck":
            event.stop()
            self.action_build_deck()
        else:
            await super().on_button_pressed(event)

    def action_build_deck(self) -> None:
        from cardtable.ui.tables.pazaak.deckbuilder import DeckBuilderScreen

        self.app.push_screen(DeckBuilderScreen(), self.deck_built)

    def deck_built(self, key: str | None) -> None:
        """The new deck goes to the first seat a person plays; every other seat keeps its deck
        (refreshing a list of choices would otherwise reset it to the first)."""
        if key is None:
            return
        options = self.deck_options()
        kinds = [self.query_one(f"#seat-{i}", Stepper).value for i in range(self.seat_count)]
        person = kinds.index(HUMAN) if HUMAN in kinds else 0
        for i in range(self.seat_count):
            select = self.query_one(f"#deck-{i}", Select)
            kept = select.value
            select.set_options(options)
            select.value = key if i == person else kept
        if person == 0:
            self.store.remember(key)

    def make_config(self, options: Any, seats: tuple[Seat, ...]) -> Any:
        from cardtable.games.pazaak.state import PazaakConfig

        keys = [str(self.query_one(f"#deck-{i}", Select).value) for i in range(len(seats))]
        decks = tuple(self.store.resolve(key) for key in keys)
        if seats[0].is_human:
            self.store.remember(keys[0])
        base = options.to_config(len(seats))
        return PazaakConfig(decks, main_deck=base.main_deck, opener=base.opener)
