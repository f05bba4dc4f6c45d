"""Quick match: a form to choose what to play, and the screen that waits in the server's pool.

The waiting screen reads only what the server pushes (a status every wave, a match, a match
called off), never polls: its seconds count on between pushes from the last one. Matched, it
takes the seat, waits for everyone to sit down (the match is called off after 15 s otherwise,
and the search goes on), then opens the normal online table.
"""

from __future__ import annotations

import os
import re
import time
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.hosting import SERVER_ENV
from cardtable.online.lobbyclient import LobbyClient, LobbyError, seat_session
from cardtable.online.reach import DEFAULT_URL
from cardtable.online.remote import RemoteSession
from cardtable.ui.lobbywords import person, seek_what, seeking_line
from cardtable.ui.screens.signin import open_lobby
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp

#: seconds between looks at a matched table while its players sit down
SEAT_CHECK = 0.25
#: "3-6", "3–6" or "4": a seat range as people type it
SEAT_RANGE = re.compile(r"^\s*(\d)\s*(?:[-–to ]+\s*(\d))?\s*$")


def seat_choice(game: str, text: str) -> tuple[int, int] | None:
    """The seat range typed for ``game`` (None for a game of one table size); ValueError in
    words when it is not one the game can seat."""
    spec = GAMES[game]
    fewest, most = max(2, spec.min_seats), spec.max_seats
    if fewest == most:
        return None
    found = SEAT_RANGE.match(text)
    if found is None:
        raise ValueError(f"seats: a range such as {fewest}-{most}, or one number")
    low = int(found[1])
    high = int(found[2] or low)
    if not fewest <= low <= high <= most:
        raise ValueError(f"{spec.title} seats {fewest} to {most} players: not {text.strip()}")
    return low, high


def default_range(game: str) -> str:
    spec = GAMES[game]
    return f"{max(2, spec.min_seats)}-{spec.max_seats}"


class QuickMatchScreen(Screen[None]):
    """What to seek: a game, its table size, rated or casual, and the server."""

    if TYPE_CHECKING:
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    QuickMatchScreen { align: center middle; background: $felt; }
    QuickMatchScreen #quick { width: 76; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    QuickMatchScreen Input, QuickMatchScreen Select, QuickMatchScreen Checkbox { margin-bottom: 1; }
    QuickMatchScreen #quick-buttons { height: 3; align-horizontal: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, url: str | None = None) -> None:
        super().__init__()
        self.url = url or os.environ.get(SERVER_ENV) or DEFAULT_URL

    def compose(self) -> ComposeResult:
        with Vertical(id="quick"):
            yield Static(
                "Quick match · the server seats you with players near your rating\n"
                "Below: game · table size · rated or casual · server",
                markup=False,
            )
            options = [(spec.title, spec.id) for spec in GAMES.values() if spec.max_seats > 1]
            yield Select(options, value="pazaak", allow_blank=False, id="game")
            yield Input(default_range("pazaak"), placeholder="seats, e.g. 3-6", id="seats")
            yield Checkbox("Rated: the result moves your rating", value=True, id="rated")
            yield Input(self.url, placeholder="server address", id="server")
            with Horizontal(id="quick-buttons"):
                yield Button("Find a game", id="find", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.show_seats("pazaak")
        self.query_one("#find").focus()  # Enter finds a game at once; Tab goes back to change

    def show_seats(self, game: str) -> None:
        """The table size is asked only of a game that seats more than two."""
        seats = self.query_one("#seats", Input)
        seats.value = default_range(game)
        seats.display = GAMES[game].max_seats > 2

    def on_select_changed(self, event: Select.Changed) -> None:
        self.show_seats(str(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.find()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.find()

    def find(self) -> None:
        game = str(self.query_one("#game", Select).value)
        try:
            seats = seat_choice(game, self.query_one("#seats", Input).value)
        except ValueError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        url = self.query_one("#server", Input).value.strip() or DEFAULT_URL
        rated = self.query_one("#rated", Checkbox).value
        self.app.push_screen(SeekingScreen(url, game, rated, seats))


class SeekingScreen(Screen[None]):
    """In the pool until matched: what is happening, in a line that the server's news updates."""

    if TYPE_CHECKING:
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    SeekingScreen { align: center middle; background: $felt; }
    SeekingScreen #seeking { width: 76; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    SeekingScreen #seek-news { margin-top: 1; height: auto; }
    SeekingScreen #bot-offer { height: 3; margin-top: 1; display: none; }
    SeekingScreen.-offer #bot-offer { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, url: str, game: str, rated: bool, seats: tuple[int, int] | None) -> None:
        super().__init__()
        self.url, self.game, self.rated, self.seats = url, game, rated, seats
        self.lobby: LobbyClient | None = None
        #: the last status the server pushed, and when it came (the seconds count on from it)
        self.status: wire.Seeking | None = None
        self.status_at = 0.0
        #: a line above the status: a match called off, a seat being taken
        self.note = ""
        #: the table being sat down at, until everyone has
        self.session: RemoteSession | None = None
        #: who the match put at the table, in words
        self.matched = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="seeking"):
            yield Static(
                f"Quick match · {seek_what(self.game, self.rated, self.seats)}", markup=False
            )
            yield Static(f"Connecting to {self.url}…", id="seek-news", markup=False)
            with Horizontal(id="bot-offer"):
                yield Button("Play a bot now (casual)", id="bot", variant="primary")
                yield Button("Keep searching", id="keep")
        yield Footer()

    def on_mount(self) -> None:
        self.seek()
        self.set_interval(1.0, self.tick)

    @property
    def news_text(self) -> str:
        return str(self.query_one("#seek-news", Static).render())

    def say(self, text: str) -> None:
        self.query_one("#seek-news", Static).update(text)

    def tick(self) -> None:
        """The seconds count on between the server's pushes."""
        if self.status is not None and self.session is None:
            waited = self.status.waited + time.monotonic() - self.status_at
            status = seeking_line(self.status, waited)
            self.say(f"{self.note}\n{status}" if self.note else status)

    @work(exclusive=True, group="seek")
    async def seek(self) -> None:
        try:
            self.lobby = await open_lobby(self.app, self.url, signed=True)
            self.heard(await self.lobby.seek(self.game, self.rated, self.seats))
            while not self.seated():
                try:  # a table being sat down at is looked at between the pushes
                    news = await self.lobby.next_news(SEAT_CHECK if self.session else None)
                except TimeoutError:
                    continue
                if isinstance(news, wire.Seeking):
                    self.heard(news)
                elif isinstance(news, wire.Matched):
                    self.sit_down(news)
                elif isinstance(news, wire.CalledOff):
                    self.called_off(news)
                elif isinstance(news, wire.Cancelled):
                    self.stopped(news.message)
                    return
        except LobbyError as error:
            self.stopped(error.message)

    def heard(self, status: wire.Seeking) -> None:
        self.status, self.status_at = status, time.monotonic()
        self.set_class(status.bot_offer and self.session is None, "-offer")
        self.tick()

    def sit_down(self, matched: wire.Matched) -> None:
        """Take the matched seat; the table opens once every player has sat down."""
        self.remove_class("-offer")
        self.matched = " vs ".join(person(p) for p in matched.players)
        self.say(f"Found a table: {self.matched}\nSitting down…")
        self.session = seat_session(self.url, matched)
        self.session.start()

    def seated(self) -> bool:
        """Everyone has sat down at the matched table (which then opens); or the seat could
        not be taken (the search goes on: the server calls the match off)."""
        session = self.session
        if session is None or not session.ready.is_set():
            return False
        if session.problem is not None:
            self.drop_session(f"Could not sit down: {session.problem}")
            return False
        away = session.away()
        if away:
            names = ", ".join(seat.name for seat in away)
            self.say(f"Found a table: {self.matched}\nWaiting for {names} to sit down…")
            return False
        self.open_table(session)
        return True

    def called_off(self, news: wire.CalledOff) -> None:
        if self.session is not None:
            self.session.close()
        self.session = None
        self.note = "The match was called off (a player did not sit down in time): " + (
            "you are back at the front of the queue." if news.requeued else "searching again."
        )
        self.tick()

    def drop_session(self, why: str) -> None:
        if self.session is not None:
            self.session.close()
        self.session = None
        self.note = why
        self.tick()

    def open_table(self, session: RemoteSession) -> None:
        self.session = None
        self.close_lobby()
        self.app.switch_screen(self.app.session_table(session))

    def stopped(self, why: str) -> None:
        """Out of the pool for good: say why; Escape goes back."""
        self.status = None
        self.say(f"Not searching: {why}\n\nPress Escape to go back.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.remove_class("-offer")
        if event.button.id == "bot":
            self.play_bot()

    def play_bot(self) -> None:
        """A casual table against the server's strongest bot, in place of the search."""
        from cardtable.online.client import hello_for, remote_session
        from cardtable.ui.screens.waitingroom import WaitingRoomScreen

        spec = GAMES[self.game]
        low = self.seats[0] if self.seats else max(2, spec.min_seats)
        seats = ",".join(["human", *[spec.levels[-1]] * (low - 1)])
        hello = hello_for(
            "host", self.url, self.game, seats, "", self.app.settings.name or "Player"
        )
        self.close_lobby()
        self.app.switch_screen(WaitingRoomScreen(remote_session(self.url, hello, self.game)))

    def action_cancel(self) -> None:
        self.close_lobby()
        self.app.pop_screen()

    def close_lobby(self) -> None:
        """Out of the pool: the connection's end is the seek's end (the server says so too)."""
        self.workers.cancel_group(self, "seek")
        if self.session is not None:
            self.session.close()
            self.session = None
        if self.lobby is not None:
            lobby, self.lobby = self.lobby, None
            self.app.run_worker(lobby.close(), group="lobby-close")

    def on_unmount(self) -> None:
        self.close_lobby()
