"""Settings: the theme (also in the command palette), how long bots pause so moves can be
followed, whether cards move, and the name other players see online."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from cardtable.persist.settings import save_settings
from cardtable.ui.screens.name import name_input, remember_name
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp

PAUSES = (("none", 0.0), ("short (0.3 s)", 0.3), ("normal (0.6 s)", 0.6), ("slow (1.2 s)", 1.2))


class SettingsScreen(ModalScreen[None]):
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen #settings-box { width: 64; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    SettingsScreen .row { height: 1; margin-bottom: 1; }
    SettingsScreen .row Label { width: 16; }
    SettingsScreen .row Select, SettingsScreen .row Input { width: 1fr; }
    SettingsScreen #name-problem { color: $error; height: auto; margin-bottom: 1; }
    SettingsScreen #heading { text-style: bold; color: $primary; margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Close")]

    def compose(self) -> ComposeResult:
        app = self.app
        themes = sorted(app.available_themes)
        with Vertical(id="settings-box"):
            yield Static("Settings", id="heading")
            with Horizontal(classes="row"):
                yield Label("Theme")
                yield Select(
                    [(t, t) for t in themes],
                    value=app.theme,
                    allow_blank=False,
                    compact=True,
                    id="theme",
                )
            with Horizontal(classes="row"):
                yield Label("Bot pace")
                pause = min(PAUSES, key=lambda p: abs(p[1] - app.bot_pause))[1]
                yield Select(
                    [(n, v) for n, v in PAUSES],
                    value=pause,
                    allow_blank=False,
                    compact=True,
                    id="pause",
                )
            with Horizontal(classes="row"):
                yield Label("Animation")
                yield Select(
                    [("on", True), ("off", False)],
                    value=app.settings.animation,
                    allow_blank=False,
                    compact=True,
                    id="animation",
                )
            with Horizontal(classes="row"):
                yield Label("Name online")
                field = name_input(app.settings.name)
                field.compact = True
                yield field
            yield Static("", id="name-problem", markup=False)
            yield Button("Done", id="done", variant="primary", compact=True)
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "theme":
            self.app.theme = str(event.value)  # remembered by the app
        elif event.select.id == "pause" and isinstance(event.value, float):
            app = self.app
            app.bot_pause = float(event.value)
            app.settings = replace(app.settings, bot_pause=app.bot_pause)
            save_settings(app.settings)
        elif event.select.id == "animation" and isinstance(event.value, bool):
            app = self.app
            app.animation_level = "full" if event.value else "none"
            app.settings = replace(app.settings, animation=event.value)
            save_settings(app.settings)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A valid name is kept as it is typed; an invalid one says why and keeps the old."""
        result = event.validation_result
        invalid = result is not None and not result.is_valid and bool(event.value.strip())
        problem = result.failure_descriptions[0] if invalid and result else ""
        self.query_one("#name-problem", Static).update(problem)
        if event.value.strip() and not invalid:
            remember_name(self.app, event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
