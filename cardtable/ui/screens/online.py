"""Online play: a form to host, join or watch a table, or to meet players on a server (quick
match, the lobby, the leaderboard)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select, Static

from cardtable.games.registry import GAMES
from cardtable.online.bestscores import solo_table
from cardtable.online.client import hello_for, local_server_for, remote_session
from cardtable.online.hosting import SERVER_ENV
from cardtable.online.identity import IdentityError
from cardtable.online.reach import DEFAULT_URL, BadTarget, split_target
from cardtable.ui.screens.name import name_input, remember_name
from cardtable.ui.screens.signin import player_key
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class PlayOnlineScreen(Screen[None]):
    """Host a table (on a server started here, by default), join one, or watch one; or go to
    the server's quick match, lobby or leaderboard."""

    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    DEFAULT_CSS = """
    PlayOnlineScreen { align: center middle; background: $felt; }
    PlayOnlineScreen #online { width: 76; max-width: 100%; height: auto; padding: 0 2;
        border: heavy $primary; background: $surface; }
    PlayOnlineScreen #online-buttons, PlayOnlineScreen #meet-buttons,
    PlayOnlineScreen #who, PlayOnlineScreen #seating { height: 3; }
    PlayOnlineScreen #online-buttons, PlayOnlineScreen #meet-buttons { align-horizontal: center; }
    PlayOnlineScreen #who > *, PlayOnlineScreen #seating > * { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="online"):
            # every row fits 80×24 with the footer: Host, Join and Watch are never scrolled away
            yield Static("Meet players on a server, host a table, or join or watch one by code")
            offered = os.environ.get(SERVER_ENV) or DEFAULT_URL
            yield Input(offered, placeholder="server address", id="server")
            with Horizontal(id="meet-buttons"):
                yield Button("Quick match", id="quick", variant="success")
                yield Button("Lobby", id="lobby")
                yield Button("Leaderboard", id="leaderboard")
            with Horizontal(id="who"):
                yield name_input(self.app.settings.name)
                options = [(spec.title, spec.id) for spec in GAMES.values()]
                yield Select(options, value="pazaak", allow_blank=False, id="game")
            with Horizontal(id="seating"):
                yield Input("human,human", placeholder="seats: human or a bot level", id="seats")
                yield Checkbox("List this table in the lobby", value=False, id="listed")
            yield Input("", placeholder="invite or watch code", id="code")
            with Horizontal(id="online-buttons"):
                yield Button("Host", id="host", variant="primary")
                yield Button("Join", id="join")
                yield Button("Watch", id="watch")
        yield Footer()

    def value(self, widget_id: str) -> str:
        return str(self.query_one(f"#{widget_id}", Input).value).strip()

    def meet(self, where: str) -> None:
        """Quick match, the lobby or the leaderboard of the server in the form."""
        from cardtable.ui.screens.leaderboard import LeaderboardScreen
        from cardtable.ui.screens.lobbylist import LobbyScreen
        from cardtable.ui.screens.quickmatch import QuickMatchScreen

        url = self.value("server") or DEFAULT_URL
        if where == "quick":
            self.app.push_screen(QuickMatchScreen(url))
        elif where == "lobby":
            self.app.push_screen(LobbyScreen(url))
        else:
            self.app.push_screen(LeaderboardScreen(url))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = str(event.button.id)
        if action in ("quick", "lobby", "leaderboard"):
            self.meet(action)
            return
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
        listed = action == "host" and self.query_one("#listed", Checkbox).value
        if listed:
            hello["listed"] = True
        session = remote_session(url, hello, game if action == "host" else None)
        if action != "watch":  # a listed table's host makes the key: the lobby shows its tag
            # (and a solo game's: the server keeps its result among the best scores)
            solo = action == "host" and solo_table(game, hello.get("seats"))
            try:
                identity = player_key(self.app, make=listed or solo)
            except (IdentityError, OSError) as error:
                self.notify(str(error), severity="error", markup=False)
                return
            if identity is not None:
                session.identify(identity)
        self.app.push_screen(WaitingRoomScreen(session))
