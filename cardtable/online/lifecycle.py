"""A table's life on a server beyond its moves: rebuilt from the store at start-up (or claimed
from a node that stopped), closed when left empty too long, given up when another node took it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from cardtable.core.errors import IllegalAction
from cardtable.games.registry import GAMES
from cardtable.online.absence import Absences
from cardtable.online.directory import TableDirectory
from cardtable.online.gate import Gate
from cardtable.online.jobs import Jobs
from cardtable.online.journal import Journal
from cardtable.online.placement import Placement
from cardtable.online.play import TablePlay
from cardtable.online.store import SharedStore, TableRecord, TableStore
from cardtable.online.tables import Table

log = logging.getLogger("cardtable.server")


class Lifecycle:
    """Brings tables into ``tables`` from the store and takes them out again."""

    def __init__(
        self,
        tables: TableDirectory,
        store: TableStore | SharedStore,
        journal: Journal,
        gate: Gate,
        placement: Placement,
        absences: Absences,
        play: TablePlay,
        jobs: Jobs,
        idle_minutes: float,
    ) -> None:
        self.tables = tables
        self.store = store
        self.journal = journal
        self.gate = gate
        self.placement = placement
        self.absences = absences
        self.play = play
        self.jobs = jobs
        self.idle_minutes = idle_minutes
        journal.fenced = self.give_up
        #: told of each table rebuilt from the store (the lobby's, for its quick-match tables)
        self.rebuilt: Callable[[Table], None] = _nothing

    async def restore(self) -> None:
        """Rebuild every table still in play from the store (a shared store: claiming each)."""
        if isinstance(self.store, SharedStore):
            for table_id, _ in await self.store.unfinished():
                await self.take_over(table_id)
            return
        for record, actions in self.store.unfinished():
            self._rebuild(record, actions)

    async def take_over(self, table_id: str) -> Table | None:
        """Claim a table of the shared store (whoever held it may write no more) and play on
        from its log; None if it is over or cannot be rebuilt."""
        assert isinstance(self.store, SharedStore)
        claimed = await self.store.claim(table_id)
        if claimed is None:
            return None
        return self._rebuild(*claimed)

    def _rebuild(self, record: TableRecord, actions: list[dict[str, Any]]) -> Table | None:
        try:
            table = Table.rebuild(GAMES[record.game], record, actions)
        except (KeyError, ValueError, IllegalAction) as error:
            log.error("table %s could not be rebuilt: %s", record.id, error)
            return None
        self.tables.add(table)
        for seat in table.claimed:  # nobody is back yet: bots stand in if they stay away
            self.absences.away(table, seat)
        self.rebuilt(table)
        self.play.wake(table)
        return table

    def give_up(self, table_ids: set[str], why: str = "its write was refused") -> None:
        """Another node claimed these tables: what this one did since is not kept, so it lets
        them go and hangs up on their players, who come back through the table's new owner."""
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is None:
                continue
            log.warning("table %s is another node's now (%s): giving it up", table.invite, why)
            self.forget(table)
            for peer in list(table.peers):
                peer.close()  # nothing more is sent: it may tell of writes refused
                self.jobs.spawn(peer.ws.close(1012, "the table moved to another node"))

    def close(self, table: Table) -> None:
        """Forget a table nobody has come back to: its game is abandoned, its codes freed."""
        self.forget(table)
        self.journal.write(self.store.finish, table.id)
        self.jobs.spawn(self.placement.release(table))
        log.info("closed table %s: nobody there for %g minutes", table.invite, self.idle_minutes)

    def let_go(self, table: Table) -> None:
        """A finished game everyone has left: nothing more can happen at it (a rematch needs its
        players there), so it stops counting against its opener's tables now, not an idle
        hour later (its finish is already kept)."""
        self.forget(table)
        self.jobs.spawn(self.placement.release(table))

    def forget(self, table: Table) -> None:
        """Drop a table from memory with its timers (its log stays as it is)."""
        self.placement.forget(table)
        opener = self.tables.forget(table)
        self.absences.forget(table)
        if opener is not None:
            self.gate.closed(opener)

    async def sweep(self) -> None:
        """Now and then: close the tables left empty too long, forget spent-out guessers."""
        idle = self.idle_minutes * 60
        while True:
            await asyncio.sleep(min(60.0, idle / 4))
            for table in self.tables.idle(idle):
                if not table.peers:
                    self.close(table)
            self.gate.forget_idle()


def _nothing(table: Table) -> None:
    """Nobody needs to hear of a rebuilt table (a server without a lobby)."""
