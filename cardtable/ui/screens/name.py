"""Your name at online tables: asked once, before the first online game, and kept in settings."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Static

from cardtable.core.names import MAX_NAME, clean_name
from cardtable.persist.settings import save_settings
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class NameRule(Validator):
    """The rules every side holds a name to (see ``clean_name``), for an ``Input``."""

    def validate(self, value: str) -> ValidationResult:
        try:
            clean_name(value)
        except ValueError as error:
            return self.failure(str(error))
        return self.success()


def remember_name(app: Any, name: str) -> str:
    """Keep ``name`` (cleaned) as the app's online name; returns it."""
    name = clean_name(name)
    if name != app.settings.name:
        app.settings = replace(app.settings, name=name)
        save_settings(app.settings)
    return name


def name_input(value: str) -> Input:
    """A name field that says what is wrong with a name as it is typed."""
    return Input(
        value,
        placeholder=f"your name (1 to {MAX_NAME} characters)",
        max_length=MAX_NAME,
        validators=[NameRule()],
        id="name",
    )


class NameScreen(ModalScreen[str | None]):
    """Asks for the name other players will see; dismissed with it (kept), or None."""

    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen #name-box { width: 60; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    NameScreen #name-problem { color: $error; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box"):
            yield Static(
                "Your name at online tables\n"
                "Type it and press Enter. The other players see it; you can change it later "
                "in Settings.",
                markup=False,
            )
            yield name_input(self.app.settings.name)
            yield Static("", id="name-problem", markup=False)
        yield Footer()

    def on_input_changed(self, event: Input.Changed) -> None:
        problems = event.validation_result.failure_descriptions if event.validation_result else []
        self.query_one("#name-problem", Static).update(problems[0] if problems else "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            name = remember_name(self.app, event.value)
        except ValueError as error:
            self.query_one("#name-problem", Static).update(str(error))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
