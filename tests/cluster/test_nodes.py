"""Three nodes on loopback: routes and redirects, a killed owner, a stalled one."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from cardtable.core.codec import Decoder
from cardtable.core.match import Match
from cardtable.games.registry import get
from cardtable.online.botclient import BotSeat
from cardtable.online.remote import RemoteSession
from cardtable.session.base import Refused
from tests.cluster.nodes import Cluster
from tests.online.conftest import PATIENCE, until

asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")


@asynccontextmanager
async def sessions() -> AsyncIterator[list[RemoteSession]]:
    made: list[RemoteSession] = []
    try:
        yield made
    finally:
        for session in made:
            session.close()


async def seated(
    made: list[RemoteSession], url: str, hello: dict[str, Any], *also: str
) -> RemoteSession:
    session = RemoteSession(get("pazaak"), url, hello)
    session.link.fallbacks = also
    made.append(session)
    session.start()
    await asyncio.wait_for(session.ready.wait(), PATIENCE)
    assert session.problem is None, session.problem
    return session


def port_of(session: RemoteSession) -> int:
    assert session.link.ws is not None
    return int(session.link.ws.remote_address[1])


async def owner(cluster: Cluster, code: str) -> str | None:
    redis = redis_asyncio.Redis.from_url(cluster.redis)
    try:
        found = await redis.get(f"cardtable:route:{code}")
    finally:
        await redis.aclose()
    return None if found is None else found.decode()


async def kept_actions(cluster: Cluster, code: str) -> tuple[list[dict[str, Any]], int]:
    """The stored actions and epoch of the table with invite ``code``."""
    db = await asyncpg.connect(cluster.dsn)
    try:
        row = await db.fetchrow(
            "SELECT id, epoch FROM tables WHERE setup->>'invite' = $1 ORDER BY epoch DESC", code
        )
        rows = await db.fetch("SELECT action FROM actions WHERE tbl = $1 ORDER BY ply", row["id"])
    finally:
        await db.close()

    return [json.loads(r["action"]) for r in rows], row["epoch"]


def replay_matches(actions: list[dict[str, Any]], *seen: RemoteSession) -> None:
    """The store's actions rebuild exactly the game each client was told of."""
    rules = get("pazaak").rules
    decoder = Decoder(rules.action_types)
    host = seen[0]
    replayed = Match.replay(rules, host.config, host.seed, [decoder.decode(a) for a in actions])
    assert replayed.outcome == host.outcome is not None
    for session in seen:
        assert replayed.observe(session.viewer) == session.observe()
        assert len(session.history()) == len(actions) + 1


async def test_a_table_made_on_one_node_is_joined_and_watched_through_others(
    cluster: Cluster,
) -> None:
    a, b, c = await cluster.start(3)
    async with sessions() as made:
        create = {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
        host = await seated(made, a.url, create)
        guest = await seated(made, b.url, {"type": "join", "code": host.invite, "name": "G"})
        watcher = await seated(made, c.url, {"type": "watch", "code": host.watch})
        # B sent the guest on to A, which owns the table; C serves its spectator itself
        assert port_of(guest) == a.port and port_of(watcher) == c.port
        assert watcher.invite == "", "a spectator on another node is told the watch code only"
        assert await owner(cluster, host.invite) == await owner(cluster, host.watch) == a.url
        seats = [BotSeat(s, "easy") for s in (host, guest)]
        await asyncio.gather(*(seat.play(PATIENCE) for seat in seats))
        await until(lambda: watcher.is_over, "the spectator to see the end")
        actions, epoch = await kept_actions(cluster, host.invite)
        replay_matches(actions, host, guest, watcher)
        assert epoch == 1


async def test_a_spectator_of_a_table_held_elsewhere_is_never_hung_up_as_unseated(
    cluster: Cluster,
) -> None:
    """The hello deadline is for connections that never sat down: one watching through
    another node's relay has (it was told 'sit at a table within 1 s' and cut off)."""
    cluster.options = ("--hello-deadline", "1")
    a, c = await cluster.start(2)
    async with sessions() as made:
        create = {"type": "create", "game": "pazaak", "seats": ["human", "easy"]}
        host = await seated(made, a.url, create)
        watcher = await seated(made, c.url, {"type": "watch", "code": host.watch})
        assert port_of(watcher) == c.port
        heard: list[Any] = []

        def shown(change: Any) -> None:
            """As a table would: each change shown, and a set's end answered at once."""
            heard.append(change)
            watcher.proceed()

        watcher.connect(shown, lambda callback: callback())
        line = watcher.link.ws
        # past the deadline (the very thing under test is that nothing happens at it)
        deadline = time.monotonic() + 1.5
        await until(lambda: time.monotonic() > deadline, "the hello deadline to pass")
        await BotSeat(host, "easy").play(PATIENCE)
        await until(lambda: watcher.is_over, "the spectator to see the end")
        assert watcher.link.ws is line  # the same connection throughout: never cut off
        assert not [change for change in heard if isinstance(change, Refused)]


async def test_a_killed_owner_s_table_moves_to_a_survivor_and_play_goes_on(
    cluster: Cluster,
) -> None:
    a, b, c = await cluster.start(3)
    async with sessions() as made:
        create = {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
        # the host comes back through C, the guest through B: both at once, to different nodes
        host = await seated(made, a.url, create, c.url, b.url)
        guest = await seated(made, b.url, {"type": "join", "code": host.invite, "name": "G"})
        watcher = await seated(made, c.url, {"type": "watch", "code": host.watch})
        seats = [BotSeat(s, "easy", think=0.05) for s in (host, guest)]
        playing = asyncio.gather(*(seat.play(PATIENCE * 2) for seat in seats))
        await until(lambda: host.ply >= 6, "a few moves")
        before = await owner(cluster, host.invite)
        cluster.signal(a, signal.SIGKILL)
        killed = time.monotonic()
        await until(lambda: host.connection is not None, "the host to see the line drop")
        await until(
            lambda: all(s.connection is None and s.link.ws is not None for s in made),
            "everyone back",
        )
        away = time.monotonic() - killed
        await playing
        await until(lambda: watcher.is_over, "the spectator to see the end")
        after = await owner(cluster, host.invite)
        actions, epoch = await kept_actions(cluster, host.invite)
        replay_matches(actions, host, guest, watcher)
        assert before == a.url and after in (b.url, c.url) and epoch >= 2
        assert {port_of(s) for s in (host, guest)} == {int(after.rsplit(":", 1)[1])}
        print(f"owner {before} -> {after}; clients away {away:.2f} s; {len(actions)} actions")


async def test_a_stalled_owner_is_fenced_and_gives_its_table_up(cluster: Cluster) -> None:
    a, b, _ = await cluster.start(3)
    async with sessions() as made:
        create = {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
        host = await seated(made, a.url, create, b.url)
        guest = await seated(made, b.url, {"type": "join", "code": host.invite, "name": "G"})
        seats = [BotSeat(s, "easy", think=0.05) for s in (host, guest)]
        playing = asyncio.gather(*(seat.play(PATIENCE * 2) for seat in seats))
        await until(lambda: host.ply >= 4, "a few moves")
        cluster.signal(a, signal.SIGSTOP)

        # past the lease, a survivor claims the table (epoch 2) and its route while A sleeps
        async def claimed() -> bool:
            _, epoch = await kept_actions(cluster, host.invite)
            return epoch >= 2

        await until(claimed, "a survivor to claim the table (epoch 2)", every=0.05)
        assert await owner(cluster, host.invite) not in (None, a.url)
        cluster.signal(a, signal.SIGCONT)
        await playing
        assert "giving it up" in a.said()
        actions, epoch = await kept_actions(cluster, host.invite)
        replay_matches(actions, host, guest)
        # 2, or more if a busy machine held a node's renewal past its lease: it moves again
        assert epoch >= 2
