"""Group commit: the store writes made in one turn of the event loop share one transaction.

When many tables move in the same instant, a transaction per action costs more than the rest of
the move. Writes wait here for the next turn of the loop and are committed together; whoever
tells anyone of them awaits ``settled()`` first, so an action is still kept before any player
hears of it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from cardtable.online.store import TableStore

log = logging.getLogger("cardtable.server")


class Journal:
    """Writes to ``store`` that are not durable yet, and the commit that will make them so."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._writes: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        self._committed: asyncio.Future[None] | None = None

    def write(self, method: Callable[..., None], *args: Any) -> None:
        """Call ``method(*args)`` (one of the store's) in the next commit."""
        if self._committed is None:
            loop = asyncio.get_running_loop()
            self._committed = loop.create_future()
            loop.call_soon(self._commit)
        self._writes.append((method, args))

    def commit_pending(self) -> asyncio.Future[None] | None:
        """The commit that will make every write so far durable (None: they all are)."""
        return self._committed

    async def settled(self) -> None:
        """Return once every write made so far is durable; raise if its commit failed."""
        if self._committed is not None:
            # shielded: a waiter that is cancelled must not cancel the commit for the others
            await asyncio.shield(self._committed)

    def _commit(self) -> None:
        writes, committed = self._writes, self._committed
        self._writes, self._committed = [], None
        assert committed is not None
        try:
            with self.store.transaction():
                for method, args in writes:
                    method(*args)
        except Exception as error:  # the waiters raise it; say so here too if nobody waits
            log.error("%d store writes could not be committed: %s", len(writes), error)
            committed.set_exception(error)
            committed.exception()  # retrieved: the log line above is the report
            return
        committed.set_result(None)
