"""Group commit: the store writes made in one turn of the event loop share one transaction.

When many tables move in the same instant, a transaction per action costs more than the rest of
the move. Writes wait here for the next turn of the loop and are committed together; whoever
tells anyone of them awaits ``settled()`` first, so an action is still kept before any player
hears of it.

A SQLite store commits on the loop (a WAL append is cheap). A store that talks to a database
server (``SharedStore``) is awaited instead: one batch is in flight at a time, and the writes made
meanwhile wait for it and go together in the next, so the loop never waits on the network.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from cardtable.online.store import SharedStore, TableStore

log = logging.getLogger("cardtable.server")


class Journal:
    """Writes to ``store`` that are not durable yet, and the commit that will make them so.

    ``fenced`` hears of tables a batch store refused to write, before anybody is told of the
    batch, so the server can give those tables up first."""

    def __init__(
        self, store: TableStore | SharedStore, fenced: Callable[[set[str]], None] | None = None
    ) -> None:
        self.store = store
        self.fenced = fenced
        # which kind of store, asked once (a protocol's isinstance walks its members)
        self._shared: SharedStore | None = None
        self._local: TableStore | None = None
        if isinstance(store, SharedStore):
            self._shared = store
        else:
            self._local = store
        self._writes: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        self._committed: asyncio.Future[None] | None = None
        self._in_flight: asyncio.Task[None] | None = None
        #: what to call the moment each commit is done (``after``)
        self._after: dict[asyncio.Future[None], list[Callable[[], None]]] = {}

    def write(self, method: Callable[..., None], *args: Any) -> None:
        """Call ``method(*args)`` (one of the store's) in the next commit."""
        if self._committed is None:
            loop = asyncio.get_running_loop()
            self._committed = loop.create_future()
            if self._in_flight is None:  # else the batch in flight starts the next one
                loop.call_soon(self._commit)
        self._writes.append((method, args))

    def commit_pending(self) -> asyncio.Future[None] | None:
        """The commit that will make every write so far durable (None: they all are)."""
        return self._committed

    def when_kept(self, then: Callable[[], None]) -> None:
        """Call ``then`` once every write made so far is durable (now, if they all are); not
        at all if their commit fails (whoever waits on it is dropped, and the log says why)."""
        committed = self._committed
        if committed is None:
            then()
        else:
            self.after(committed, lambda: None if committed.exception() else then())

    def after(self, commit: asyncio.Future[None], then: Callable[[], None]) -> None:
        """Call ``then`` the moment ``commit`` (from ``commit_pending``) is done, kept or failed:
        in the turn of the loop that commits (now, if it has), so what waits to be told of
        the writes leaves in that turn, not one more turn later as a done-callback would."""
        if commit.done():
            then()
        else:
            self._after.setdefault(commit, []).append(then)

    async def settled(self) -> None:
        """Return once every write made so far is durable; raise if its commit failed."""
        if self._committed is not None:
            # shielded: a waiter that is cancelled must not cancel the commit for the others
            await asyncio.shield(self._committed)

    def _commit(self) -> None:
        writes, committed = self._writes, self._committed
        self._writes, self._committed = [], None
        assert committed is not None
        if self._shared is not None:
            for method, args in writes:
                method(*args)  # staged: sent by the flush
            self._in_flight = asyncio.get_running_loop().create_task(
                self._flush(self._shared, len(writes), committed)
            )
            return
        assert self._local is not None
        try:
            with self._local.transaction():
                for method, args in writes:
                    method(*args)
        except Exception as error:
            self._failed(committed, len(writes), error)
            return
        committed.set_result(None)
        self._done(committed)

    async def _flush(self, store: SharedStore, count: int, committed: asyncio.Future[None]) -> None:
        try:
            fenced = await store.flush()
        except Exception as error:
            self._failed(committed, count, error)
        else:
            if fenced and self.fenced is not None:
                self.fenced(fenced)
            committed.set_result(None)
            self._done(committed)
        finally:
            self._in_flight = None
            if self._committed is not None:  # written while this batch was in flight
                self._commit()

    def _failed(self, committed: asyncio.Future[None], count: int, error: Exception) -> None:
        """The waiters raise ``error``; say so here too in case nobody waits."""
        log.error("%d store writes could not be committed: %s", count, error)
        committed.set_exception(error)
        committed.exception()  # retrieved: the log line above is the report
        self._done(committed)

    def _done(self, committed: asyncio.Future[None]) -> None:
        """Call what waits ``after`` ``committed``, each on its own: one that fails must not
        keep the others from hearing."""
        for then in self._after.pop(committed, ()):
            try:
                then()
            except Exception:
                log.exception("a call after a commit failed")
