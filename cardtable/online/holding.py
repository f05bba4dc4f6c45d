"""What a table held elsewhere sends after a set or round ends, held until the table goes on.

The server deals the next set at once and plays on (bots, the others), but a table shows how a
set ended (its result box over the boards as they stand) before any of that. So once a set ends,
a listening ``RemoteSession`` keeps the updates that follow, and takes them in when its table
``proceed``s; another set's end among them is held again.
"""

from __future__ import annotations

from cardtable.online.protocol import Update


class HeldUpdates:
    """The updates that came after a set or round ended, while the table shows that end."""

    def __init__(self) -> None:
        #: None: nothing is held, updates are taken in as they come
        self._held: list[Update] | None = None

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
        """What was held, in order: nothing is held any more (until the next ``hold``)."""
        held, self._held = self._held or [], None
        return held
