"""Online play: a form to host, join or watch a table, and the lobby that waits for the table.

The connection runs on the app's own asyncio loop (``RemoteSession.start``): these screens only
read the session's state on a timer, so a slow network never freezes them.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from cardtable.games.registry import GAMES
from cardtable.online.client import hello_for, local_server_for, remote_session
from cardtable.online.hosting import SERVER_ENV, VISIT_ENV
from cardtable.online.reach import DEFAULT_URL, BadTarget, join_line, split_target
from cardtable.online.remote import RemoteSession
from cardtable.ui.screens.name import NameScreen, name_input, remember_name
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class LobbyScreen(Screen[None]):
    """Connects, shows the codes while players arrive, then opens the table."""

    DEFAULT_CSS = """
    LobbyScreen { align: center middle; background: $felt; }
    LobbyScreen #lobby { width: 80; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    def __init__(self, session: RemoteSession, ask_name: bool = False) -> None:
        """``ask_name``: ask for the player's name (and keep it) before connecting."""
        super().__init__()
        self.session = session
        self.ask_name = ask_name

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(f"Connecting to {self.session.url}…", id="lobby-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        if self.ask_name:
            self.app.push_screen(NameScreen(), self.named)
        else:
            self.connect()

    def named(self, name: str | None) -> None:
        if name is None:
            self.action_leave()
        else:
            self.session.hello["name"] = name
            self.connect()

    def connect(self) -> None:
        self.session.start()
        self.timer = self.set_interval(0.2, self.check)

    def lobby_text(self) -> str:
        s = self.session
        if s.problem is not None:
            return f"Cannot play: {s.problem}\n\nPress Escape to go back."
        if not s.watch:
            return f"Connecting to {s.url}… ({s.connection or 'connecting'})"
        # a spectator is told only the watch code, never the invite
        codes = f"Invite code: {s.invite}   " if s.invite else ""
        lines = [f"{s.spec.title} on {s.shared_url}", f"{codes}Watch code: {s.watch}", ""]
        if not s.invite:
            pass  # a spectator: nobody to invite from here
        elif os.environ.get(VISIT_ENV) == "ssh":  # the server's address is loopback on its host
            lines += [
                "A friend comes in over SSH as you did, chooses Play online (o),",
                f"and enters {s.invite} to play or {s.watch} to look on.",
                "",
            ]
        else:
            lines += [
                "Send a friend this line to play:",
                f"  {join_line(s.shared_url, s.invite)}",
                f"and this one to look on:  {join_line(s.shared_url, s.watch, 'watch')}",
                "",
            ]
        asked = s.asked_again() if s.rematching else set()
        # a person's seat nobody has taken yet carries the server's stand-in name, "Player 2"
        unfilled = set() if s.rematching else {info.name for info in s.away()}
        lines += [
            f"  Seat {i + 1}: open, waiting for someone to join"
            if seat.is_human and seat.name in unfilled
            else f"  {seat.label}" + ("  · ready to play again" if i in asked else "")
            for i, seat in enumerate(s.seats)
        ]
        if s.rematching:
            lines.append("\nWaiting for everyone at the table to ask for the rematch…")
            gone = [seat.name for seat in s.away()]
            if gone:  # else the wait has no end anyone can see
                who = " and ".join(gone)
                lines.append(
                    f"{who} left the table: the rematch starts only if they come back and ask "
                    "too. Press Escape to leave."
                )
        else:
            lines.append("\nWaiting for every seat to be taken…")
        return "\n".join(lines)

    def check(self) -> None:
        s = self.session
        self.query_one("#lobby-text", Static).update(self.lobby_text())
        if s.problem is not None and len(self.app.screen_stack) == 1:
            # opened by the command line: its shell shows the problem (see run_online_command)
            self.timer.stop()
            self.app.exit(return_code=1)
        if s.ready.is_set() and s.problem is None and not s.waiting:
            self.timer.stop()  # once: a second tick would replace the table just opened
            self.app.switch_screen(self.app.session_table(s))

    def action_leave(self) -> None:
        self.session.hang_up()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


class PlayOnlineScreen(Screen[None]):
    """Host a table (on a server started here, by default), join one, or watch one."""

    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    PlayOnlineScreen { align: center middle; background: $felt; }
    PlayOnlineScreen #online { width: 76; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    PlayOnlineScreen Input, PlayOnlineScreen Select { margin-bottom: 1; }
    PlayOnlineScreen #online-buttons { height: 3; align-horizontal: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="online"):
            yield Static(
                "Play online · host a table, or join or watch one by its code\n"
                "Below: server · your name · game and seats (to host)\n"
                "· the code, or the whole line you were sent (to join or watch)"
            )
            offered = os.environ.get(SERVER_ENV) or DEFAULT_URL
            yield Input(offered, placeholder="server address", id="server")
            yield name_input(self.app.settings.name)
            options = [(spec.title, spec.id) for spec in GAMES.values()]
            yield Select(options, value="pazaak", allow_blank=False, id="game")
            yield Input("human,human", placeholder="seats: human or a bot level", id="seats")
            yield Input("", placeholder="invite or watch code", id="code")
            with Horizontal(id="online-buttons"):
                yield Button("Host", id="host", variant="primary")
                yield Button("Join", id="join")
                yield Button("Watch", id="watch")
        yield Footer()

    def value(self, widget_id: str) -> str:
        return str(self.query_one(f"#{widget_id}", Input).value).strip()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = str(event.button.id)
        url, target = self.value("server") or DEFAULT_URL, self.value("code")
        if action != "host" and not target:
            self.notify(
                "Type the code (or the join line) you were given first.", severity="warning"
            )
            return
        code = ""
        try:
            name = remember_name(self.app, self.value("name"))
            if action != "host":
                url, code = split_target(target, None if url == DEFAULT_URL else url)
        except (ValueError, BadTarget) as error:
            self.notify(str(error), severity="error", markup=False)
            return
        game = str(self.query_one("#game", Select).value)
        try:
            url = local_server_for(url) if action == "host" else url
        except OSError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        hello = hello_for(action, url, game, self.value("seats"), code, name)
        session = remote_session(url, hello, game if action == "host" else None)
        self.app.push_screen(LobbyScreen(session))
