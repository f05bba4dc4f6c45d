"""Spectators on any node: a table's public view passed through Redis.

The owner of a table sends every spectator update it makes (the seat-less view) to a Redis list
and channel of the table's watch code, in order and each only once its moves are committed. A
node that does not own the table serves its spectators from there: a newcomer is sent the list
so far (a full update, then what followed), then each update as it is published. A new game at
the table (a rematch) starts the list again with a full update.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redis.asyncio import Redis
from websockets.protocol import State

if TYPE_CHECKING:
    from cardtable.online.connection import Connection
    from cardtable.online.journal import Journal
    from cardtable.online.tables import Table

log = logging.getLogger("cardtable.server")

#: a list kept a day past its last update, so an abandoned table's view goes away by itself
KEEP_SECONDS = 86400

#: append one update (after clearing the list for a full one) and publish it with its number
_PUBLISH = """
if ARGV[1] == '1' then redis.call('DEL', KEYS[1]) end
local n = redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[2], n .. ' ' .. ARGV[2])
return n
"""


def view_keys(watch: str) -> list[str]:
    """The list and the channel of a table's public view."""
    return [f"cardtable:view:{watch}", f"cardtable:viewed:{watch}"]


class Relay:
    """The owner's side: a table's public view, told to Redis in order once committed."""

    seat: int | None = None

    def __init__(self, redis: Redis, journal: Journal) -> None:
        self.sent = self.noted = 0
        self._game = self._watch = ""
        self._fresh = True
        self._publish = redis.register_script(_PUBLISH)
        self._journal = journal
        self._queue: asyncio.Queue[tuple[str, bool, str | bytes, asyncio.Future[None] | None]]
        self._queue = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._write())

    def follow(self, table: Table) -> None:
        """Ready to be told of ``table`` as a spectator is (its ``send`` is given what one
        has not been told yet)."""
        if table.id != self._game:  # a new game at the table: start again with a full view
            self._game, self.sent, self.noted = table.id, 0, 0
        self._watch, self._fresh = table.watch, self.sent == 0

    def send(self, data: str | bytes) -> None:
        self._queue.put_nowait((self._watch, self._fresh, data, self._journal.commit_pending()))

    def close(self) -> None:
        self._task.cancel()

    async def _write(self) -> None:
        while True:
            watch, fresh, text, commit = await self._queue.get()
            try:
                if commit is not None:
                    await asyncio.shield(commit)
                await self._publish(keys=view_keys(watch), args=[int(fresh), text, KEEP_SECONDS])
            except Exception as error:  # not kept, or Redis away: the next update is a full one
                log.warning("a spectator update of %s was not relayed: %s", watch, error)
                self.sent, self.noted, self._game = 0, 0, ""


@dataclass
class Follow:
    """A node's subscription to one table's view, shared by its spectators there."""

    watchers: dict[Connection, int] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None


class Followers:
    """The non-owner's side: spectators here of tables other nodes own."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._follows: dict[str, Follow] = {}

    def following(self, conn: Connection) -> bool:
        return any(conn in follow.watchers for follow in self._follows.values())

    async def add(self, conn: Connection, watch: str) -> None:
        """Tell ``conn`` the view so far, then every update of it."""
        follow = self._follows.get(watch)
        if follow is None:
            follow = self._follows[watch] = Follow()
            ready = asyncio.Event()
            follow.task = asyncio.get_running_loop().create_task(self._listen(watch, ready))
            await ready.wait()  # subscribed before the list is read: nothing falls between
        so_far = await self.redis.lrange(view_keys(watch)[0], 0, -1)
        for text in so_far:
            conn.send(_text(text))
        follow.watchers[conn] = len(so_far)

    def remove(self, conn: Connection) -> None:
        for watch, follow in list(self._follows.items()):
            follow.watchers.pop(conn, None)
            if not follow.watchers and follow.task is not None:
                follow.task.cancel()
                del self._follows[watch]

    def close(self) -> None:
        for follow in self._follows.values():
            if follow.task is not None:
                follow.task.cancel()
        self._follows.clear()

    async def _listen(self, watch: str, ready: asyncio.Event) -> None:
        async with self.redis.pubsub() as pubsub:
            await pubsub.subscribe(view_keys(watch)[1])
            ready.set()
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is not None:
                    self._tell(watch, _text(message["data"]))

    def _tell(self, watch: str, raw: str) -> None:
        number, _, text = raw.partition(" ")
        n = int(number)
        follow = self._follows.get(watch)
        if follow is None:
            return
        for conn, told in list(follow.watchers.items()):
            if conn.ws.state is not State.OPEN:
                continue
            if n > told or (n == 1 and told > 1):  # a new game starts the list again
                conn.send(text)
                follow.watchers[conn] = n


def _text(data: bytes | str) -> str:
    return data.decode() if isinstance(data, bytes) else data
