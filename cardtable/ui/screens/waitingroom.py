"""The waiting room of an online table: it connects, shows the codes to pass on while the seats
fill, then opens the table. (A rematch's wait, over the finished table, is ``rematchroom``.)

The connection runs on the app's own asyncio loop (``RemoteSession.start``): this screen only
reads the session's state, on a timer for the codes and the seats and as soon as the game
starts for the table, so a slow network never freezes it.
"""

from __future__ import annotations

from cardtable.online.remote import RemoteSession
from cardtable.ui.screens.name import NameScreen
from cardtable.ui.screens.waitbox import WaitBox


class WaitingRoomScreen(WaitBox):
    """Connects, shows the codes while players arrive, then opens the table."""

    def __init__(self, session: RemoteSession, ask_name: bool = False) -> None:
        """``ask_name``: ask for the player's name (and keep it) before connecting."""
        super().__init__()
        self.session = session
        self.ask_name = ask_name
        #: the table has been opened: the waiting room's work is done
        self.opened = False

    def first_text(self) -> str:
        return f"Connecting to {self.session.url}…"

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
        return self.session.waiting_text()

    def check(self) -> None:
        s = self.session
        self.show_text()
        if s.problem is not None and len(self.app.screen_stack) == 1:
            # opened by the command line: its shell shows the problem (see run_online_command)
            self.timer.stop()
            self.app.exit(return_code=1)
        if s.ready.is_set() and s.problem is None and not s.waiting and not self.opened:
            self.opened = True  # once: a second look would replace the table just opened
            self.timer.stop()
            self.app.switch_screen(self.app.session_table(s))

    def action_leave(self) -> None:
        self.session.hang_up()
        if len(self.app.screen_stack) > 1:  # back to the form, the lobby, the quick match
            self.app.pop_screen()
        else:
            self.app.exit()
