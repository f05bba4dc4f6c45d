"""Table chat: lines the people at a table send each other, cleaned, bounded and rate-limited.

The server passes a line on to every seat and spectator of the table and forgets it: chat is no
action of the game, so it never reaches the store, a save or a replay. Text from other people is
data: it is reduced to what prints (``core.printable``) here, and the client shows what is left
literally, never as markup.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from cardtable.core.printable import printable
from cardtable.online.bucket import Bucket
from cardtable.online.protocol import Heard
from cardtable.online.tables import Refusal, Table

#: the longest line anyone may say, in characters
MAX_CHAT = 200
#: lines a person may say at once, then one a second
CHAT_BURST = 5
CHAT_RATE = 1.0


class TableChat:
    """Who said what at which table: each connection's allowance, and spectators' labels."""

    def __init__(
        self,
        rate: float = CHAT_RATE,
        burst: int = CHAT_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: WeakKeyDictionary[Any, Bucket] = WeakKeyDictionary()
        self._labels: WeakKeyDictionary[Any, str] = WeakKeyDictionary()
        #: how many spectators have spoken at each table, to number the next one
        self._spectators: WeakKeyDictionary[Table, int] = WeakKeyDictionary()

    def say(self, conn: Any, table: Table, text: str) -> None:
        """Pass ``text`` on to everyone at ``table``; a ``Refusal`` says why it cannot go."""
        line = self.line(conn, table, text)
        for peer in list(table.peers):
            peer.send(line)

    def line(self, conn: Any, table: Table, text: str) -> str:
        """The chat message for every peer, once the line is checked and allowed."""
        said = printable(text)
        if not said:
            raise Refusal("chat", "nothing to say: the line was empty")
        if len(said) > MAX_CHAT:
            raise Refusal(
                "chat", f"a chat line holds at most {MAX_CHAT} characters; that one had {len(said)}"
            )
        bucket = self._buckets.get(conn)
        if bucket is None:
            bucket = self._buckets[conn] = Bucket(self.rate, self.burst, self.clock)
        if not bucket.take():
            raise Refusal(
                "chat",
                f"too many chat lines: {self.burst} at once, then one a second; wait a moment",
            )
        heard = Heard(type="chat", seat=conn.seat, name=self.sender(conn, table), text=said)
        return heard.model_dump_json()

    def sender(self, conn: Any, table: Table) -> str:
        """The seat's name, a spectator's as "Ann (watching)", or "Spectator N" in the order
        nameless spectators first spoke."""
        if conn.seat is not None:
            return printable(table.seats[conn.seat].name) or f"Player {conn.seat + 1}"
        if conn.name:
            return f"{printable(conn.name)} (watching)"
        label = self._labels.get(conn)
        if label is None:
            number = self._spectators.get(table, 0) + 1
            self._spectators[table] = number
            label = self._labels[conn] = f"Spectator {number}"
        return label
