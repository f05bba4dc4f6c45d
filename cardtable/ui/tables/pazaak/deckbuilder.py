"""Build a Pazaak side deck from the inventory, name it and save it for the new-game screen.

The screen owns the deck being built (a plain list of cards); the inventory grid and the deck
row only show it and post what the person chose. Legality comes from the rules core
(``deck_problem``, ``INVENTORY``) and the store, so the screen never re-derives a rule.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Click, Resize
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from cardtable.games.pazaak.cards import INVENTORY, READY_DECKS, SIDE_DECK_SIZE, Card, Kind, label
from cardtable.persist.decks import USER, DeckStore
from cardtable.ui.tables.pazaak.widgets import card_tip, hand_kind
from cardtable.ui.widgets.card import CardView
from cardtable.ui.widgets.footer import Footer

#: inventory rows: plus, minus and dual cards by N, then the special cards
COLUMNS = 6
#: terminal rows from which the roomy layout (frames, gaps between cards) fits
ROOMY_HEIGHT = 36


def inventory_order() -> tuple[Card, ...]:
    """Side cards row by row: +N, -N, ±N, then the rest, as the inventory lists them."""
    rows = [[c for c in INVENTORY if c.kind is kind] for kind in (Kind.PLUS, Kind.MINUS, Kind.DUAL)]
    rest = [c for c in INVENTORY if c.kind not in (Kind.PLUS, Kind.MINUS, Kind.DUAL)]
    return tuple(c for row in (*rows, rest) for c in row)


class InventoryCell(CardView):
    """One inventory card with how many copies the deck holds out of how many are allowed."""

    def __init__(self, card: Card, index: int) -> None:
        super().__init__(label(card), hand_kind(card), classes="cell")
        self.card = card
        self.index = index
        self.tooltip = f"{card_tip(card)}\nClick to add it to the deck"

    def show_count(self, have: int) -> None:
        allowed = INVENTORY[self.card]
        full = have >= allowed
        todo = f"all {allowed} are in the deck" if full else f"click to add one ({have}/{allowed})"
        self.show(
            f"{label(self.card)}  {have}/{allowed}",
            hand_kind(self.card),
            dim=full,
            tip=f"{card_tip(self.card)}\n{todo[0].upper()}{todo[1:]}",
        )

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(InventoryGrid.Chosen(self.card, self.index))


class InventoryGrid(Grid, can_focus=True):
    """Every side card; arrows move the cursor, Enter or a click picks one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up", f"move(-{COLUMNS})", "Up", show=False),
        Binding("down", f"move({COLUMNS})", "Down", show=False),
        Binding("enter,space", "choose", "Add", show=False),
    ]
    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """The person picked ``card`` (by key or click) to add to the deck."""

        def __init__(self, card: Card, index: int) -> None:
            super().__init__()
            self.card = card
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = inventory_order()

    def compose(self) -> ComposeResult:
        for i, card in enumerate(self.cards):
            yield InventoryCell(card, i)

    def on_mount(self) -> None:
        self.watch_cursor(self.cursor)

    def watch_cursor(self, cursor: int) -> None:
        for cell in self.query(InventoryCell):
            cell.set_class(cell.index == cursor, "-selected")

    def show_counts(self, counts: Counter[Card]) -> None:
        for cell in self.query(InventoryCell):
            cell.show_count(counts[cell.card])

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.cards) - 1, self.cursor + step))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cards[self.cursor], self.cursor))

    def on_inventory_grid_chosen(self, event: InventoryGrid.Chosen) -> None:
        """A click moves the cursor too, so keys carry on from where the mouse was."""
        self.cursor = event.index
        self.focus()

    @property
    def current(self) -> Card:
        return self.cards[self.cursor]


class DeckSlot(CardView):
    """One of the ten places in the deck; clicking a filled one takes its card out."""

    def __init__(self, index: int) -> None:
        super().__init__("", "empty", classes="slot")
        self.index = index

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(DeckRow.Removed(self.index))


class DeckRow(Horizontal, can_focus=True):
    """The deck being built; arrows pick a card for Backspace or - to take out."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("delete", "remove", "Remove", show=False),
    ]
    selected: reactive[int] = reactive(-1)

    class Removed(Message):
        """The person asked to take the card at ``index`` out of the deck."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.size_now = 0

    def compose(self) -> ComposeResult:
        for i in range(SIDE_DECK_SIZE):
            yield DeckSlot(i)

    def show_deck(self, cards: list[Card]) -> None:
        self.size_now = len(cards)
        for slot in self.query(DeckSlot):
            if slot.index < len(cards):
                card = cards[slot.index]
                slot.show(
                    label(card), hand_kind(card), tip=f"{card_tip(card)}\nClick to take it out"
                )
            else:
                slot.show("·", "empty")
        self.selected = min(self.selected, len(cards) - 1) if self.selected >= 0 else -1
        self._mark()

    def watch_selected(self) -> None:
        self._mark()

    def _mark(self) -> None:
        """Show the selection only while the row has focus, where Backspace acts on it."""
        target = self.target
        for slot in self.query(DeckSlot):
            slot.set_class(self.has_focus and slot.index == target, "-selected")

    @property
    def target(self) -> int:
        """The card Backspace takes out: the selected one, else the last."""
        return self.selected if self.selected >= 0 else self.size_now - 1

    def on_focus(self) -> None:
        self._mark()

    def on_blur(self) -> None:
        self._mark()

    def action_move(self, step: int) -> None:
        if self.size_now:
            self.selected = max(0, min(self.size_now - 1, self.target + step))

    def action_remove(self) -> None:
        if self.size_now:
            self.post_message(self.Removed(self.target))


class DeckBuilderScreen(Screen[str | None]):
    """Dismisses with the saved deck's key (e.g. "user:Mine"), or None when cancelled.

    ``start`` names a deck (as ``DeckStore.all_decks`` keys it) to begin from; a saved deck
    also fills in its name, so saving again replaces it.
    """

    DEFAULT_CSS = """
    DeckBuilderScreen { align: center middle; }
    DeckBuilderScreen #builder { width: 100%; max-width: 112; height: auto; padding: 0 1; }
    DeckBuilderScreen .heading { text-style: bold; color: $primary; height: 1; }
    DeckBuilderScreen InventoryGrid {
        grid-size: 6; grid-rows: 3; grid-gutter: 0 1; height: auto;
        border-left: outer $foreground 20%;
    }
    DeckBuilderScreen DeckRow { height: 3; border-left: outer $foreground 20%; }
    DeckBuilderScreen InventoryGrid:focus, DeckBuilderScreen DeckRow:focus {
        border-left: outer $primary; background: $primary 10%;
    }
    DeckBuilderScreen CardView { width: 1fr; }
    DeckBuilderScreen DeckSlot { margin-right: 1; }
    DeckBuilderScreen CardView.-selected { text-style: bold reverse; }
    DeckBuilderScreen #status { height: 1; color: $text-muted; }
    DeckBuilderScreen #status.-error { color: $error; }
    DeckBuilderScreen #controls { height: 3; }
    DeckBuilderScreen #name { width: 1fr; min-width: 16; }
    DeckBuilderScreen #start-from { width: 24; }
    DeckBuilderScreen #controls Button { min-width: 10; margin-left: 1; }
    /* with room to spare (e.g. 120x40) the sections get frames and the cards air */
    DeckBuilderScreen.-roomy InventoryGrid {
        grid-gutter: 1 2; padding: 1 2; border: round $foreground 30%;
    }
    DeckBuilderScreen.-roomy DeckRow { height: 5; padding: 0 2; border: round $foreground 30%; }
    DeckBuilderScreen.-roomy InventoryGrid:focus, DeckBuilderScreen.-roomy DeckRow:focus {
        border: round $primary;
    }
    DeckBuilderScreen.-roomy .heading { margin-top: 1; }
    DeckBuilderScreen.-roomy #status { margin: 1 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "add", "Add card"),
        Binding("minus,backspace", "remove", "Remove card"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, store: DeckStore | None = None, start: str | None = None) -> None:
        super().__init__()
        self.store = store or DeckStore()
        self.start = start
        self.deck: list[Card] = []

    def compose(self) -> ComposeResult:
        choices = [(choice.title, choice.key) for choice in self.store.all_decks()]
        with Vertical(id="builder"):
            yield Static("Side deck builder · arrows move, Enter or + adds", classes="heading")
            yield InventoryGrid(id="inventory")
            yield Static(id="deck-heading", classes="heading")
            yield DeckRow(id="deck")
            yield Static(id="status", markup=False)
            with Horizontal(id="controls"):
                yield Input(placeholder="Name this deck", max_length=30, id="name")
                yield Select(choices, prompt="Start from…", id="start-from")
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        """Frames and gaps only where they fit: 80x24 has no line to spare."""
        self.set_class(event.size.height >= ROOMY_HEIGHT, "-roomy")

    def on_mount(self) -> None:
        self.set_class(self.app.size.height >= ROOMY_HEIGHT, "-roomy")
        for problem in self.store.take_problems():
            self.notify(f"Skipped {problem}", title="Side decks", severity="error", timeout=10)
        if self.start is not None:
            self.start_from(self.start)
        self._refresh()
        self.query_one(InventoryGrid).focus()

    # -- showing -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Push the deck down to the widgets that show it."""
        self.query_one(InventoryGrid).show_counts(Counter(self.deck))
        self.query_one(DeckRow).show_deck(self.deck)
        size = len(self.deck)
        state = "ready to save" if size == SIDE_DECK_SIZE else f"{SIDE_DECK_SIZE - size} to go"
        self.query_one("#deck-heading", Static).update(
            f"Deck {size}/{SIDE_DECK_SIZE} · {state} · click a card or press - to take it out"
        )

    def say(self, text: str, error: bool = False) -> None:
        """One line of feedback; refusals say so in words (✗), not only in colour."""
        status = self.query_one("#status", Static)
        status.update(f"✗ {text}" if error else text)
        status.set_class(error, "-error")

    # -- changing the deck ---------------------------------------------------------------------

    def add_card(self, card: Card) -> bool:
        """Put ``card`` in the deck unless it is full or the inventory has no copy left."""
        have, allowed = self.deck.count(card), INVENTORY[card]
        if len(self.deck) >= SIDE_DECK_SIZE:
            self.say(f"The deck is full ({SIDE_DECK_SIZE} cards): take one out first.", error=True)
            return False
        if have >= allowed:
            self.say(
                f"No {label(card)} left: the inventory has {allowed} and the deck holds them all.",
                error=True,
            )
            return False
        self.deck.append(card)
        self.say(f"Added {label(card)}.")
        self._refresh()
        return True

    def take_out(self, index: int) -> None:
        if 0 <= index < len(self.deck):
            card = self.deck.pop(index)
            self.say(f"Took {label(card)} out.")
            self._refresh()

    def start_from(self, key: str) -> None:
        """Replace the deck with a ready-made or saved one; a saved one lends its name too."""
        try:
            cards = self.store.resolve(key)
        except ValueError as error:
            self.say(str(error), error=True)
            return
        self.deck = list(cards)
        kind, _, name = key.partition(":")
        if kind == USER:
            self.query_one("#name", Input).value = name
            self.say(f"Editing {name}: saving under the same name replaces it.")
        else:
            self.say(f"Started from {READY_DECKS[name].title}: change it, name it, save it.")
        self._refresh()

    # -- intents from the widgets --------------------------------------------------------------

    def on_inventory_grid_chosen(self, event: InventoryGrid.Chosen) -> None:
        self.add_card(event.card)

    def on_deck_row_removed(self, event: DeckRow.Removed) -> None:
        self.take_out(event.index)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "start-from" and isinstance(event.value, str):
            self.start_from(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "cancel":
            self.action_cancel()

    # -- commands ------------------------------------------------------------------------------

    def action_add(self) -> None:
        self.add_card(self.query_one(InventoryGrid).current)

    def action_remove(self) -> None:
        """Take out the selected deck card while the deck row has focus, else the last one."""
        row = self.query_one(DeckRow)
        if not self.deck:
            self.say("The deck is empty.", error=True)
            return
        self.take_out(row.target if row.has_focus else len(self.deck) - 1)

    def action_save(self) -> None:
        name = self.query_one("#name", Input).value
        try:
            key = self.store.save(name, self.deck)
        except ValueError as error:
            self.say(f"Not saved: {error}.", error=True)
            return
        self.app.notify(f"Saved side deck {name.strip()!r}.", title="Side decks")
        self.dismiss(key)

    def action_cancel(self) -> None:
        self.dismiss(None)
