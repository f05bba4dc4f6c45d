"""The server's lobby on its own: sign-in, seeks, matches, results and listings, with a stand-in
for the table side (the tests in test_quick_match.py run it inside a real server)."""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cardtable.online import protocol as wire
from cardtable.online.identity import Identity, load_or_create, tag
from cardtable.online.journal import Journal
from cardtable.online.lobby import LobbyService, Visitor, quick_match_sizes
from cardtable.online.matchmaking import CONFIRM_WITHIN
from cardtable.online.meeting import LocalMeeting
from cardtable.online.pools import LocalPools, Standing, Wave
from cardtable.online.quicktables import Member
from cardtable.online.ratedgames import ABANDONED
from cardtable.online.sqliteladder import LocalLadder, SqliteLadder
from cardtable.online.store import SqliteStore
from cardtable.online.tables import Refusal
from tests.waits import until

HOST = "127.0.0.1:7777"


class Tables:
    """The table side, reduced to what the lobby asks of it."""

    def __init__(self) -> None:
        self.opened: dict[str, list[Member]] = {}
        self.dropped: list[str] = []
        #: the lobby's count of tables still to open, as each one was being opened
        self.opening: list[int] = []
        self.lobby: LobbyService | None = None

    async def open_table(
        self, game: str, rated: bool, members: list[Member]
    ) -> tuple[str, list[str]]:
        invite = f"T{len(self.opened)}"
        self.opened[invite] = members
        if self.lobby is not None:
            self.opening.append(self.lobby.opening)
        return invite, [f"token-{invite}-{seat}" for seat in range(len(members))]

    def drop_table(self, invite: str) -> None:
        self.dropped.append(invite)


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


class Heard:
    """What one lobby connection was sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def __call__(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.messages if m["type"] == kind][-1]

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.messages]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    store = SqliteStore(tmp_path / "server.sqlite3")
    yield store
    store.close()


@pytest.fixture
async def lobby(store: SqliteStore) -> LobbyService:
    ladder = LocalLadder(SqliteLadder(store), Journal(store))
    service = LobbyService(
        LocalMeeting(quick_match_sizes(), Clock(), ladder),
        Tables(),
        spawn=lambda job: job.close(),  # the tests run their waves themselves
        now=lambda: datetime(2026, 11, 28, tzinfo=UTC),
    )
    await service.meeting.start(service)
    return service


def sqlite_ladder(lobby: LobbyService) -> SqliteLadder:
    assert isinstance(lobby.ladder, LocalLadder)
    return lobby.ladder.ladder


def waiting(lobby: LobbyService) -> list[str]:
    assert isinstance(lobby.pools, LocalPools)
    return list(lobby.pools.matchmaker.waiting)


async def arrive(
    lobby: LobbyService, name: str, key: Identity | None = None
) -> tuple[Visitor, Heard]:
    heard = Heard()
    visitor = lobby.greet(heard, HOST, wire.Lobby(type="lobby", version=wire.PROTOCOL, name=name))
    if key is not None:
        nonce = base64.b64decode(heard.last("challenge")["nonce"])
        signature = base64.b64encode(key.sign(HOST, nonce)).decode()
        await lobby.receive(
            visitor, wire.SignIn(type="sign_in", key=key.public, signature=signature)
        )
        assert heard.last("you")["player"] == key.player
    return visitor, heard


async def seek(
    lobby: LobbyService, visitor: Visitor, game: str = "pazaak", rated: bool = True
) -> None:
    await lobby.receive(visitor, wire.Seek(type="seek", game=game, rated=rated))


@pytest.fixture
def keys(tmp_path: Path) -> list[Identity]:
    return [load_or_create(tmp_path / f"key{n}") for n in range(4)]


async def test_a_signed_in_pair_is_matched_seated_and_rated(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    ann, ann_heard = await arrive(lobby, "Ann", keys[0])
    bo, bo_heard = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, ann)
    assert ann_heard.last("seeking")["seeking"] == 1
    await seek(lobby, bo)
    (match,) = await lobby.wave()
    matched = ann_heard.last("matched")
    ann_seat, bo_seat = matched["seat"], bo_heard.last("matched")["seat"]
    assert {ann_seat, bo_seat} == {0, 1}
    assert matched["token"] == f"token-T0-{ann_seat}"
    assert matched["players"][bo_seat]["tag"] == tag(keys[1].player)
    assert not await lobby.seat_taken("T0", ann_seat)
    assert await lobby.seat_taken("T0", bo_seat)
    changes, reason = await lobby.keep_result(
        "T0", "table-1", [[bo_seat], [ann_seat]], moved={0, 1}, leavers=set()
    )
    assert reason is None
    after = {c.player: c.after for c in changes}
    assert after[keys[1].player].display > 1500 > after[keys[0].player].display
    rated = json.loads(lobby.rated_message("T0", changes, reason) or "{}")
    winner = next(c for c in rated["changes"] if c["player"] == keys[1].player)
    assert rated["counted"] and winner["text"].startswith("1,500? → 1,5")
    await lobby.table_over("T0")
    await seek(lobby, ann)  # free to seek again
    await lobby.receive(ann, wire.WhoAmI(type="whoami"))
    assert ann_heard.last("you")["ratings"]["pazaak"]["games"] == 1
    await seek(lobby, bo)
    lobby.pools.clock.now += 10  # type: ignore[attr-defined]  # a 156-point gap: ranges widen
    await lobby.wave()
    assert ann_heard.last("matched")["match"] == match.id + 1
    again = ann_heard.last("matched")["players"]
    assert [p["finish_rate"] for p in again] == [1.0, 1.0]
    assert {p["rating"] for p in again} == {c.after.shown() for c in changes}


async def test_a_forged_signature_is_refused_and_a_fresh_nonce_sent(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    visitor, heard = await arrive(lobby, "Mallory")
    nonce = base64.b64decode(heard.last("challenge")["nonce"])
    forged = base64.b64encode(keys[1].sign(HOST, nonce)).decode()
    await lobby.receive(visitor, wire.SignIn(type="sign_in", key=keys[0].public, signature=forged))
    assert visitor.player is None
    assert heard.kinds() == ["challenge", "error", "challenge"]
    assert "does not match" in heard.messages[1]["message"]
    assert heard.messages[2]["nonce"] != heard.messages[0]["nonce"]


async def test_rated_play_needs_a_key(lobby: LobbyService) -> None:
    visitor, _heard = await arrive(lobby, "Anon")
    with pytest.raises(Refusal, match="signed in"):
        await seek(lobby, visitor)
    await seek(lobby, visitor, rated=False)  # casual play stays open to anyone


async def test_a_hundred_seeks_from_one_key_make_one_ticket(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    connections = [await arrive(lobby, "Ann", keys[0]) for _ in range(100)]
    for visitor, _heard in connections:
        await seek(lobby, visitor)
    assert len(waiting(lobby)) == 1
    assert connections[0][1].last("cancelled")["message"] == "you seek from another connection now"
    other, _ = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, other)
    (match,) = await lobby.wave()
    assert sorted(match.players) == sorted([keys[0].player, keys[1].player])


async def test_anonymous_visitors_never_share_a_key_even_at_one_address(
    lobby: LobbyService,
) -> None:
    """An anonymous seeker's key names their connection in the pools (every node's): were it
    the object's address, a newer visitor at a departed one's address would inherit their
    match's news, and the departed one's cancel would take the newer one's ticket."""
    seen = []
    for n in range(200):
        visitor, _ = await arrive(lobby, f"Anon{n}")
        seen.append(visitor.key)
        del visitor  # its address is free for the next one
    assert len(set(seen)) == len(seen) and all(k.startswith("anonymous:") for k in seen)


async def test_a_seeker_matched_before_their_seek_is_answered_hears_of_it(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    """On a cluster a wave runs on another node whenever it likes: one may match a seeker
    between their ticket entering the pool and the pool's answer. The match is theirs all the
    same, and they hear of it (it was lost, and the table called off unsat)."""
    ann, _ = await arrive(lobby, "Ann", keys[0])
    bo, bo_heard = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, ann)
    seek_in_the_pool = lobby.pools.seek

    async def answered_after_a_wave(*args: Any) -> Standing:
        standing = await seek_in_the_pool(*args)
        (match,) = await lobby.wave()  # another node's wave, while this seek is on its way
        assert sorted(match.players) == sorted([keys[0].player, keys[1].player])
        return standing

    lobby.pools.seek = answered_after_a_wave  # type: ignore[method-assign]
    await seek(lobby, bo)
    assert "matched" in bo_heard.kinds()


async def test_a_waves_tables_count_as_this_nodes_load_until_they_are_open(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    """What a node publishes as its load includes the tables a wave gave it and it has not
    opened yet, so a node busy opening a big wave does not look idle to the next one."""
    tables = lobby.tables
    assert isinstance(tables, Tables)
    tables.lobby = lobby
    for n, key in enumerate(keys):
        visitor, _ = await arrive(lobby, f"P{n}", key)
        await seek(lobby, visitor)
    assert len(await lobby.wave()) == 2
    assert tables.opening == [2, 1] and lobby.opening == 0


async def test_a_seeker_dropped_during_confirmation_sends_the_other_to_the_front(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    ann, _ann_heard = await arrive(lobby, "Ann", keys[0])
    bo, bo_heard = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, ann)
    await seek(lobby, bo)
    await lobby.wave()
    await lobby.seat_taken("T0", bo_heard.last("matched")["seat"])  # Bo sat down; Ann's line drops
    await lobby.gone(ann)
    assert lobby.tables.dropped == ["T0"]  # type: ignore[attr-defined]
    assert bo_heard.last("called_off")["requeued"] is True
    assert waiting(lobby) == [keys[1].player]
    assert bo_heard.kinds()[-1] == "seeking"


async def test_a_seat_not_taken_in_time_calls_the_match_off(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    ann, ann_heard = await arrive(lobby, "Ann", keys[0])
    bo, bo_heard = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, ann)
    await seek(lobby, bo)
    await lobby.wave()
    await lobby.seat_taken("T0", ann_heard.last("matched")["seat"])
    lobby.pools.clock.now += CONFIRM_WITHIN  # type: ignore[attr-defined]
    await lobby.wave()
    assert ann_heard.last("called_off")["requeued"] and not bo_heard.last("called_off")["requeued"]
    assert waiting(lobby) == [keys[0].player]


async def test_a_game_abandoned_before_everyone_moved_is_not_rated(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    ann, _ = await arrive(lobby, "Ann", keys[0])
    bo, _ = await arrive(lobby, "Bo", keys[1])
    await seek(lobby, ann)
    await seek(lobby, bo)
    await lobby.wave()
    await lobby.seat_taken("T0", 0)
    await lobby.seat_taken("T0", 1)
    changes, reason = await lobby.keep_result("T0", "table-1", [[0], [1]], moved={0}, leavers=set())
    assert changes == [] and reason == ABANDONED
    rated = wire.Rated.model_validate_json(lobby.rated_message("T0", changes, reason) or "{}")
    assert not rated.counted and rated.reason == ABANDONED
    assert list(sqlite_ladder(lobby).results()) == []


async def test_a_leaver_ranks_last_though_the_stand_in_won(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    arrivals = [await arrive(lobby, name, key) for name, key in zip("ABC", keys, strict=False)]
    for visitor, _heard in arrivals:
        await lobby.receive(
            visitor, wire.Seek(type="seek", game="pixies", rated=True, seats=(3, 3))
        )
    await lobby.wave()
    a, b, c = (heard.last("matched")["seat"] for _visitor, heard in arrivals)
    for seat in range(3):
        await lobby.seat_taken("T0", seat)
    # A left; the bot playing A's seat came first
    changes, _ = await lobby.keep_result(
        "T0", "table-1", [[a], [b], [c]], moved={0, 1, 2}, leavers={a}
    )
    after = {change.player: change.after.mu for change in changes}
    assert after[keys[0].player] < after[keys[2].player] < after[keys[1].player]
    assert sqlite_ladder(lobby).finish_rate(keys[0].player) == 0.0


async def test_listings_reach_subscribers_as_they_change(lobby: LobbyService) -> None:
    visitor, heard = await arrive(lobby, "Watcher")
    row = wire.ListedTable(
        watch="WWWWW",
        invite="AAAAA",
        game="pazaak",
        seats=2,
        taken=1,
        players=[wire.Opponent(name="Ann", tag=None, rating=None)],
        options={},
        rated=False,
        spectators=0,
    )
    await lobby.list_table(row)
    await lobby.receive(visitor, wire.Subscribe(type="subscribe"))
    assert heard.last("listing")["tables"][0]["watch"] == "WWWWW"
    full = row.model_copy(update={"taken": 2, "invite": None})
    await lobby.list_table(full)
    await lobby.list_table(full)  # no change: nothing sent
    await lobby.unlist("WWWWW")
    assert heard.kinds() == ["challenge", "listing", "listed", "unlisted"]
    await lobby.gone(visitor)
    await lobby.list_table(row)
    assert heard.kinds()[-1] == "unlisted"


async def test_the_leaderboard_answers_with_the_askers_own_row(
    lobby: LobbyService, keys: list[Identity]
) -> None:
    visitor, heard = await arrive(lobby, "Ann", keys[0])
    await lobby.receive(visitor, wire.Top(type="top", game="pazaak"))
    board = heard.last("board")
    assert board["rows"] == [] and board["you"] is None
    with pytest.raises(Refusal, match="unknown game"):
        await lobby.receive(visitor, wire.Top(type="top", game="chess"))


async def test_nudges_during_a_wave_make_one_more_wave_after_it(store: SqliteStore) -> None:
    """In a burst of seeks every answer nudges: the nudges that come while a wave reads the
    pools make one more wave after it, never waves side by side (each would read the whole
    burst again)."""
    spawned: list[asyncio.Task[Any]] = []
    lobby = LobbyService(
        LocalMeeting(quick_match_sizes(), Clock(), None),
        Tables(),
        spawn=lambda job: spawned.append(asyncio.ensure_future(job)),
    )
    await lobby.meeting.start(lobby)
    waving, most, waves = 0, 0, 0
    held = asyncio.Event()
    read_the_pools = lobby.pools.wave

    async def held_wave() -> Wave | None:
        nonlocal waving, most, waves
        waving, waves = waving + 1, waves + 1
        most = max(most, waving)
        await held.wait()
        waving -= 1
        return await read_the_pools()

    lobby.pools.wave = held_wave  # type: ignore[method-assign]
    lobby.nudge()
    await until(lambda: waving == 1, "the first nudged wave to read the pools")
    for _ in range(10):  # ten seeks answered while it reads
        lobby.nudge()
        await asyncio.sleep(0)
    held.set()
    await asyncio.gather(*spawned)
    assert (most, waves) == (1, 2)
