"""The Textual app: registers themes, keeps settings and saves, and wires screens together.

Only what the first screen needs loads at start-up (settings and themes); saves, stats, replays,
matches and every game's table load on first use, so the home screen appears fast.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from textual import constants, events
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.screen import Screen

from cardtable.core.rng import new_seed
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec
from cardtable.persist.paths import config_dir, downloads_dir
from cardtable.persist.settings import load_settings, save_settings
from cardtable.ui.hangup import leave_on_hangup
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.themes import builtin_theme_dir, load_themes
from cardtable.ui.web import mirror_screen

if TYPE_CHECKING:
    from textual.command import Provider
    from textual.driver import Driver

    from cardtable.persist.replays import ReplayStore
    from cardtable.persist.saves import Resumable, SaveStore
    from cardtable.persist.stats import StatsStore
    from cardtable.session import Session
    from cardtable.ui.tables.base import TableScreen

#: table colours used when a theme (e.g. one of Textual's own) does not set them
TABLE_DEFAULTS = {
    "felt": "#0f4a25",
    "card-face": "#f5f0e1",
    "card-text": "#1b1b1b",
    "card-main": "#2f7d3a",
    "card-plus": "#2a64c4",
    "card-minus": "#c43a3a",
    "card-special": "#b8860b",
    "card-back": "#6b3f8f",
    "bust": "#ff6b6b",
    "stand": "#ffd866",
    "highlight": "#ffe08a",
}


def collect_garbage_again() -> None:
    """The cycle collector back on after the first frame, if start-up turned it off
    (``tools.launch``): what start-up built is kept out of its passes (``gc.freeze``), being
    the app's own for as long as it runs, so none of them walks it all."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def saved_games_commands() -> type[Provider]:
    """The palette's "Continue …" entries, loaded when the palette first opens."""
    from cardtable.ui.commands import SavedGames

    return SavedGames


class CardtableApp(App[None]):
    """Starts on the screen ``first_screen`` builds (a table, a new-game screen, home)."""

    CSS_PATH = "app.tcss"
    TITLE = "cardtable"
    COMMANDS = App.COMMANDS | {saved_games_commands}

    def __init__(
        self,
        first_screen: Callable[[CardtableApp], Screen[Any]],
        bot_pause: float | None = None,
        saves: SaveStore | None = None,
    ) -> None:
        super().__init__()
        self._first_screen = first_screen
        #: what waits for the first frame to be on the terminal (None once it is)
        self._after_first_frame: list[Callable[[], object]] | None = []
        self.settings, settings_problem = load_settings()
        self.bot_pause = self.settings.bot_pause if bot_pause is None else bot_pause
        if not self.settings.animation:
            self.animation_level = "none"
        if saves is not None:
            self.saves = saves
        themes, theme_problems = load_themes(builtin_theme_dir(), config_dir() / "themes")
        self.problems = [str(p) for p in (*theme_problems, settings_problem) if p is not None]
        for theme in themes:
            self.register_theme(theme)
        #: the last game finished here and its replay file (a browser can download it)
        self.last_replay: tuple[Any, Path] | None = None
        self.theme = self.settings.theme if self.settings.theme in self.available_themes else "felt"

    @property
    def sixteen_colours(self) -> bool:
        """Whether the terminal shows only the 16 ANSI colours.

        Trusted when TEXTUAL_COLOR_SYSTEM names it or a real terminal was detected; a headless
        run (tests, screenshots) guesses from whatever TERM it inherits, so it draws truecolor.
        """
        if constants.COLOR_SYSTEM == "auto" and self.is_headless:
            return False
        return self.console.color_system in ("standard", "windows")

    @cached_property
    def saves(self) -> SaveStore:
        from cardtable.persist.saves import SaveStore

        return SaveStore()

    @cached_property
    def stats(self) -> StatsStore:
        from cardtable.persist.stats import StatsStore

        return StatsStore()

    @cached_property
    def replays(self) -> ReplayStore:
        from cardtable.persist.replays import ReplayStore

        return ReplayStore()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for where the app runs, reading a bracketed paste whole (a pasted
        escape sequence would otherwise reorder the text around it: see ``paste``)."""
        from cardtable.ui.paste import read_pastes_whole

        return read_pastes_whole(super().get_driver_class())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **TABLE_DEFAULTS}

    def get_default_screen(self) -> Screen[Any]:
        """The first screen sits at the bottom of the stack: no blank screen is drawn first."""
        screen = self._first_screen(self)
        # switch_screen drops the result callback of the screen it replaces: give it one
        screen._push_result_callback(screen, None)
        return screen

    def on_mount(self) -> None:
        # a 16-colour terminal rounds faint blends into the background: app.tcss makes up for it
        self.set_class(self.sixteen_colours, "-sixteen-colours")
        self.set_class(self.is_web, "-web")
        for problem in self.problems:
            self.notify(f"Skipped {problem}", title="File problem", severity="error", timeout=10)
        mirror_screen(self)
        leave_on_hangup(self)
        if self.size.width < 80 or self.size.height < 24:
            from cardtable.ui.screens.toosmall import TooSmallScreen

            self.push_screen(TooSmallScreen())

    def after_first_frame(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the first frame is shown: slow work that frame does not need."""
        if self._after_first_frame is None:
            self.call_later(callback)
        else:
            self._after_first_frame.append(callback)

    def on_ready(self, event: events.Ready) -> None:
        waiting, self._after_first_frame = self._after_first_frame or [], None
        for callback in [collect_garbage_again, *waiting]:
            self.call_later(callback)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The terminal's cursor goes to the focused card or button, where braille displays
        and screen magnifiers that follow the cursor look (a text field then keeps it at its
        caret)."""
        self.cursor_position = event.widget.region.offset

    def on_resize(self, event: events.Resize) -> None:
        """Cover the layout with a clear message while the terminal is too small for it."""
        from cardtable.ui.screens.toosmall import TooSmallScreen, too_small

        small, screen = too_small(event.size.width, event.size.height), self.screen
        if isinstance(screen, TooSmallScreen):
            if small:
                screen.show_size(event.size.width, event.size.height)
            else:
                self.pop_screen()
        elif small:
            self.push_screen(TooSmallScreen())

    # -- files handed to the person (a screenshot; in a browser, a replay) --------------------

    def deliver_text(
        self,
        path_or_file: str | Path | TextIO,
        *,
        save_directory: str | Path | None = None,
        **how: Any,
    ) -> str | None:
        folder = self.save_folder(save_directory)
        return super().deliver_text(path_or_file, save_directory=folder, **how)

    def deliver_binary(
        self,
        path_or_file: str | Path | BinaryIO,
        *,
        save_directory: str | Path | None = None,
        **how: Any,
    ) -> str | None:
        folder = self.save_folder(save_directory)
        return super().deliver_binary(path_or_file, save_directory=folder, **how)

    def save_folder(self, folder: str | Path | None) -> str | Path | None:
        """A folder that exists: Textual's default, Downloads, is often missing on a server."""
        return folder if folder is not None or self.is_web else downloads_dir()

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        """Say where the file went (as plain text: a folder name is no markup)."""
        if event.path is not None:
            event.prevent_default()
            what = event.name or "file"
            self.notify(
                f"Saved the {what} as {event.path.name} in {event.path.parent}",
                title="Saved",
                markup=False,
            )

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        """Say what went wrong, not only that something did."""
        event.prevent_default()
        what = event.name or "file"
        self.notify(
            f"Could not save the {what}: {event.exception}",
            title="Not saved",
            severity="error",
            markup=False,
            timeout=10,
        )

    def watch_theme(self, theme: str) -> None:
        """Remember the chosen theme (from settings or the command palette)."""
        if getattr(self, "settings", None) is not None and theme != self.settings.theme:
            self.settings = replace(self.settings, theme=theme)
            save_settings(self.settings)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Every screen is one palette search away: home, stats, keys, each game's rules and setup."""
        from cardtable.ui.keys import help_panel_named

        yield from help_panel_named(super().get_system_commands(screen))
        yield SystemCommand("Home", "Back to the home screen", self.go_home)
        yield SystemCommand("Stats", "Games, wins and streaks", self.show_stats)
        yield SystemCommand("Replays", "Finished games, to step through", self.show_replays)
        yield SystemCommand("Keys", "Every key on every screen", self.show_keys)
        yield SystemCommand("Settings", "Theme and bot pace", self.show_settings)
        for spec in GAMES.values():
            yield SystemCommand(
                f"Play {spec.title}",
                f"Set up a new game of {spec.title}",
                lambda spec=spec: self.show_new_game(spec),
            )
            yield SystemCommand(
                f"Rules: {spec.title}",
                f"How {spec.title} is played",
                lambda spec=spec: self.show_rules(spec),
            )

    def go_home(self) -> AwaitComplete:
        from cardtable.ui.screens.home import HomeScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        return self.switch_screen(HomeScreen())

    def pop_screen(self) -> AwaitComplete:
        """Leaving the first screen (the bottom of the stack) goes home instead of failing."""
        if len(self.screen_stack) > 1:
            return super().pop_screen()
        from cardtable.ui.screens.home import HomeScreen

        return self.switch_screen(HomeScreen())

    def show_stats(self) -> None:
        from cardtable.ui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def show_settings(self) -> None:
        from cardtable.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def show_keys(self) -> None:
        from cardtable.ui.keys import KeysScreen

        self.push_screen(KeysScreen())

    def show_rules(self, spec: GameSpec) -> None:
        from cardtable.ui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(spec.rules_doc))

    def show_replays(self) -> None:
        from cardtable.ui.screens.replays import ReplaysScreen

        self.push_screen(ReplaysScreen())

    def continue_game(self, saved: Resumable) -> None:
        """Open a saved game; from the palette over a table, leave that table first (it is
        saved): two tables of one game at once would each save over the other."""
        if not any(hasattr(screen, "session") for screen in self.screen_stack):
            self.push_screen(self.table_of_save(saved))
            return

        async def leave_then_open() -> None:
            await self.go_home()
            await self.push_screen(self.table_of_save(saved))

        self.call_later(leave_then_open)

    def table_of_save(self, saved: Resumable) -> Screen[Any]:
        """The table of a saved game, as it was left."""
        from cardtable.session import LocalSession

        record = saved.record
        return table_screen(LocalSession(record.spec, saved.match, record.seat_list))

    def show_new_game(self, spec: GameSpec) -> None:
        from cardtable.ui.tablescreens import new_game_screen

        self.push_screen(new_game_screen(spec))

    # -- matches -------------------------------------------------------------------------------

    def session_table(self, session: Session) -> Screen[Any]:
        """The table that draws from ``session`` (a rematch's next game, a table joined online)."""
        return table_screen(session)

    def table_for(
        self, spec: GameSpec, config: Any, seats: tuple[Seat, ...], seed: int | None = None
    ) -> Screen[Any]:
        """A fresh match of ``spec`` on its table screen."""
        from cardtable.session import LocalSession

        return table_screen(
            LocalSession.new(spec, config, seats, new_seed() if seed is None else seed)
        )

    def start_match(
        self, spec: GameSpec, config: Any, seats: tuple[Seat, ...], seed: int | None = None
    ) -> None:
        self.switch_screen(self.table_for(spec, config, seats, seed))

    def restart_match(self, table: TableScreen) -> None:
        """Same game, seats and options, a new shuffle, on the same table screen (a new screen
        costs more than the new game's whole first deal)."""
        from cardtable.ui.tables.handing import await_rematch, next_game

        if table.next_game_asked:
            return  # asked already: the next game is on its way
        table.next_game_asked = True
        again = table.session.again()
        if again is None:  # held here: a fresh match
            from cardtable.session import LocalSession

            seats, config = table.seats, table.session.config
            following = LocalSession.new(table.spec, config, seats, new_seed())
            next_game(table, following)
            return
        await_rematch(table, again)  # a table held elsewhere: the server starts it

    def autosave(self, session: Session) -> None:
        """Called after every action of a game held here, and at the end of one held elsewhere:
        the save holds the exact position, the replay the whole game, and the stats count it
        for the seats the session says were played here."""
        from cardtable.persist.records import GameRecord

        if session.match is None:
            return  # a game held elsewhere is kept whole, once it is over
        record, outcome = GameRecord.of(session.spec, session.match, session.seats), session.outcome
        if session.held_here:
            if not record.finished or outcome is None:
                self.saves.save(record)
                return
            self.saves.discard(record.slot)
        if outcome is not None and not session.spectating:
            self.stats.record(record.game, session.seats, outcome, session.counted_seats)
        self.last_replay = (session, self.replays.keep(record, session.replay_tag))
