"""The waiting room of an online table: it connects, shows the codes to pass on while the seats
fill, then opens the table. Over a finished table, it shows who has asked for the rematch; the
table below draws the next game itself (``handing.await_rematch``).

The connection runs on the app's own asyncio loop (``RemoteSession.start``): this screen only
reads the session's state, on a timer for the codes and the seats and as soon as the game
starts for the table, so a slow network never freezes it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.online.hosting import VISIT_ENV
from cardtable.online.reach import join_line
from cardtable.online.remote import RemoteSession
from cardtable.ui.screens.name import NameScreen
from cardtable.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from textual import getters

    from cardtable.ui.app import CardtableApp


class WaitingRoomScreen(Screen[None]):
    """Connects, shows the codes while players arrive, then opens the table."""

    DEFAULT_CSS = """
    WaitingRoomScreen { align: center middle; background: $felt; }
    WaitingRoomScreen #waiting-room { width: 80; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    def __init__(
        self, session: RemoteSession, ask_name: bool = False, over_table: bool = False
    ) -> None:
        """``ask_name``: ask for the player's name (and keep it) before connecting.
        ``over_table``: a rematch's wait, over the table that will draw it."""
        super().__init__()
        self.session = session
        self.ask_name = ask_name
        self.over_table = over_table
        #: the table has been opened: the waiting room's work is done
        self.opened = False

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-room"):
            yield Static(f"Connecting to {self.session.url}…", id="waiting-text", markup=False)
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
        self.timer = self.set_interval(0.2, self.check)  # the codes and who has arrived
        self.run_worker(self.open_when_ready(), group="waiting", exclusive=True)

    async def open_when_ready(self) -> None:
        """The table opens as soon as the game starts (a rematch, say), not at the next look."""
        await self.session.ready.wait()
        self.check()

    def waiting_text(self) -> str:
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
        self.query_one("#waiting-text", Static).update(self.waiting_text())
        if s.problem is not None and len(self.app.screen_stack) == 1:
            # opened by the command line: its shell shows the problem (see run_online_command)
            self.timer.stop()
            self.app.exit(return_code=1)
        if self.over_table:
            return  # the table below takes the next game, or brings its result back
        if s.ready.is_set() and s.problem is None and not s.waiting and not self.opened:
            self.opened = True  # once: a second look would replace the table just opened
            self.timer.stop()
            self.app.switch_screen(self.app.session_table(s))

    def action_leave(self) -> None:
        self.session.hang_up()
        if self.over_table:  # the finished table under it is done with too
            self.app.go_home()
        elif len(self.app.screen_stack) > 1:  # back to the form, the lobby, the quick match
            self.app.pop_screen()
        else:
            self.app.exit()
