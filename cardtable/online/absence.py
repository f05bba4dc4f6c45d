"""Seats whose person has gone: a grace period to come back in, then a bot plays for them.

A person whose connection drops is given ``grace`` seconds; if nobody sits in the seat by
then, a stand-in bot of the table's game plays it (every log is told) until they return.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from cardtable.online.directory import TableDirectory
from cardtable.online.tables import Table


class Absences:
    """A grace timer per empty seat, and the stand-ins that follow them."""

    def __init__(
        self,
        tables: TableDirectory,
        grace: float,
        stand_in: str,
        stood_in: Callable[[Table], None],
    ) -> None:
        """``stand_in``: the bot level that plays for the absent; ``stood_in(table)`` is
        called once one does (to tell everyone and let it move)."""
        self.tables = tables
        self.grace = grace
        self.level = stand_in
        self.stood_in = stood_in
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        #: the server is stopping: the connections it cuts leave no stand-in to play on
        self._stopped = False

    def away(self, table: Table, seat: int) -> None:
        """Nobody sits in ``seat`` now: a bot stands in if they are not back in time."""
        if self._stopped:
            return
        key = (table.id, seat)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(self.grace, self._stand_in, table, seat)

    def back(self, table: Table, seat: int) -> None:
        """Somebody sits in ``seat`` again: no stand-in comes, or the one playing stops."""
        timer = self._timers.pop((table.id, seat), None)
        if timer is not None:
            timer.cancel()
        table.returned(seat)

    def forget(self, table: Table) -> None:
        """The table is gone from here: its timers with it."""
        for seat in range(len(table.seats)):
            timer = self._timers.pop((table.id, seat), None)
            if timer is not None:
                timer.cancel()

    def stop(self) -> None:
        """No more stand-ins here: the timers go, and seats left from now on get none."""
        self._stopped = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    def _stand_in(self, table: Table, seat: int) -> None:
        self._timers.pop((table.id, seat), None)
        if table.present(seat) or not self.tables.holds(table):
            return
        table.stand_in(seat, table.spec.bots[self.level]())
        self.stood_in(table)
