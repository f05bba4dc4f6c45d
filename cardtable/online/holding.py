"""What a table held elsewhere has not shown yet: the updates that came after a set or round
ended, held until the table goes on, and the moves told to the table but not yet handed to it.

The server deals the next set at once and plays on (bots, the others), but a table shows how a
set ended (its result box over the boards as they stand) before any of that. So once a set ends,
a listening ``RemoteSession`` keeps the updates that follow, and takes them in when its table
``proceed``s; another set's end among them is held again.

A table hears of a move in its own message loop, a little after the session took the move in:
several updates that came together (bots moving fast, a connection catching up) are taken in
before the table has seen the first of their moves. A ``proceed`` from the table, shown the
first of them, says nothing of the others: released then, the held updates would reach it ahead
of moves still on their way (the log out of order, a set's end before its last moves). So the
held updates are released only once every move told has been handed to the table.
"""

from __future__ import annotations

from cardtable.online.protocol import Update


class HeldUpdates:
    """The updates that came after a set or round ended, while the table shows that end; and
    how many moves told to the table have not reached it yet."""

    def __init__(self) -> None:
        #: None: nothing is held, updates are taken in as they come
        self._held: list[Update] | None = None
        #: moves told to the table that its message loop has not handed it yet
        self.on_the_way = 0

    def hold(self) -> None:
        """A set or round has ended: keep what follows until ``release``."""
        self._held = []

    def keep(self, update: Update) -> bool:
        """Keep ``update`` if updates are being held (True); False: take it in now."""
        if self._held is None:
            return False
        self._held.append(update)
        return True

    def release(self) -> list[Update]:
        """What was held, in order: nothing is held any more (until the next ``hold``). Nothing
        while a move told is still on its way to the table: its ``proceed`` comes after it."""
        if self.on_the_way:
            return []
        held, self._held = self._held or [], None
        return held

    def told(self, moves: int) -> None:
        """``moves`` more are on their way to the table (counted before the first is sent: a
        table on the same loop may be handed it, and go on, at once)."""
        self.on_the_way += moves

    def handed(self) -> None:
        """One move told has reached the table."""
        self.on_the_way = max(0, self.on_the_way - 1)

    def forget(self) -> None:
        """The table is gone: what was on its way to it never arrives."""
        self.on_the_way = 0
