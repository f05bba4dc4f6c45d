"""The quick-match pools of a cluster, in Redis: one pool per game, waves run by one node at a time.

Any node adds, updates and removes its own seekers' tickets; the node holding the waves' lease
(``cardtable:lobby:waves``, renewed well within its life) reads every pool, forms tables with the
same rules as a server on its own (``matchmaking.Matchmaker``, loaded with what Redis holds),
and writes each table back in one script that first checks the lease is still its own and every
ticket is still the one it read. So a node that stalled and lost the lease forms nothing, a
ticket cancelled or changed meanwhile is not seated, and nobody is seated twice. When the lease
holder dies its lease lapses and the next node to try takes it; the pools never lived in it.
A ticket lives as long as its seeker's lobby connection: the tickets of a node that stopped
saying it is alive (``nodes``, renewed with the lease) are dropped by the next wave.

Keys (``cardtable:lobby:`` and):

- ``waves``: the lease, naming the node that runs the waves; ``nodes`` sorted set: each node's
  address, scored by when it last said it was alive;
- ``pool:GAME`` hash: seeker key → ticket (JSON); ``seeking`` hash: key → the game they seek;
- ``seated`` hash: key → the match they are in (confirming or playing);
- ``match:ID`` hash: ``head`` (JSON), ``t:KEY`` each member's ticket, ``c:KEY`` once they sat
  down, ``invite`` once the table is open; ``matches`` set: the ids confirming.

Times are wall-clock seconds (``time.time``): every node reads the same clock.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from typing import Any

from redis.asyncio import Redis

from cardtable.online.matchmaking import (
    SEATED,
    Clock,
    Match,
    Matchmaker,
    SeekRefused,
    Status,
    Ticket,
)
from cardtable.online.pools import Seeker, Standing, Wave
from cardtable.online.poolscripts import SCRIPTS

PREFIX = "cardtable:lobby:"


def ticket_text(seeker: Seeker, ticket: Ticket) -> str:
    """A ticket as Redis keeps it, with the seeker behind it."""
    fields = asdict(ticket)
    fields["seeker"] = asdict(seeker)
    return json.dumps(fields, sort_keys=True)


def read_ticket(text: bytes | str) -> tuple[Seeker, Ticket]:
    fields = json.loads(text)
    seeker = Seeker(**fields.pop("seeker"))
    fields["seats"] = tuple(fields["seats"])
    return seeker, Ticket(**fields)


def formed_fields(match: Match, seekers: list[Seeker]) -> dict[str, Any]:
    """A formed match and its seekers (in the order of its tickets), for the node that is to
    open its table."""
    return {
        "id": match.id,
        "game": match.game,
        "rated": match.rated,
        "deadline": match.deadline,
        "tickets": [ticket_text(*pair) for pair in zip(seekers, match.tickets, strict=True)],
    }


def read_formed(fields: dict[str, Any]) -> tuple[Match, list[Seeker]]:
    tickets = [read_ticket(text) for text in fields["tickets"]]
    match = Match(
        fields["id"], fields["game"], fields["rated"], [t for _, t in tickets], fields["deadline"]
    )
    return match, [seeker for seeker, _ in tickets]


class RedisPools:
    """Every game's pool in Redis; ``wave`` forms tables only while this node holds the lease."""

    def __init__(
        self,
        redis: Redis,
        node: str,
        sizes: dict[str, tuple[int, int]],
        lease: float,
        clock: Clock = time.time,
        prefix: str = PREFIX,
    ) -> None:
        """``prefix`` begins every key (another keeps another cluster's pools apart)."""
        self.redis = redis
        self.prefix = prefix
        self.node = node
        self.sizes = sizes
        self.lease_ms = int(lease * 1000)
        self.clock = clock
        self._scripts = {name: redis.register_script(text) for name, text in SCRIPTS.items()}

    async def _run(self, script: str, *args: Any) -> Any:
        """Run a script on this cluster's keys (it names them from the prefix, its first
        argument: one Redis server, not a Redis Cluster, which needs every key declared)."""
        return await self._scripts[script](args=[self.prefix, *args])

    # -- the lease -------------------------------------------------------------------------------

    async def hold_lease(self) -> bool:
        """Take the waves' lease if it is free, or renew it if it is this node's."""
        return bool(await self._bid())

    def _bid(self, client: Any = None) -> Any:
        """The lease script's call (``hold_lease``), on ``client`` (a pipeline) if given."""
        return self._scripts["lease"](
            keys=[self.prefix + "waves"], args=[self.node, self.lease_ms], client=client
        )

    async def alive(self) -> None:
        """Say this node is alive: its seekers' tickets stay in the pools (renew well within
        the lease)."""
        await self.redis.zadd(self.prefix + "nodes", {self.node: self.clock()})

    # -- the seekers' side -----------------------------------------------------------------------

    async def seek(
        self, seeker: Seeker, game: str, seats: tuple[int, int], rated: bool, rating: float
    ) -> Standing:
        checker = Matchmaker(self.sizes, self.clock)  # the same checks as on one node
        try:
            ticket = checker.seek(seeker.key, game, seats, rated, rating)
        except SeekRefused:  # told first, as on one node
            if await self.redis.hexists(self.prefix + "seated", seeker.key):
                raise SeekRefused(SEATED) from None
            raise
        earlier = await self._ticket(seeker.key)
        if earlier is not None:  # their place in the pool is kept
            ticket.since = earlier.since
        text = ticket_text(seeker, ticket)
        if not await self._run("seek", seeker.key, game, text):
            raise SeekRefused(SEATED)
        standing = await self.standing(seeker.key)
        return standing or Standing(seeker, ticket, self._status(ticket, 1))

    async def _ticket(self, key: str) -> Ticket | None:
        game = await self.redis.hget(self.prefix + "seeking", key)
        if game is None:
            return None
        text = await self.redis.hget(self.prefix + "pool:" + _text(game), key)
        return None if text is None else read_ticket(text)[1]

    async def cancel(self, key: str) -> tuple[Match, list[Seeker], set[str]] | None:
        return self._undone(await self._run("cancel", "", key))

    def _undone(self, found: Any) -> tuple[Match, list[Seeker], set[str]] | None:
        """The match a call-off script undid, its seekers, and who went back to the pool."""
        if not found:
            return None
        flat, back = found
        fields = {_text(flat[i]): flat[i + 1] for i in range(0, len(flat), 2)}
        head = json.loads(fields["head"])
        tickets = [read_ticket(v) for k, v in fields.items() if k.startswith("t:")]
        match = Match(
            head["id"],
            head["game"],
            head["rated"],
            [t for _, t in tickets],
            head["deadline"],
            {k[2:] for k in fields if k.startswith("c:")},
            _text(fields.get("invite", b"")),
        )
        return match, [s for s, _ in tickets], {_text(k) for k in back}

    async def busy(self, key: str) -> bool:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hexists(self.prefix + "seeking", key)
            pipe.hexists(self.prefix + "seated", key)
            seeking, seated = await pipe.execute()
        return bool(seeking or seated)

    async def standing(self, key: str) -> Standing | None:
        game = await self.redis.hget(self.prefix + "seeking", key)
        if game is None:
            return None
        pool = self.prefix + "pool:" + _text(game)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hget(pool, key)
            pipe.hlen(pool)
            text, seeking = await pipe.execute()
        if text is None:
            return None
        seeker, ticket = read_ticket(text)
        return Standing(seeker, ticket, self._status(ticket, seeking))

    def _status(self, ticket: Ticket, seeking: int) -> Status:
        now = self.clock()
        return Status(now - ticket.since, seeking, ticket.range_at(now))

    async def table_ready(self, game: str, rated: bool) -> bool:
        """As on one node for a pool of a few. A pool of more than twice the largest table
        holds a table's worth of rated or of casual seekers: a wave is worth running, and the
        pool is not read to say so."""
        pool = self.prefix + "pool:" + game
        waiting = await self.redis.hlen(pool)
        if waiting > 2 * max(high for _, high in self.sizes.values()):
            return True
        same = [read_ticket(t)[1] for t in (await self.redis.hgetall(pool)).values()]
        same = [t for t in same if t.rated == rated]
        return bool(same) and len(same) >= max(t.seats[1] for t in same)

    async def confirm(self, match: int, key: str) -> bool:
        return bool(await self._run("confirm", match, key))

    async def finished(self, keys: list[str]) -> None:
        if keys:
            await self.redis.hdel(self.prefix + "seated", *keys)

    async def opened(self, match: Match, invite: str) -> bool:
        match.invite = invite
        return bool(await self._run("opened", match.id, invite))

    # -- the waves -------------------------------------------------------------------------------

    async def wave(self) -> Wave | None:
        """One turn for a Redis connection to take the lease and read every pool: a wave
        nudged in a burst of seeks waits behind the burst's commands for each turn it takes."""
        now = self.clock()
        held, ids, alive, texts = await self._read(now)
        if not held:
            return None
        wave = Wave()
        wave.called_off = await self._expire(now, ids)
        if any(back for _, _, back in wave.called_off):  # back at the front: read them too
            held, _, alive, texts = await self._read(now)
            if not held:
                return None
        pools = Matchmaker(self.sizes, lambda: now)
        read: dict[str, tuple[Seeker, str]] = {}
        nodes = {node.decode() for node in alive if isinstance(node, bytes)} | {self.node}
        for game, tickets in zip(self.sizes, texts, strict=True):
            for text in tickets.values():
                seeker, ticket = read_ticket(text)
                if seeker.node not in nodes:  # its connection died with its node
                    await self._run("drop", seeker.key, game, _text(text))
                    continue
                pools.waiting[seeker.key] = ticket
                read[seeker.key] = seeker, _text(text)
        formed = pools.wave()
        last = await self.redis.incrby(self.prefix + "match-ids", len(formed)) if formed else 0
        for number, match in enumerate(formed, last - len(formed) + 1):
            match.id = number
        for match, seated in zip(formed, await self._form(formed, read), strict=True):
            if seated:
                wave.formed.append((match, [read[p][0] for p in match.players]))
        for ticket in pools.due_a_bot_offer():
            seeker, text = read[ticket.player]
            swapped = ticket_text(seeker, ticket)
            pool = self.prefix + "pool:" + ticket.game
            if await self._scripts["swap"](keys=[pool], args=[seeker.key, text, swapped]):
                wave.offers.add(seeker.key)
        for key, ticket in pools.waiting.items():
            status = pools.status(key)
            assert status is not None
            wave.waiting.append(Standing(read[key][0], ticket, status))
        return wave

    async def _read(self, now: float) -> tuple[bool, list[str], list[Any], list[dict[Any, Any]]]:
        """In one round trip: whether this node holds the lease (taken or renewed), the ids of
        the matches confirming, the nodes alive, and every game's pool (in ``sizes`` order)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            await self._bid(pipe)
            pipe.smembers(self.prefix + "matches")
            pipe.zrangebyscore(self.prefix + "nodes", now - self.lease_ms / 1000, "+inf")
            for game in self.sizes:
                pipe.hgetall(self.prefix + "pool:" + game)
            held, ids, alive, *texts = await pipe.execute()
        return bool(held), [_text(i) for i in ids], alive, texts

    async def _expire(
        self, now: float, ids: list[str]
    ) -> list[tuple[Match, list[Seeker], set[str]]]:
        """Call off the matches past their deadline (``ids``: those confirming; each read,
        then each called off, in one round trip apiece however many are confirming)."""
        if not ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for match_id in ids:
                pipe.hget(self.prefix + "match:" + match_id, "head")
            heads = await pipe.execute()
        late = [
            i for i, h in zip(ids, heads, strict=True) if h and json.loads(h)["deadline"] <= now
        ]
        if not late:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for match_id in late:
                args = [self.prefix, match_id, "", self.node]
                await self._scripts["expire"](args=args, client=pipe)
            found = await pipe.execute()
        return [undone for f in found if (undone := self._undone(f)) is not None]

    async def _form(self, formed: list[Match], read: dict[str, tuple[Seeker, str]]) -> list[bool]:
        """Seat each match's tickets in Redis if they are still as read and the lease held
        (one script a match, all sent at once): which were seated."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for match in formed:
                head = {"id": match.id, "game": match.game, "rated": match.rated}
                head["deadline"] = match.deadline
                members: list[Any] = []
                for player in match.players:
                    members += [player, match.game, read[player][1]]
                args = [self.prefix, self.node, match.id, json.dumps(head), *members]
                await self._scripts["form"](args=args, client=pipe)
            seated = await pipe.execute()
        return [answer == 1 for answer in seated]


def _text(data: bytes | str) -> str:
    return data.decode() if isinstance(data, bytes) else data
