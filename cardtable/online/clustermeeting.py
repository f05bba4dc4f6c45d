"""The lobby's meeting place on one node of a cluster: Redis for the pools and the listings, and
for word between nodes; PostgreSQL for players, results and ratings (``pgladder``).

Each node listens on two Redis channels: its own (``cardtable:lobby:to:NODE``: messages for the
lobby connections it holds, and the formed matches whose tables it is to open, in batches) and
everyone's (``cardtable:lobby:all``: a called-off match's table to drop, a nudge to run a wave
now, a listing that changed). What a node publishes leaves in the order it was said, one batch
per channel at a time.

The tables a wave forms are spread over the live nodes (``spread``): each node publishes how
many tables it holds (``cardtable:lobby:load``, a hash beside the ``nodes`` it is alive in) with
its heartbeat, the wave runner gives each table to the least loaded and adds what it gave to
their counts at once (so the next wave, before their next heartbeat, sees it). A table's
players reach it as any table's: a node that does not hold it sends them on (cluster.py).

A node's listed rows live in its own hash (``cardtable:lobby:listings:NODE``), kept alive by the
same loop that renews the waves' lease: the node running the waves takes a dead node's rows
away, and tells every lobby they are gone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from cardtable.online.jobs import end
from cardtable.online.protocol import ListedTable, Unlisted
from cardtable.online.sharedpools import PREFIX, RedisPools, formed_fields, read_formed
from cardtable.online.spread import spread

if TYPE_CHECKING:
    from cardtable.online.ladder import Ladder
    from cardtable.online.matchmaking import Match
    from cardtable.online.meeting import Lobby
    from cardtable.online.pools import Seeker

log = logging.getLogger("cardtable.lobby")

EVERYONE = PREFIX + "all"


def inbox(node: str) -> str:
    """The channel of the lobby connections on ``node``."""
    return f"{PREFIX}to:{node}"


def listings_key(node: str) -> str:
    return f"{PREFIX}listings:{node}"


class ClusterMeeting:
    """Pools, listings and word between nodes in Redis; the ladder in PostgreSQL."""

    def __init__(
        self,
        redis: Redis,
        node: str,
        sizes: dict[str, tuple[int, int]],
        lease: float,
        ladder: Ladder | None,
        load: Callable[[], int],
    ) -> None:
        """``load()``: how many tables this node holds now; with those its lobby is still
        opening, what it publishes for the waves to spread tables by."""
        self.redis = redis
        self.node = node
        self.lease = lease
        self._pools = RedisPools(redis, node, sizes, lease)
        self._ladder = ladder
        self._load = load
        self._loads = self._pools.prefix + "load"
        self.lobby: Lobby | None = None
        #: what is to be published, by channel, in order; and the listing writes before it
        self._outbox: dict[str, list[Any]] = {}
        self._rows: list[tuple[str, str | None]] = []
        self._said = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._runs_waves = False

    @property
    def pools(self) -> RedisPools:
        return self._pools

    @property
    def ladder(self) -> Ladder | None:
        return self._ladder

    async def start(self, lobby: Lobby) -> None:
        """Subscribe to this node's channels before the first client comes; raise why if
        that fails (a node that cannot hear the others must not start listening)."""
        self.lobby = lobby
        loop = asyncio.get_running_loop()
        heard = asyncio.Event()
        listening = loop.create_task(self._listening(heard))
        self._tasks = [listening, loop.create_task(self._sending())]
        subscribed = loop.create_task(heard.wait())
        await asyncio.wait([subscribed, listening], return_when=asyncio.FIRST_COMPLETED)
        if not heard.is_set():  # the listening ended before it subscribed: say why
            others, self._tasks = [subscribed, *self._tasks[1:]], []
            await end(others)
            listening.result()

    def open(self) -> None:
        """Count among the live nodes from now on: heartbeat, publish the load, bid for the
        waves' lease. Only once the node listens: a node seen stuck before its socket was up
        heartbeated all the same, and was given tables it never opened."""
        self._tasks.append(asyncio.get_running_loop().create_task(self._leasing()))

    async def stop(self) -> None:
        await end(self._tasks)

    def _here(self) -> Lobby:
        assert self.lobby is not None, "the meeting place is not started"
        return self.lobby

    # -- word between nodes ----------------------------------------------------------------------

    def tell(self, node: str, key: str, text: str) -> None:
        if node == self.node:
            self._here().deliver(key, text)
        else:
            self._say(inbox(node), [key, text])

    def drop_table(self, invite: str) -> None:
        if invite:
            self._say(EVERYONE, {"drop": invite})

    def nudge(self) -> None:
        """The node running the waves runs one at once; another tells every node (the one
        running them hears). Word through Redis waits its turn for a connection behind the
        node's other commands: in a burst of seeks, behind the burst."""
        if self._runs_waves:
            self._here().nudge()
        else:
            self._say(EVERYONE, {"nudge": True})

    async def places(self, formed: list[list[Seeker]]) -> list[str]:
        """Each table on the least loaded live node (this one always counts as live). Every
        node's load is read as published, this one's too, and what a wave gives is added at
        once: a count of the tables this node holds now would leave out those a wave gave it
        and it is still opening, and make it look the least loaded to the next wave."""
        if not formed:
            return []
        since = time.time() - self.lease
        alive = await self.redis.zrangebyscore(self._pools.prefix + "nodes", since, "+inf")
        nodes = sorted({node.decode() for node in alive if isinstance(node, bytes)} | {self.node})
        counts = await self.redis.hmget(self._loads, nodes)
        loads = {node: int(count or 0) for node, count in zip(nodes, counts, strict=True)}
        hosts = spread(loads, [{seeker.node for seeker in seekers} for seekers in formed])
        async with self.redis.pipeline(transaction=False) as pipe:
            for node, count in Counter(hosts).items():
                pipe.hincrby(self._loads, node, count)
            await pipe.execute()
        return hosts

    def open_elsewhere(self, node: str, match: Match, seekers: list[Seeker]) -> None:
        self._say(inbox(node), {"open": formed_fields(match, seekers)})

    async def list_table(self, row: ListedTable, text: str) -> None:
        self._rows.append((row.watch, row.model_dump_json()))
        self._say(EVERYONE, {"announce": text})

    async def unlist(self, watch: str, text: str) -> None:
        self._rows.append((watch, None))
        self._say(EVERYONE, {"announce": text})

    async def listings(self) -> list[ListedTable]:
        nodes = self._pools.prefix + "nodes"
        alive = await self.redis.zrangebyscore(nodes, time.time() - self.lease, "+inf")
        rows: list[ListedTable] = []
        for node in alive:
            assert isinstance(node, bytes)
            found = await self.redis.hgetall(listings_key(node.decode()))
            rows += [ListedTable.model_validate_json(v) for v in found.values()]
        return rows

    def _say(self, channel: str, message: Any) -> None:
        self._outbox.setdefault(channel, []).append(message)
        self._said.set()

    async def _sending(self) -> None:
        """Publish what was said, a batch per channel, the listing rows written first."""
        while True:
            await self._said.wait()
            self._said.clear()
            outbox, rows = self._outbox, self._rows
            self._outbox, self._rows = {}, []
            try:
                async with self.redis.pipeline(transaction=True) as pipe:
                    mine = listings_key(self.node)
                    for watch, row in rows:
                        if row is None:
                            pipe.hdel(mine, watch)
                        else:
                            pipe.hset(mine, watch, row)
                    for channel, messages in outbox.items():
                        pipe.publish(channel, json.dumps(messages))
                    await pipe.execute()
            except Exception as error:  # Redis away: what was said is lost, say so
                log.warning("the lobby could not tell the other nodes: %s", error)

    async def _listening(self, heard: asyncio.Event) -> None:
        async with self.redis.pubsub() as pubsub:
            await pubsub.subscribe(inbox(self.node), EVERYONE)
            heard.set()
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is not None:
                    self._heard(_text(message["channel"]), json.loads(message["data"]))

    def _heard(self, channel: str, batch: list[Any]) -> None:
        lobby = self._here()
        if channel != EVERYONE:
            for said in batch:
                if isinstance(said, dict):
                    lobby.open_match(*read_formed(said["open"]))
                else:
                    key, text = said
                    lobby.deliver(key, text)
            return
        for said in batch:
            if "drop" in said:
                lobby.drop_table(said["drop"])
            elif "nudge" in said:
                lobby.nudge()
            else:
                lobby.announce(said["announce"])

    async def _leasing(self) -> None:
        """Keep this node's listings alive, say how many tables it holds, and try for the
        waves' lease, well within its life; a node that has just taken the lease runs a wave
        at once."""
        while True:
            try:
                await self._pools.alive()
                load = self._load() + self._here().opening  # held, and being opened
                await self.redis.hset(self._loads, self.node, str(load))
                await self.redis.pexpire(listings_key(self.node), int(self.lease * 3000))
                held = await self._pools.hold_lease()
                if held and not self._runs_waves:
                    log.info("this node runs the quick-match waves now")
                    self._here().nudge()
                self._runs_waves = held
                if held:
                    await self._bury()
            except Exception as error:
                log.warning("could not renew the lobby's leases: %s", error)
            await asyncio.sleep(self.lease / 3)

    async def _bury(self) -> None:
        """The nodes silent for a lease are dead: their listed rows go, and every lobby is
        told (a table of theirs that another node takes over is a friend table there)."""
        nodes = self._pools.prefix + "nodes"
        for node in await self.redis.zrangebyscore(nodes, "-inf", time.time() - self.lease):
            assert isinstance(node, bytes)
            rows = listings_key(node.decode())
            for watch in await self.redis.hkeys(rows):
                gone = Unlisted(type="unlisted", watch=_text(watch)).model_dump_json()
                self._say(EVERYONE, {"announce": gone})
            await self.redis.delete(rows)
            await self.redis.hdel(self._loads, node)
            await self.redis.zrem(nodes, node)


def _text(data: bytes | str) -> str:
    return data.decode() if isinstance(data, bytes) else data
