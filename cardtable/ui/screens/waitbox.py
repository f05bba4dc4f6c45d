"""A box of words over the felt, kept up to date while something is waited for: the base of the
waiting room that fills an online table and of the one over a table waiting for its rematch."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class WaitBox(Screen[None]):
    """The words of a wait (``waiting_text``), shown afresh by ``show_text``; Escape leaves."""

    DEFAULT_CSS = """
    WaitBox { align: center middle; background: $felt; }
    WaitBox #waiting-room { width: 80; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    def first_text(self) -> str:
        """The words of the first frame (the wait may not be able to say more yet)."""
        return self.waiting_text()

    def waiting_text(self) -> str:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-room"):
            yield Static(self.first_text(), id="waiting-text", markup=False)
        yield Footer()

    def show_text(self) -> None:
        self.query_one("#waiting-text", Static).update(self.waiting_text())

    def action_leave(self) -> None:
        raise NotImplementedError
