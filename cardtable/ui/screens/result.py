"""A box that asks what next: a verdict, details and a row of buttons (e.g. "Leave this game?").

A game's own results (a set, a round, a match) use ``ResultPanel``, which keeps the boards in view.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ResultScreen(ModalScreen[str]):
    """Dismisses with the id of the chosen button (e.g. "next", "again", "home").

    Escape picks the first button, which in a question is the safe one ("Keep playing").
    """

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen #result-box {
        width: 64; max-width: 95%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface;
    }
    ResultScreen #verdict { text-style: bold; width: 100%; content-align: center middle; }
    ResultScreen #details { margin-top: 1; width: 100%; }
    ResultScreen #choices { height: auto; margin-top: 1; align-horizontal: center; }
    ResultScreen Button { margin: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "choose_first", "Continue", show=False),
        # the buttons sit in a row: the arrows move along it, as Tab does
        Binding("left", "move_focus(-1)", "Previous button", show=False),
        Binding("right", "move_focus(1)", "Next button", show=False),
    ]

    def __init__(self, verdict: str, details: str, choices: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.verdict = verdict
        self.details = details
        self.choices = choices
        #: choices done where the box stands, which leave it open (a download, say), by id
        self.in_place: dict[str, Callable[[], None]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self.verdict, id="verdict", markup=False)
            yield from self.compose_body()
            with Horizontal(id="choices"):
                for i, (choice_id, label) in enumerate(self.choices):
                    yield Button(label, id=choice_id, variant="primary" if i == 0 else "default")

    def compose_body(self) -> ComposeResult:
        """What sits between the verdict and the buttons: the details, or a game's own summary."""
        if self.details:
            yield Static(self.details, id="details", markup=False)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = event.button.id or ""
        if choice in self.in_place:
            self.in_place[choice]()
        else:
            self.dismiss(choice)

    def action_move_focus(self, step: int) -> None:
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_choose_first(self) -> None:
        self.dismiss(self.choices[0][0])
