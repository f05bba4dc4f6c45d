"""Playing a hand card, shared by Pazaak's and Pazu-Pazaak's tables (their hands are the same
cards): a card with a choice of values asks which first, in ``SignPicker``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.games.pazaak.actions import PlaySide
from cardtable.games.pazaak.cards import Card, label, side_values, signed

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen


class SignPicker(ModalScreen[int | None]):
    """Choose the value a dual or ±1/2 card is played as; keys 1–4 or a click, Escape cancels."""

    DEFAULT_CSS = """
    SignPicker { align: center middle; }
    SignPicker #picker { width: auto; height: auto; padding: 1 2; border: heavy $primary; background: $surface; }
    SignPicker Horizontal { height: auto; width: auto; margin-top: 1; }
    SignPicker Button { margin-right: 1; min-width: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 5)),
        Binding("plus", "pick(0)", show=False),
        Binding("minus", "pick(1)", show=False),
    ]

    def __init__(self, card: Card, values: tuple[int, ...]) -> None:
        super().__init__()
        self.card = card
        self.values = values

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(f"Play {label(self.card)} as:", markup=False)
            with Horizontal():
                for i, value in enumerate(self.values):
                    yield Button(f"[{i + 1}] {signed(value)}", id=f"value-{i}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_pick(int((event.button.id or "value-0").split("-")[1]))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.values):
            self.dismiss(self.values[index])

    def action_cancel(self) -> None:
        self.dismiss(None)


def play_hand_card(table: TableScreen, index: int, cards: str) -> None:
    """Play the person's hand card ``index``; ``cards`` names the hand in a refusal."""
    view = table.session.observe()
    if not table.my_turn or view.hand is None:
        return
    if index >= len(view.hand):
        table.refused(f"you hold {len(view.hand)} {cards}: there is no card {index + 1}")
        return
    card = view.hand[index]
    values = tuple(
        a.value for a in table.session.playable() if isinstance(a, PlaySide) and a.index == index
    )
    if len(values) > 1:
        table.app.push_screen(
            SignPicker(card, values),
            lambda value: table.play_human(PlaySide(index, value)) if value is not None else None,
        )
    else:
        # one value, or none: then the core refuses with the reason
        table.play_human(PlaySide(index, values[0] if values else side_values(card)[0]))
