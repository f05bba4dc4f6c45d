"""The wait for a rematch, over the finished table: who has asked and who has gone, until the
next game begins (the table below draws it, ``handing.await_rematch``) or the offer expires.

It reads only the ``Rematch`` the session gave its table, so neither it nor the table needs to
know where the table is held.
"""

from __future__ import annotations

from cardtable.session import Rematch
from cardtable.ui.screens.waitbox import WaitBox


class RematchRoomScreen(WaitBox):
    """Who has asked for the rematch, refreshed while everyone else has yet to."""

    def __init__(self, rematch: Rematch) -> None:
        super().__init__()
        self.rematch = rematch

    def waiting_text(self) -> str:
        return self.rematch.waiting_text()

    def on_mount(self) -> None:
        self.set_interval(0.2, self.show_text)  # who has asked, who has gone
        self.run_worker(self.show_when_settled(), group="waiting", exclusive=True)

    async def show_when_settled(self) -> None:
        """Say at once why the wait ended, if the table cannot be reached (else the table
        below takes the next game, or brings its result back)."""
        await self.rematch.settled()
        self.show_text()

    def action_leave(self) -> None:
        """Leave the rematch and the finished table under it."""
        self.rematch.hang_up()
        self.app.go_home()
