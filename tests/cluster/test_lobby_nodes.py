"""The lobby across nodes on loopback: one pool per game in Redis, listings seen on every node,
the waves' runner killed with seekers waiting, and ratings kept once in PostgreSQL."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from cardtable.games.registry import get
from cardtable.online import protocol as wire
from cardtable.online.botclient import BotSeat
from cardtable.online.identity import Identity, load_or_create
from cardtable.online.lobbyclient import LobbyClient, seat_session
from cardtable.online.remote import RemoteSession
from cardtable.online.seeker import matched, play_matched
from cardtable.session.base import RatingsChanged
from tests.cluster.nodes import Cluster, Node
from tests.online.conftest import PATIENCE, until

asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")


@pytest.fixture
def keys(tmp_path: Path) -> list[Identity]:
    return [load_or_create(tmp_path / f"key{n}") for n in range(5)]


@asynccontextmanager
async def lobbies() -> AsyncIterator[list[LobbyClient]]:
    opened: list[LobbyClient] = []
    try:
        yield opened
    finally:
        for client in opened:
            await client.close()


async def visit(opened: list[LobbyClient], node: Node, name: str, key: Identity) -> LobbyClient:
    client = await LobbyClient.open(node.url, name, key)
    opened.append(client)
    return client


async def wave_runner(cluster: Cluster) -> str | None:
    redis = redis_asyncio.Redis.from_url(cluster.redis)
    try:
        found = await redis.get("cardtable:lobby:waves")
    finally:
        await redis.aclose()
    return None if found is None else found.decode()


async def route(cluster: Cluster, code: str) -> str | None:
    """The node a table's code is routed to."""
    redis = redis_asyncio.Redis.from_url(cluster.redis)
    try:
        found = await redis.get(f"cardtable:route:{code}")
    finally:
        await redis.aclose()
    return None if found is None else found.decode()


def recompute(cluster: Cluster) -> str:
    """``cardtable serve --store … --recompute-ratings``: what it printed (it must agree)."""
    command = [sys.executable, "-m", "cardtable", "serve", "--store", cluster.dsn]
    done = subprocess.run(
        [*command, "--recompute-ratings"], capture_output=True, text=True, timeout=PATIENCE
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


async def test_two_seekers_on_different_nodes_are_paired_in_one_wave_and_rated_once(
    cluster: Cluster, keys: list[Identity]
) -> None:
    a, b = await cluster.start(2)
    async with lobbies() as opened:
        ann = await visit(opened, a, "Ann", keys[0])
        bo = await visit(opened, b, "Bo", keys[1])
        await ann.seek("pazaak", True)
        await bo.seek("pazaak", True)
        ann_match, bo_match = await asyncio.gather(matched(ann, PATIENCE), matched(bo, PATIENCE))
        assert ann_match.match == bo_match.match and ann_match.invite == bo_match.invite
        assert {ann_match.seat, bo_match.seat} == {0, 1}
        # each sits down through its own node (the one without the table sends it on)
        ann_game, bo_game = await asyncio.gather(
            play_matched(ann, ann_match, "easy"), play_matched(bo, bo_match, "easy")
        )
        rated = ann_game.rated
        assert rated is not None and rated.counted and bo_game.rated == rated
        assert {c.player for c in rated.changes} == {keys[0].player, keys[1].player}
        # the leaderboard and whoami read the shared ladder from either node
        you = await bo.whoami()
        assert you.ratings["pazaak"].games == 1 and you.finish_rate == 1.0
        everyone = await ann.everyone("pazaak")
        assert sorted(row.player for row in everyone) == sorted(k.player for k in keys[:2])
    assert recompute(cluster).endswith(
        "1 results, 2 ratings rebuilt: every stored rating was right\n"
    )


async def test_a_wave_s_tables_open_on_every_live_node_and_their_players_find_them(
    cluster: Cluster,
) -> None:
    """Twelve casual seekers, every one on node A: their six tables are shared between A and B
    (the least loaded node takes each), and each player, sitting down through A, is sent on to
    the node that holds their table. Nobody is matched twice, nobody is left waiting."""
    a, b = await cluster.start(2)
    async with lobbies() as opened:
        seekers = [await LobbyClient.open(a.url, f"P{n}", None) for n in range(12)]
        opened.extend(seekers)
        await asyncio.gather(*(seeker.seek("pazaak", False) for seeker in seekers))
        news = await asyncio.gather(*(matched(seeker, PATIENCE) for seeker in seekers))
        by_table: dict[str, list[int]] = {}
        for match in news:
            by_table.setdefault(match.invite, []).append(match.seat)
        assert len(by_table) == 6 and all(sorted(s) == [0, 1] for s in by_table.values())
        hosts = {invite: await route(cluster, invite) for invite in by_table}
        counts = {node.url: list(hosts.values()).count(node.url) for node in (a, b)}
        assert sum(counts.values()) == 6 and all(counts.values()), counts
        seats = [seat_session(a.url, match) for match in news]
        try:
            for session in seats:
                session.start()
            for session, match in zip(seats, news, strict=True):
                await asyncio.wait_for(session.ready.wait(), PATIENCE)
                assert session.problem is None, session.problem
                assert session.link.ws is not None
                port = session.link.ws.remote_address[1]
                assert hosts[match.invite] == f"ws://127.0.0.1:{port}"
            await until(lambda: not any(s.waiting for s in seats), "every game begun")
        finally:
            for session in seats:
                session.close()
        for seeker in seekers:  # matched once: nothing but waiting news came after
            while not seeker.news.empty():
                later = seeker.news.get_nowait()
                assert isinstance(later, wire.Seeking), later
    print(f"six tables from one node's seekers, held by node: {counts}")


async def test_a_burst_of_seekers_on_one_node_is_answered_and_matched_once_each(
    cluster: Cluster,
) -> None:
    """200 people seek through one node in the same instant: every seek is answered (the
    node's Redis connections are shared out, not refused), everyone is matched once, and the
    tables open on both nodes."""
    a, b = await cluster.start(2)
    async with lobbies() as opened:
        seekers = await asyncio.gather(
            *(LobbyClient.open(a.url, f"P{n}", None) for n in range(200))
        )
        opened.extend(seekers)
        await asyncio.gather(*(seeker.seek("pazaak", False) for seeker in seekers))
        news = await asyncio.gather(*(matched(seeker, PATIENCE) for seeker in seekers))
        seats: dict[str, list[int]] = {}
        for match in news:
            seats.setdefault(match.invite, []).append(match.seat)
        assert len(seats) == 100 and all(sorted(s) == [0, 1] for s in seats.values())
        hosts = [await route(cluster, invite) for invite in seats]
        counts = {node.url: hosts.count(node.url) for node in (a, b)}
        assert sum(counts.values()) == 100 and all(counts.values()), counts
    print(f"a hundred tables from one node's burst of seekers, held by node: {counts}")


async def test_a_match_given_to_a_node_that_never_opens_it_sends_its_seekers_back(
    cluster: Cluster,
) -> None:
    """The wave runner gives a table to the other node, which is frozen (SIGSTOP) and never
    opens it: at the match's deadline both seekers, never told of it, are back at the front of
    the pool and matched again, on a node that is alive. The frozen node, woken, finds the
    match gone and opens nothing anybody hears of: nobody is seated twice."""
    cluster.lease = 6.0  # the frozen node still counts as alive when the wave runs
    nodes = await cluster.start(2)

    async def runner() -> str | None:
        return await wave_runner(cluster)

    first = await until(runner, "a node to take the waves' lease")
    runs = next(n for n in nodes if n.url == first)
    frozen = next(n for n in nodes if n is not runs)
    friends = RemoteSession(get("pazaak"), runs.url, {**ONE_AND_A_BOT, "name": "Host"})
    friends.start()  # the runner holds a table: the other node is the less loaded
    async with lobbies() as opened:
        try:
            await asyncio.wait_for(friends.ready.wait(), PATIENCE)
            await until(lambda: published_load(cluster, runs), "the runner's table counted")
            seekers = [await LobbyClient.open(runs.url, f"P{n}", None) for n in range(2)]
            opened.extend(seekers)
            cluster.signal(frozen, signal.SIGSTOP)
            try:
                for seeker in seekers:
                    await seeker.seek("pazaak", False)
                heard = await asyncio.gather(*(news_to_a_match(s) for s in seekers))
            finally:
                cluster.signal(frozen, signal.SIGCONT)
            again = []
            for said in heard:
                called_off, match = said
                assert isinstance(called_off, wire.CalledOff) and called_off.requeued, said
                assert isinstance(match, wire.Matched), said
                again.append(match)
            assert again[0].invite == again[1].invite
            assert await route(cluster, again[0].invite) == runs.url
            # the woken node opens the gone match's table and closes it at once, telling nobody
            await until(lambda: tables_kept(cluster, finished=1), "the woken node's late table")
            assert await tables_kept(cluster, finished=1) == (3, 1)  # friends', the new, its
            seats = [seat_session(runs.url, match) for match in again]
            for session in seats:
                session.start()
            try:
                await until(lambda: not any(s.waiting for s in seats), "the game begun")
            finally:
                for session in seats:
                    session.close()
            for seeker in seekers:
                while not seeker.news.empty():
                    later = seeker.news.get_nowait()
                    assert isinstance(later, wire.Seeking), later
        finally:
            friends.close()


ONE_AND_A_BOT = {"type": "create", "game": "pazaak", "seats": ["human", "easy"]}


async def published_load(cluster: Cluster, node: Node) -> int:
    """How many tables ``node`` last said it holds (with its heartbeat)."""
    redis = redis_asyncio.Redis.from_url(cluster.redis)
    try:
        found = await redis.hget("cardtable:lobby:load", node.url)
    finally:
        await redis.aclose()
    return int(found or 0)


async def tables_kept(cluster: Cluster, finished: int) -> tuple[int, int] | None:
    """How many tables the cluster's store holds, and how many are finished, once
    ``finished`` are (None before)."""
    db = await asyncpg.connect(cluster.dsn)
    try:
        row = await db.fetchrow("SELECT count(*), count(*) FILTER (WHERE finished) FROM tables")
    finally:
        await db.close()
    return (row[0], row[1]) if row[1] >= finished else None


async def news_to_a_match(seeker: LobbyClient) -> list[object]:
    """What a seeker hears until a match, waiting news left out."""
    said: list[object] = []
    while not said or not isinstance(said[-1], wire.Matched):
        news = await seeker.next_news(PATIENCE)
        if not isinstance(news, wire.Seeking):
            said.append(news)
    return said


async def test_a_table_listed_on_one_node_is_seen_live_from_another(
    cluster: Cluster, keys: list[Identity]
) -> None:
    a, b = await cluster.start(2)
    async with lobbies() as opened:
        watcher = await visit(opened, a, "Watcher", keys[0])
        assert await watcher.subscribe() == {}
        create = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "listed": True}
        host = RemoteSession(get("pazaak"), b.url, {**create, "name": "Host"})
        guest: RemoteSession | None = None
        host.start()
        try:
            await asyncio.wait_for(host.ready.wait(), PATIENCE)
            listed = await watcher.next_news(PATIENCE)
            assert isinstance(listed, wire.Listed) and listed.table.watch == host.watch
            assert listed.table.invite == host.invite and listed.table.taken == 1
            # a lobby client that comes later, on either node, is sent it in the listing
            late = await visit(opened, b, "Late", keys[1])
            assert list(await late.subscribe()) == [host.watch]
            # a guest joins through A (sent on to B): the row fills, live, on A
            guest = RemoteSession(get("pazaak"), a.url, {"type": "join", "code": host.invite})
            guest.hello["name"] = "Guest"
            guest.start()
            await asyncio.wait_for(guest.ready.wait(), PATIENCE)
            full = await watcher.next_news(PATIENCE)
            assert isinstance(full, wire.Listed) and full.table.taken == 2
            assert full.table.invite is None
            # played to the end: the row goes, from every lobby
            await asyncio.gather(*(BotSeat(s, "easy").play(PATIENCE) for s in (host, guest)))
            gone = await watcher.next_news(PATIENCE)
            while not isinstance(gone, wire.Unlisted):
                gone = await watcher.next_news(PATIENCE)
            assert gone.watch == host.watch and watcher.tables == {}
            assert await late.next_news(PATIENCE) == full
        finally:
            for session in (host, guest):
                if session is not None:
                    session.close()


async def test_the_wave_runner_killed_with_seekers_waiting_loses_and_doubles_nobody(
    cluster: Cluster, keys: list[Identity]
) -> None:
    nodes = await cluster.start(3)

    async def runner() -> str | None:
        return await wave_runner(cluster)

    await until(runner, "a node to take the waves' lease")
    first = await wave_runner(cluster)
    doomed = next(n for n in nodes if n.url == first)
    alive = [n for n in nodes if n is not doomed]
    async with lobbies() as opened:
        # two seekers of a three-seat table wait, each on a node that lives
        seekers = [
            await visit(opened, alive[0], "Ann", keys[0]),
            await visit(opened, alive[1], "Bo", keys[1]),
        ]
        for seeker in seekers:
            status = await seeker.seek("pazu-pazaak", True, (3, 3))
            assert status.seats == (3, 3)
        # and one seeks Pazaak through the node that dies: its ticket must die with it
        ghost = await visit(opened, doomed, "Ghost", keys[3])
        await ghost.seek("pazaak", True)
        cluster.signal(doomed, signal.SIGKILL)
        killed = time.monotonic()

        async def taken_over() -> bool:
            return await wave_runner(cluster) in {n.url for n in alive}

        await until(taken_over, "another node to run the waves")
        took = time.monotonic() - killed
        seekers.append(await visit(opened, alive[0], "Cy", keys[2]))
        await seekers[-1].seek("pazu-pazaak", True, (3, 3))
        news = await asyncio.gather(*(matched(s, PATIENCE) for s in seekers))
        assert len({n.invite for n in news}) == 1 and sorted(n.seat for n in news) == [0, 1, 2]
        # a Pazaak seeker now waits alone: the dead node's seeker is not in the pool
        dee = await visit(opened, alive[1], "Dee", keys[4])
        await dee.seek("pazaak", True)
        alone = await dee.next_news(PATIENCE)
        while not (isinstance(alone, wire.Seeking) and alone.seeking == 1):
            assert isinstance(alone, wire.Seeking), alone
            alone = await dee.next_news(PATIENCE)
        games = await asyncio.gather(
            *(play_matched(s, n, "easy") for s, n in zip(seekers, news, strict=True))
        )
        rated = games[0].rated
        assert rated is not None and rated.counted and len(rated.changes) == 3
        # each was matched once: in all that time, nothing but waiting news came after
        for seeker in seekers:
            while not seeker.news.empty():
                later = seeker.news.get_nowait()
                assert isinstance(later, wire.Seeking), later
    assert recompute(cluster).endswith(
        "1 results, 3 ratings rebuilt: every stored rating was right\n"
    )
    print(f"the waves moved from {first} after the kill in {took:.2f} s (lease {cluster.lease} s)")


async def test_the_node_holding_a_rated_game_killed_mid_game_rates_it_once(
    cluster: Cluster, keys: list[Identity]
) -> None:
    """A wave opens a table on one of the nodes: killing that one mid-game moves the table
    (and the waves, if it ran them); the game ends on the new owner, rated once, and its
    players may seek again. The players come back through the other nodes, as a proxy in
    front of the cluster would send them."""
    nodes = await cluster.start(3)
    async with lobbies() as opened:
        players = [
            await visit(opened, nodes[0], "Ann", keys[0]),
            await visit(opened, nodes[1], "Bo", keys[1]),
        ]
        for player in players:
            await player.seek("pazaak", True)
        news = await asyncio.gather(*(matched(p, PATIENCE) for p in players))
        holder = await route(cluster, news[0].invite)
        doomed = next(n for n in nodes if n.url == holder)
        alive = [n for n in nodes if n is not doomed]
        seats = [seat_session(p.url, n) for p, n in zip(players, news, strict=True)]
        told: list[list[str]] = [[], []]
        for session, lines in zip(seats, told, strict=True):
            session.link.fallbacks = tuple(n.url for n in alive)
            session.connect(
                lambda change, lines=lines: (
                    lines.extend(change.lines) if isinstance(change, RatingsChanged) else None
                ),
                lambda callback: callback(),
            )
        try:
            bots = [BotSeat(s, "easy", think=0.05) for s in seats]
            playing = asyncio.gather(*(bot.play(PATIENCE * 3) for bot in bots))
            await until(lambda: seats[0].ply >= 4, "a few moves")
            cluster.signal(doomed, signal.SIGKILL)
            await playing
            assert await route(cluster, news[0].invite) in {n.url for n in alive}
            await until(lambda: all(told), "both players to hear of their ratings")
        finally:
            for session in seats:
                session.close()
        for session in seats:
            assert session.rated is not None and session.rated.counted
            assert len(session.rated.changes) == 2
        # off the table: both may seek again, wherever they are (through a live node)
        for n, (player, name) in enumerate(zip(players, ("Ann", "Bo"), strict=True)):
            if player.url == doomed.url:
                player = await visit(opened, alive[0], name, keys[n])
            status = await player.seek("pazaak", True)
            assert status.game == "pazaak"
            await player.cancel()
    assert recompute(cluster).endswith(
        "1 results, 2 ratings rebuilt: every stored rating was right\n"
    )


async def test_a_dead_node_s_listed_tables_leave_every_lobby(
    cluster: Cluster, keys: list[Identity]
) -> None:
    a, b = await cluster.start(2)
    async with lobbies() as opened:
        watcher = await visit(opened, a, "Watcher", keys[0])
        await watcher.subscribe()
        create = {"type": "create", "game": "pazaak", "seats": ["human", "easy"], "listed": True}
        host = RemoteSession(get("pazaak"), b.url, {**create, "name": "Host"})
        host.start()
        try:
            await asyncio.wait_for(host.ready.wait(), PATIENCE)
            listed = await watcher.next_news(PATIENCE)
            assert isinstance(listed, wire.Listed) and listed.table.watch == host.watch
            cluster.signal(b, signal.SIGKILL)
            gone = await watcher.next_news(PATIENCE)
            while not isinstance(gone, wire.Unlisted):
                gone = await watcher.next_news(PATIENCE)
            assert gone.watch == host.watch and watcher.tables == {}
            late = await visit(opened, a, "Late", keys[1])
            assert await late.subscribe() == {}
        finally:
            host.close()
