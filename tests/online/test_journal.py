"""Group commit: actions played in one loop turn share a transaction, and nobody hears of an
action before that transaction has committed."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.codec import encode
from cardtable.online.connection import Connection, Limits
from cardtable.online.journal import Journal
from cardtable.online.protocol import Create
from cardtable.online.server import GameServer
from cardtable.online.store import SqliteStore
from tests.online.conftest import FakeSocket


class Counting:
    """A store that only counts its transactions and keeps what was written."""

    def __init__(self, fail: bool = False) -> None:
        self.transactions = 0
        self.written: list[Any] = []
        self.fail = fail

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.transactions += 1
        yield
        if self.fail:
            raise OSError("disk full")

    def append(self, table: str, ply: int, action: dict[str, Any]) -> None:
        self.written.append((table, ply))


async def test_writes_of_one_loop_turn_share_one_transaction() -> None:
    store = Counting()
    journal = Journal(store)  # type: ignore[arg-type]
    for ply in range(3):
        journal.write(store.append, "t", ply, {})
    assert store.written == []  # nothing is written until the loop turns
    await journal.settled()
    assert store.transactions == 1 and store.written == [("t", 0), ("t", 1), ("t", 2)]
    await journal.settled()  # nothing pending: returns at once
    journal.write(store.append, "t", 3, {})
    await journal.settled()
    assert store.transactions == 2


async def test_a_failed_commit_is_raised_to_whoever_waits_for_it() -> None:
    store = Counting(fail=True)
    journal = Journal(store)  # type: ignore[arg-type]
    journal.write(store.append, "t", 0, {})
    with pytest.raises(OSError, match="disk full"):
        await journal.settled()
    store.fail = False
    journal.write(store.append, "t", 1, {})
    await journal.settled()  # the next commit goes on


async def test_what_waits_after_a_commit_is_called_in_the_turn_that_commits() -> None:
    """``after`` calls come with the commit itself, before any done-callback of its future
    (those wait for the next turn of the loop); one that fails keeps no other from its call."""
    store = Counting()
    journal = Journal(store)  # type: ignore[arg-type]
    journal.write(store.append, "t", 0, {})
    commit = journal.commit_pending()
    assert commit is not None
    heard: list[str] = []
    commit.add_done_callback(lambda _: heard.append("a done-callback"))

    def fails() -> None:
        raise RuntimeError("a bug in one listener")

    journal.after(commit, lambda: heard.append(f"after, {store.transactions} kept"))
    journal.after(commit, fails)
    journal.after(commit, lambda: heard.append("after, the next"))
    assert heard == []
    await journal.settled()  # woken by a done-callback made after the one above
    assert heard == ["after, 1 kept", "after, the next", "a done-callback"]
    journal.after(commit, lambda: heard.append("at once"))  # done already: called now
    assert heard[-1] == "at once"


class Reader(FakeSocket):
    """A connection's socket that, on every update, reads the store from another connection:
    the move it is told of must already be committed there."""

    def __init__(self, db: Path, backed_up: bool) -> None:
        super().__init__(backed_up)
        self.reader = sqlite3.connect(str(db))
        #: (the ply an update tells, the actions of its table committed when it is sent)
        self.told: list[tuple[int, int]] = []

    def heard(self, message: str | bytes) -> None:
        update = json.loads(message)
        (kept,) = self.reader.execute(
            "SELECT COUNT(*) FROM actions WHERE tbl = ?", (update["game_id"],)
        ).fetchone()
        self.told.append((update["ply"], kept))


@pytest.mark.parametrize("backed_up", [False, True], ids=["written-at-once", "writer-task"])
async def test_no_peer_hears_of_an_action_before_it_is_committed(
    tmp_path: Path, backed_up: bool
) -> None:
    db = tmp_path / "s.sqlite3"
    game = GameServer(SqliteStore(db), Limits())
    hello = Create(type="create", version=1, game="pazaak", seats=["human", "human"])
    tables = [game.seating.create(hello) for _ in range(2)]
    peers: list[Connection] = []
    for table in tables:
        game.store.create(table.record())
        for seat in (0, 1):
            peer = Connection(Reader(db, backed_up), game.limits, game.journal)  # type: ignore[arg-type]
            peer.seat = seat
            table.peers.add(peer)
            peers.append(peer)
    for _ in range(6):  # both tables move in the same instant: one commit for both
        await asyncio.gather(*(game.play.apply(t, t.match.legal_actions()[0]) for t in tables))
    await asyncio.gather(*(peer.flushed() for peer in peers))
    told = [entry for peer in peers for entry in peer.ws.told]  # type: ignore[attr-defined]
    assert len(told) == 6 * 4 and all(kept >= ply > 0 for ply, kept in told)
    for table in tables:
        kept = game.store.actions(table.id)  # type: ignore[attr-defined]
        assert kept == [encode(a) for a in table.match.actions]
    for peer in peers:
        peer.close()


def test_a_failed_transaction_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    store.append("t", 0, {"type": "Stand"})
    with pytest.raises(sqlite3.IntegrityError), store.transaction():
        store.append("t", 1, {"type": "Stand"})
        store.append("t", 0, {"type": "Stand"})  # that ply is kept already
    assert store.actions("t") == [{"type": "Stand"}]
    with store.transaction():  # and the next one goes through
        store.append("t", 1, {"type": "End"})
    assert len(store.actions("t")) == 2
