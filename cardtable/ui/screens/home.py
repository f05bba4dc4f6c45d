"""The home screen: pick a game, continue any saved one, see replays and stats, change the theme."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.games.registry import GAMES
from cardtable.ui.games import GAME_UIS
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class HomeScreen(Screen[None]):
    DEFAULT_CSS = """
    HomeScreen { align: center middle; background: $felt; }
    HomeScreen #home { width: 86; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    HomeScreen #title { text-style: bold; color: $primary; content-align: center middle; width: 100%; }
    HomeScreen #games { height: auto; max-height: 12; margin: 1 0; }
    HomeScreen #saves { height: auto; max-height: 7; margin-bottom: 1; border: round $primary; }
    HomeScreen #home-buttons { height: 1; align-horizontal: center; }
    HomeScreen #home-buttons Button { margin: 0 2; min-width: 0; }
    """

    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue_game", "Continue"),
        Binding("r", "replays", "Replays"),
        Binding("o", "online", "Play online"),
        Binding("t", "stats", "Stats"),
        Binding("s", "settings", "Settings"),
        Binding("q", "app.quit", "Quit"),
    ]

    has_save = False
    #: every saved game, the latest first (``persist.saves.Resumable``), once they are read
    saved: tuple[Any, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("cardtable · choose a game", id="title")
            yield OptionList(
                *(
                    Option(f"{spec.title}  —  {GAME_UIS[spec.id].blurb}", id=spec.id)
                    for spec in GAMES.values()
                ),
                id="games",
            )
            saves = OptionList(id="saves")
            saves.border_title = "Saved games (c: the latest)"
            yield saves
            with Horizontal(id="home-buttons"):
                yield Button("Replays (r)", id="replays", compact=True)
                yield Button("Play online (o)", id="online", compact=True)
                yield Button("Stats (t)", id="stats", compact=True)
                yield Button("Settings (s)", id="settings", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves", OptionList).display = False
        self.query_one("#games", OptionList).focus()
        # reading saves loads pydantic and replays the saved moves: after the first frame
        self.app.after_first_frame(self.offer_continue)

    def offer_continue(self) -> None:
        """List every saved game to continue, the latest first; report saves set aside."""
        from cardtable.ui.saved import save_title

        self.saved = tuple(self.app.saves.all())
        if self.saved:
            saves = self.query_one("#saves", OptionList)
            # a title holds people's names: plain text, never markup
            saves.set_options(
                Option(Content(f"Continue {save_title(saved)}"), id=saved.record.slot)
                for saved in self.saved
            )
            saves.display = self.has_save = True
            self.refresh_bindings()
        for problem in self.app.saves.problems:
            self.notify(f"Save set aside: {problem}", severity="error", timeout=10, markup=False)
        self.app.saves.problems.clear()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers Continue only once a saved game is there to continue."""
        if action == "continue_game":
            return self.has_save
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "saves":
            self.app.continue_game(self.saved[event.option_index])
        else:
            self.app.show_new_game(GAMES[str(event.option.id)])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replays":
            self.action_replays()
        elif event.button.id == "online":
            self.action_online()
        elif event.button.id == "stats":
            self.action_stats()
        elif event.button.id == "settings":
            self.action_settings()
        elif event.button.id == "quit":
            self.app.exit()

    def action_continue_game(self) -> None:
        """The latest save; the list above the buttons holds the others."""
        if not self.saved:
            self.notify("There is no saved game to continue.")
            return
        self.app.continue_game(self.saved[0])

    def action_replays(self) -> None:
        self.app.show_replays()

    def action_online(self) -> None:
        """Play online, asking first for the name other players will see if none is kept."""
        from cardtable.ui.screens.name import NameScreen
        from cardtable.ui.screens.online import PlayOnlineScreen

        def named(name: str | None) -> None:
            if name is not None:
                self.app.push_screen(PlayOnlineScreen())

        if self.app.settings.name:
            named(self.app.settings.name)
        else:
            self.app.push_screen(NameScreen(), named)

    def action_settings(self) -> None:
        from cardtable.ui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_stats(self) -> None:
        from cardtable.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())
