"""The pools in Redis keep the rules of the pools in memory (hypothesis): the same seeks,
cancellations, seats taken, ends and waves on the same fake clock leave the same people waiting
and seated, and form and call off the same tables. Their scripts are what make that hold."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.online.lobby import quick_match_sizes
from cardtable.online.matchmaking import Match, SeekRefused
from cardtable.online.pools import LocalPools, Pools, Seeker, Wave
from tests.cluster.conftest import own_redis

redis_asyncio = pytest.importorskip("redis.asyncio", reason="the cluster extra is not installed")
from cardtable.online.sharedpools import RedisPools  # noqa: E402

PLAYERS = [f"p{n}" for n in range(4)]
GAMES = ["pazaak", "pixies"]


class FakeClock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


seeks = st.tuples(
    st.just("seek"),
    st.sampled_from(PLAYERS),
    st.sampled_from(GAMES),
    st.sampled_from([(2, 2), (2, 3), (2, 2), (3, 3), (2, 5)]),
    st.sampled_from([True, True, True, False]),
    st.sampled_from([1500.0, 1520.0, 1500.0, 1800.0]),
)
others = st.one_of(
    st.tuples(st.just("cancel"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("sit all")),
    st.tuples(st.just("sit"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("end"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("wait"), st.sampled_from([1.0, 5.0, 16.0, 46.0])),
    st.tuples(st.just("wave")),
)
#: rounds of a few seeks, a wave, then whatever else: tables get formed, sat at, called off
rounds = st.tuples(
    st.lists(seeks, min_size=1, max_size=4),
    st.lists(others, max_size=5),
    st.lists(others, max_size=3),
).map(lambda r: [*r[0], ("wave",), *r[1], ("wave",), *r[2]])
steps = st.lists(rounds, min_size=1, max_size=5).map(lambda rs: [m for r in rs for m in r])


@dataclass
class Side:
    """One implementation under the steps, the matches it formed (by player), and those
    whose every seat was taken (a game is played there)."""

    pools: Pools
    matches: dict[str, Match]
    playing: set[int] = field(default_factory=set)


def told(
    wave: Wave | None,
) -> tuple[set[frozenset[str]], set[tuple[frozenset[str], frozenset[str]]]]:
    """What a wave did, by who: the tables formed, and those called off with who went back."""
    assert wave is not None
    formed = {frozenset(m.players) for m, _ in wave.formed}
    called_off = {(frozenset(m.players), frozenset(back)) for m, _, back in wave.called_off}
    return formed, called_off


async def step(side: Side, move: tuple) -> object:
    kind = move[0]
    if kind == "seek":
        _, player, game, seats, rated, rating = move
        seeker = Seeker(player, player, player, False, "node-a")
        try:
            standing = await side.pools.seek(seeker, game, seats, rated, rating)
        except SeekRefused as refusal:
            return str(refusal)
        return standing.status.seeking, standing.ticket.since
    if kind == "cancel":
        undone = await side.pools.cancel(move[1])
        return None if undone is None else (frozenset(undone[0].players), frozenset(undone[2]))
    if kind == "wave":
        wave = await side.pools.wave()
        assert wave is not None
        for match, _ in wave.formed:
            assert await side.pools.opened(match, f"T{match.id}")
            for player in match.players:
                side.matches[player] = match
        return told(wave), {s.seeker.key for s in wave.waiting}, wave.offers
    if kind == "sit all":  # every matched player sits down, in turn
        return [await step(side, ("sit", player)) for player in sorted(side.matches)]
    match = side.matches.get(move[1])
    if kind == "sit":
        if match is None:
            return None
        everyone = await side.pools.confirm(match.id, move[1])
        if everyone:
            side.playing.add(match.id)
        return everyone
    if kind == "end":  # only a game that began can end
        if match is not None and match.id in side.playing:
            await side.pools.finished(match.players)
            for player in match.players:
                side.matches.pop(player, None)
        return None
    FakeClock.now += move[1]
    return None


async def waiting_and_seated(side: Side) -> tuple[set[str], set[str]]:
    pools = side.pools
    if isinstance(pools, LocalPools):
        return set(pools.matchmaker.waiting), set(pools.matchmaker.seated)
    assert isinstance(pools, RedisPools)
    waiting = {k.decode() for k in await pools.redis.hkeys(pools.prefix + "seeking")}
    seated = {k.decode() for k in await pools.redis.hkeys(pools.prefix + "seated")}
    return waiting, seated


async def run(url: str, moves: list[tuple]) -> None:
    clock = FakeClock()
    redis = redis_asyncio.Redis.from_url(url)
    await redis.flushdb()
    try:
        shared = RedisPools(redis, "node-a", quick_match_sizes(), 60.0, clock)
        await shared.alive()
        sides = [Side(LocalPools(quick_match_sizes(), clock), {}), Side(shared, {})]
        for move in moves:
            answers = [await step(side, move) for side in sides]
            assert answers[0] == answers[1], (move, answers)
            states = [await waiting_and_seated(side) for side in sides]
            assert states[0] == states[1], (move, states)
            waiting, seated = states[1]
            assert not waiting & seated, "nobody waits while at a table"
    finally:
        await redis.aclose()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(moves=steps)
def test_the_pools_in_redis_do_what_the_pools_in_memory_do(
    redis_url: str, moves: list[tuple]
) -> None:
    url = asyncio.run(own_redis(redis_url))
    asyncio.run(run(url, moves))
