"""What the lobby shares with other nodes, if there are any: its meeting place.

``LobbyService`` keeps the lobby connections of its own server and the quick-match tables it
opened; the rest goes through a ``Meeting``: the pools, the ladder, the listed tables' rows, and
word to a lobby connection or a table wherever it is. ``LocalMeeting`` is a server on its own
(everything in this process, the ladder in its SQLite file); ``clustermeeting.ClusterMeeting``
is one node of several (pools and listings in Redis, the ladder in PostgreSQL).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardtable.online.bestscores import BestScores, SqliteBestScores
from cardtable.online.pools import LocalPools, Pools
from cardtable.online.sqliteladder import LocalLadder, SqliteLadder
from cardtable.online.store import SharedStore, SqliteStore

if TYPE_CHECKING:
    from cardtable.online.journal import Journal
    from cardtable.online.ladder import Ladder
    from cardtable.online.matchmaking import Clock, Match
    from cardtable.online.pools import Seeker
    from cardtable.online.protocol import ListedTable
    from cardtable.online.store import TableStore


class Lobby(Protocol):
    """What a meeting place calls back on the lobby of this node."""

    #: tables waves gave this node that it has not opened yet
    opening: int

    def deliver(self, key: str, text: str) -> None:
        """Send ``text`` to the lobby connection seeking as ``key``, if it is here."""

    def drop_table(self, invite: str) -> None:
        """A match was called off: its table goes, if it is here."""

    def announce(self, text: str) -> None:
        """Tell every lobby connection here that subscribed to the listings."""

    def nudge(self) -> None:
        """A table's worth is waiting: run a wave now, if this node runs them."""

    def open_match(self, match: Match, seekers: list[Seeker]) -> None:
        """A wave run elsewhere formed ``match`` for this node to open its table."""


class Meeting(Protocol):
    """The lobby's shared parts: one server's, or a cluster's."""

    #: this node's address ("" for a server on its own): where its seekers are reached
    node: str

    @property
    def pools(self) -> Pools: ...

    @property
    def ladder(self) -> Ladder | None:
        """None: a store without ratings."""

    async def start(self, lobby: Lobby) -> None:
        """Begin hearing what other nodes say to ``lobby``."""

    def open(self) -> None:
        """The node listens now: it may be given tables and run the waves."""

    async def stop(self) -> None: ...

    def tell(self, node: str, key: str, text: str) -> None:
        """Send ``text`` to the lobby connection of ``key`` on ``node``."""

    def drop_table(self, invite: str) -> None:
        """A called-off match's table goes, on whichever node holds it."""

    def nudge(self) -> None:
        """Ask whoever runs the waves to run one now."""

    async def places(self, formed: list[list[Seeker]]) -> list[str]:
        """The node each table a wave formed is to open on (each given by its seekers)."""
        ...

    def open_elsewhere(self, node: str, match: Match, seekers: list[Seeker]) -> None:
        """Have the lobby of ``node`` open the table of a formed match."""

    async def list_table(self, row: ListedTable, text: str) -> None:
        """A listed table's row is new or changed (``text`` is its ``listed`` message)."""

    async def unlist(self, watch: str, text: str) -> None:
        """A listed table is gone (``text`` is its ``unlisted`` message)."""

    async def listings(self) -> list[ListedTable]:
        """Every listed table, on every node."""


class LocalMeeting:
    """A server on its own: its lobby is the only one."""

    node = ""

    def __init__(
        self, sizes: dict[str, tuple[int, int]], clock: Clock, ladder: Ladder | None
    ) -> None:
        self.pools = LocalPools(sizes, clock)
        self.ladder = ladder
        self.rows: dict[str, ListedTable] = {}
        self.lobby: Lobby | None = None

    async def start(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def open(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def _here(self) -> Lobby:
        assert self.lobby is not None, "the meeting place is not started"
        return self.lobby

    def tell(self, node: str, key: str, text: str) -> None:
        self._here().deliver(key, text)

    def drop_table(self, invite: str) -> None:
        self._here().drop_table(invite)

    def nudge(self) -> None:
        self._here().nudge()

    async def places(self, formed: list[list[Seeker]]) -> list[str]:
        return [self.node] * len(formed)

    def open_elsewhere(self, node: str, match: Match, seekers: list[Seeker]) -> None:
        self._here().open_match(match, seekers)

    async def list_table(self, row: ListedTable, text: str) -> None:
        self.rows[row.watch] = row
        self._here().announce(text)

    async def unlist(self, watch: str, text: str) -> None:
        if self.rows.pop(watch, None) is not None:
            self._here().announce(text)

    async def listings(self) -> list[ListedTable]:
        return list(self.rows.values())


def ladder_for(store: TableStore | SharedStore, journal: Journal) -> Ladder | None:
    """The ladder kept beside a store's tables, written in the same commits: in the SQLite
    file, or in PostgreSQL (``pgladder``); None for a store that keeps none."""
    if isinstance(store, SqliteStore):
        return LocalLadder(SqliteLadder(store), journal)
    if isinstance(store, SharedStore):
        from cardtable.online.pgladder import PostgresLadder
        from cardtable.online.pgstore import PostgresStore

        if isinstance(store, PostgresStore):
            return PostgresLadder(store, journal)
    return None


def best_scores_for(store: TableStore | SharedStore) -> BestScores | None:
    """The solo games' best scores kept beside a store's tables, written in the same commits:
    in the SQLite file, or in PostgreSQL (``pgbestscores``, every node's); None for a store
    that keeps none."""
    if isinstance(store, SqliteStore):
        return SqliteBestScores(store)
    if isinstance(store, SharedStore):
        from cardtable.online.pgbestscores import PostgresBestScores
        from cardtable.online.pgstore import PostgresStore

        if isinstance(store, PostgresStore):
            return PostgresBestScores(store)
    return None
