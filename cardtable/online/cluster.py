"""This server as one node of several sharing a PostgreSQL log (the ``cluster`` extra).

Each table is owned by exactly one node. Redis holds a route per table code (invite and watch)
naming its owner, as a lease the owner renews; a client that reaches another node at
``/t/CODE`` is redirected (HTTP 307) to the owner. When a node dies its leases lapse, and a
survivor that finds a table with no route claims it: the route first (``SET NX``, so one node
wins), then the table in the store (its epoch + 1, so the old owner can write no more), then it
replays the log and plays on. A node that finds its lease gone (it stalled past it) gives the
table up.
"""

from __future__ import annotations

import asyncio
import logging
import re
from http import HTTPStatus
from typing import TYPE_CHECKING

from redis.asyncio import BlockingConnectionPool, Redis
from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from cardtable.games.registry import GAMES
from cardtable.online.clustermeeting import ClusterMeeting
from cardtable.online.jobs import end
from cardtable.online.protocol import CODE_LETTERS, Watch, Welcome
from cardtable.online.relay import Followers, Relay
from cardtable.online.store import SharedStore, TableStore

if TYPE_CHECKING:
    from cardtable.online.connection import Connection
    from cardtable.online.directory import TableDirectory
    from cardtable.online.journal import Journal
    from cardtable.online.lifecycle import Lifecycle
    from cardtable.online.meeting import Meeting
    from cardtable.online.tables import Peer, Table

log = logging.getLogger("cardtable.server")

#: the path a client names its table by: /t/ and an invite or watch code
TABLE_PATH = re.compile(f"^/t/([{CODE_LETTERS}]{{5}})/?$")

#: extend a lease while it is still this node's (taking it back if it lapsed and nobody took
#: it: a node claims a table's route before its epoch); how many of KEYS are this node's now
_RENEW = """
local held = 0
for i, key in ipairs(KEYS) do
  local owner = redis.call('GET', key)
  if owner == ARGV[1] or not owner then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    held = held + 1
  end
end
return held
"""

#: drop a lease only if it is still this node's
_RELEASE = """
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


#: connections to Redis a node keeps at most: a burst of requests beyond them waits its turn
#: (redis-py's default pool refuses them at once with "Too many connections": a hundred people
#: seeking in the same instant lost their lobby connections)
REDIS_CONNECTIONS = 64


def route_key(code: str) -> str:
    return f"cardtable:route:{code}"


class Node:
    """Routes, leases and orphans for one node, the placement of a server's ``tables`` among
    several; ``url`` is where clients reach it."""

    def __init__(
        self,
        tables: TableDirectory,
        journal: Journal,
        store: SharedStore,
        redis_url: str,
        url: str,
        lease: float,
    ) -> None:
        if not isinstance(store, SharedStore):
            raise ValueError("several nodes need a shared store: --store postgresql://…")
        self.tables = tables
        self.journal = journal
        self.store = store
        #: takes tables over and gives them up (the server's, from ``start``)
        self.lifecycle: Lifecycle | None = None
        self.redis = Redis(
            connection_pool=BlockingConnectionPool.from_url(
                redis_url, max_connections=REDIS_CONNECTIONS
            )
        )
        self.url = url.rstrip("/")
        self.lease_ms = int(lease * 1000)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._loops: list[asyncio.Task[None]] = []
        self._adopting: dict[str, asyncio.Lock] = {}
        #: the public view of each table here, for spectators on other nodes
        self.relays: dict[Table, Relay] = {}
        self.followers = Followers(self.redis)
        #: the lobby's pools, listings and ladder, shared with every node
        self.lobby: ClusterMeeting | None = None

    async def start(self, tables: TableDirectory, lifecycle: Lifecycle) -> None:
        """Claim the tables nobody holds, then keep leases renewed and watch for orphans."""
        self.lifecycle = lifecycle
        await self.adopt_orphans()
        loop = asyncio.get_running_loop()
        self._loops = [loop.create_task(self._renewing()), loop.create_task(self._watching())]

    async def stop(self) -> None:
        """Stop renewing and let go of this node's routes (a survivor claims the tables)."""
        await end(self._loops)
        for relay in self.relays.values():
            relay.close()
        self.followers.close()
        if self.lobby is not None:
            await self.lobby.stop()
        codes = [code for t in self.tables.values() for code in (t.invite, t.watch)]
        if codes:
            await self._release(keys=[route_key(c) for c in codes], args=[self.url])
        await self.redis.aclose()

    # -- routes --------------------------------------------------------------------------------

    async def place(self, table: Table) -> bool:
        """Take the routes of a new table; False if another node's table has either code."""
        keys = [route_key(table.invite), route_key(table.watch)]
        async with self.redis.pipeline(transaction=True) as pipe:
            for key in keys:
                pipe.set(key, self.url, nx=True, px=self.lease_ms)
            taken = await pipe.execute()
        if all(taken):
            return True
        await self._release(keys=keys, args=[self.url])
        return False

    async def release(self, table: Table) -> None:
        """The table is over or gone elsewhere: its routes are not this node's to keep."""
        keys = [route_key(table.invite), route_key(table.watch)]
        await self._release(keys=keys, args=[self.url])

    async def owner(self, code: str) -> str | None:
        found = await self.redis.get(route_key(code))
        return found.decode() if isinstance(found, bytes) else found

    async def process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        """Let in a client whose table is here (or to be made here); send it to the owner
        otherwise. A table nobody owns is claimed on the spot."""
        matched = TABLE_PATH.match(request.path)
        if matched is None:
            return None
        code = matched.group(1)
        if code in self.tables.by_code:
            return None
        owner = await self.owner(code)
        table_id = await self.store.find(code)
        if owner in (None, self.url) and table_id is not None:
            # nobody holds it, or this node is claiming it now: wait for that claim to end
            await self.adopt(table_id)
            if code in self.tables.by_code:
                return None
            owner = await self.owner(code)
        if owner is None or owner == self.url:
            return None  # no such table: the client's hello is answered with why
        record = None if table_id is None else await self.store.record(table_id)
        if record is not None and record.watch == code:
            return None  # spectators are served here, from the owner's relay
        response = conn.respond(HTTPStatus.TEMPORARY_REDIRECT, f"table {code} is at {owner}\n")
        response.headers["Location"] = f"{owner}/t/{code}"
        return response

    def meeting(self, store: TableStore | SharedStore, journal: Journal) -> Meeting:
        """Pools and listings in Redis, shared with every node; the ladder in PostgreSQL."""
        from cardtable.online.lobby import quick_match_sizes
        from cardtable.online.meeting import ladder_for

        ladder = ladder_for(store, journal)
        self.lobby = ClusterMeeting(
            self.redis,
            self.url,
            quick_match_sizes(),
            self.lease_ms / 1000,
            ladder,
            load=lambda: len(self.tables),
        )
        return self.lobby

    # -- spectators ----------------------------------------------------------------------------

    def audience(self, table: Table) -> list[Peer]:
        """The relay to spectators elsewhere, which hears of ``table`` as a spectator here."""
        relay = self.relays.get(table)
        if relay is None:
            relay = self.relays[table] = Relay(self.redis, self.journal)
        relay.follow(table)
        return [relay]

    def forget(self, table: Table) -> None:
        relay = self.relays.pop(table, None)
        if relay is not None:
            relay.close()

    def following(self, conn: Connection) -> bool:
        return self.followers.following(conn)

    def unfollow(self, conn: Connection) -> None:
        self.followers.remove(conn)

    async def watch(self, conn: Connection, hello: Watch) -> bool:
        """Seat a spectator of a table another node owns; False if there is no such table."""
        table_id = await self.store.find(hello.code)
        record = None if table_id is None else await self.store.record(table_id)
        if record is None or record.watch != hello.code or record.game not in GAMES:
            return False
        secret = GAMES[record.game].rules.secret_config
        welcome = Welcome(
            type="welcome",
            game=record.game,
            seat=None,
            token=None,
            watch=record.watch,
            config=None if secret else record.config,
        )
        conn.name = hello.name
        conn.send(welcome.model_dump_json())
        await self.followers.add(conn, record.watch)
        return True

    # -- orphans -------------------------------------------------------------------------------

    async def adopt(self, table_id: str) -> bool:
        """Claim a table whose owner's leases lapsed: route first, then the store's epoch.
        One claim a table at a time here: a client that comes while it is being claimed
        waits for it, and finds the table here (rather than not yet known) once it is."""
        lock = self._adopting.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                return table_id not in self.tables and await self._adopt(table_id)
        finally:
            if not lock.locked() and self._adopting.get(table_id) is lock:
                del self._adopting[table_id]

    async def _adopt(self, table_id: str) -> bool:
        record = await self.store.record(table_id)
        if record is None:
            return False
        keys = [route_key(record.invite), route_key(record.watch)]
        if not await self.redis.set(keys[0], self.url, nx=True, px=self.lease_ms):
            return False
        await self.redis.set(keys[1], self.url, px=self.lease_ms)
        assert self.lifecycle is not None, "adopting before the node started"
        table = await self.lifecycle.take_over(table_id)
        if table is None:
            await self._release(keys=keys, args=[self.url])
            return False
        log.info("took over table %s (epoch %d)", table.invite, self.store.epochs[table_id])
        return True

    async def adopt_orphans(self) -> None:
        """Claim every table in play that no node holds."""
        elsewhere = [(t, code) for t, code in await self.store.unfinished() if t not in self.tables]
        if not elsewhere:
            return
        owners = await self.redis.mget([route_key(code) for _, code in elsewhere])
        for (table_id, _), owner in zip(elsewhere, owners, strict=True):
            if owner is None:
                await self.adopt(table_id)

    async def _watching(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 2000)
            try:
                await self.adopt_orphans()
            except Exception as error:  # the store or Redis is away: try again next time
                log.warning("could not look for orphaned tables: %s", error)

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self._renew_all()
            except Exception as error:
                log.warning("could not renew table leases: %s", error)

    async def _renew_all(self) -> None:
        """Renew every lease; a table whose lease was lost (this node stalled) is given up."""
        tables = self.tables.values()
        async with self.redis.pipeline(transaction=False) as pipe:
            for table in tables:
                keys = [route_key(table.invite), route_key(table.watch)]
                await self._renew(keys=keys, args=[self.url, self.lease_ms], client=pipe)
            held = await pipe.execute()
        lost = {t.id for t, n in zip(tables, held, strict=True) if n < 2}
        if lost and self.lifecycle is not None:
            self.lifecycle.give_up(lost, "its lease lapsed while this node stalled")
