"""Where a server's tables live: on this server alone, or spread over several nodes.

The server's parts ask a ``Placement`` what depends on that (taking a new table's codes,
letting a table go, spectators of tables held elsewhere, who hears of a table besides its own
connections, what the lobby shares) and never whether there are other nodes. ``SingleNode`` is the server on its
own; ``cluster.Node`` is one node of several sharing PostgreSQL and Redis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

    from cardtable.online.connection import Connection
    from cardtable.online.directory import TableDirectory
    from cardtable.online.journal import Journal
    from cardtable.online.lifecycle import Lifecycle
    from cardtable.online.meeting import Meeting
    from cardtable.online.protocol import Watch
    from cardtable.online.store import SharedStore, TableStore
    from cardtable.online.tables import Peer, Table


class Placement(Protocol):
    """What a server asks of the way its tables are placed."""

    async def start(self, tables: TableDirectory, lifecycle: Lifecycle) -> None:
        """Bring up the tables this server is to hold, before it listens."""

    async def stop(self) -> None:
        """Let go of everything this server holds (another may take it up)."""

    async def place(self, table: Table) -> bool:
        """Take a new table's codes; False if they are taken elsewhere (new ones are tried)."""

    async def release(self, table: Table) -> None:
        """The table is closed here: its codes are free."""

    def forget(self, table: Table) -> None:
        """The table is no longer held here (closed, or given up to another node)."""

    def audience(self, table: Table) -> list[Peer]:
        """Who hears of ``table``'s changes besides its own connections."""

    async def watch(self, conn: Connection, hello: Watch) -> bool:
        """Seat a spectator of a table held elsewhere; False if there is none."""

    def following(self, conn: Connection) -> bool:
        """``conn`` watches a table held elsewhere."""

    def unfollow(self, conn: Connection) -> None:
        """``conn`` has gone."""

    async def process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        """Answer a connection's opening request before it is let in (None: let it in)."""

    def meeting(self, store: TableStore | SharedStore, journal: Journal) -> Meeting:
        """The pools, ladder and listings the lobby shares with every node (made once)."""
        ...


class SingleNode:
    """The server on its own: every table in its store is its own, and nobody else's."""

    async def start(self, tables: TableDirectory, lifecycle: Lifecycle) -> None:
        await lifecycle.restore()

    async def stop(self) -> None:
        return None

    async def place(self, table: Table) -> bool:
        return True

    async def release(self, table: Table) -> None:
        return None

    def forget(self, table: Table) -> None:
        return None

    def audience(self, table: Table) -> list[Peer]:
        return []

    async def watch(self, conn: Connection, hello: Watch) -> bool:
        return False

    def following(self, conn: Connection) -> bool:
        return False

    def unfollow(self, conn: Connection) -> None:
        return None

    async def process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        return None

    def meeting(self, store: TableStore | SharedStore, journal: Journal) -> Meeting:
        """Pools in memory; ratings beside the tables, in the store's own commits (a store
        without them, none: no rated play)."""
        import time

        from cardtable.online.lobby import quick_match_sizes
        from cardtable.online.meeting import LocalMeeting, ladder_for

        return LocalMeeting(quick_match_sizes(), time.monotonic, ladder_for(store, journal))
