"""Quick-match pools on a fake clock: waves, one ticket a player, ranges that widen, confirmation,
the bot offer, and (hypothesis) nobody at two tables, legal table sizes, bounded waits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from cardtable.online.matchmaking import (
    CONFIRM_WITHIN,
    OFFER_BOT_AFTER,
    RANGE_GROWTH,
    RANGE_MAX,
    RANGE_START,
    WAVE_EVERY,
    Matchmaker,
    SeekRefused,
)

SIZES = {"pazaak": (2, 2), "pazu": (2, 6), "flip7": (1, 8)}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make() -> tuple[Matchmaker, FakeClock]:
    clock = FakeClock()
    return Matchmaker(SIZES, clock), clock


def test_two_seekers_are_paired_in_one_wave_and_a_pair_is_a_tables_worth() -> None:
    pools, _clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    assert not pools.table_ready("pazaak", True)
    pools.seek("bo", "pazaak", (2, 2), True, 1540)
    assert pools.table_ready("pazaak", True)
    assert not pools.table_ready("pazaak", False)
    (match,) = pools.wave()
    assert sorted(match.players) == ["ann", "bo"] and match.rated
    assert pools.waiting == {}


def test_rated_and_casual_seekers_are_never_mixed() -> None:
    pools, _clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    pools.seek("bo", "pazaak", (2, 2), False, 1500)
    assert pools.wave() == []


def test_a_hundred_seeks_from_one_player_make_one_ticket_that_keeps_its_place() -> None:
    pools, clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    first = pools.waiting["ann"].since
    for _ in range(100):
        clock.now += 0.1
        pools.seek("ann", "pazaak", (2, 2), True, 1500)
    assert list(pools.waiting) == ["ann"]
    assert pools.waiting["ann"].since == first
    assert pools.wave() == []


def test_seven_pazu_seekers_of_3_to_6_and_3_to_4_sit_at_legal_tables() -> None:
    pools, clock = make()
    for n in range(7):
        clock.now += 0.5
        pools.seek(f"p{n}", "pazu", (3, 6) if n % 2 else (3, 4), True, 1500 + 10 * n)
    matches = pools.wave()
    seated = [player for match in matches for player in match.players]
    assert sorted(seated) == [f"p{n}" for n in range(7)]
    for match in matches:
        assert all(ticket.accepts(len(match.tickets)) for ticket in match.tickets)
        assert 3 <= len(match.tickets) <= 4


def test_a_seat_range_the_game_does_not_allow_is_refused() -> None:
    pools, _clock = make()
    with pytest.raises(SeekRefused, match="2–2, not 3–6"):
        pools.seek("ann", "pazaak", (3, 6), True, 1500)
    with pytest.raises(SeekRefused, match="no game"):
        pools.seek("ann", "chess", (2, 2), True, 1500)


def test_far_ratings_wait_until_their_ranges_widen_to_meet() -> None:
    pools, clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    pools.seek("bo", "pazaak", (2, 2), True, 1800)
    assert pools.wave() == []
    status = pools.status("ann")
    assert status is not None and status.range == RANGE_START and status.seeking == 2
    clock.now += (300 - RANGE_START) / RANGE_GROWTH - 1
    assert pools.wave() == []
    clock.now += 1
    assert len(pools.wave()) == 1


def test_a_matched_player_cannot_seek_until_the_table_is_over() -> None:
    pools, _clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    pools.seek("bo", "pazaak", (2, 2), True, 1500)
    (match,) = pools.wave()
    with pytest.raises(SeekRefused, match="already at a quick-match table"):
        pools.seek("ann", "pazu", (3, 6), False, 1500)
    assert not pools.confirm(match.id, "ann")
    assert pools.confirm(match.id, "bo")
    with pytest.raises(SeekRefused):
        pools.seek("bo", "pazaak", (2, 2), True, 1500)
    pools.finished(match.players)
    pools.seek("bo", "pazaak", (2, 2), True, 1500)


def test_a_seat_not_taken_in_time_sends_the_others_to_the_front() -> None:
    pools, clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    clock.now += 5
    pools.seek("bo", "pazaak", (2, 2), True, 1500)
    (match,) = pools.wave()
    clock.now += 1
    pools.seek("cy", "pazaak", (2, 2), True, 1500)
    pools.confirm(match.id, "bo")
    clock.now += CONFIRM_WITHIN - 1.01
    assert pools.called_off() == []
    clock.now += 0.02
    assert pools.called_off() == [match]
    assert sorted(pools.waiting) == ["bo", "cy"]
    assert pools.waiting["bo"].since < pools.waiting["cy"].since  # bo is ahead of cy
    assert "ann" not in pools.seated


def test_a_seeker_dropped_during_confirmation_returns_the_other_at_once() -> None:
    pools, _clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    pools.seek("bo", "pazaak", (2, 2), True, 1500)
    (match,) = pools.wave()
    pools.confirm(match.id, "bo")
    pools.cancel("ann")
    assert list(pools.waiting) == ["bo"]
    assert pools.seated == {} and pools.matches == {}


def test_a_seeker_who_leaves_leaves_the_pool() -> None:
    pools, _clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    pools.cancel("ann")
    pools.seek("bo", "pazaak", (2, 2), True, 1500)
    assert pools.wave() == []
    assert pools.status("ann") is None


def test_a_bot_table_is_offered_once_after_waiting_long() -> None:
    pools, clock = make()
    pools.seek("ann", "pazaak", (2, 2), True, 1500)
    clock.now += OFFER_BOT_AFTER - 1
    assert pools.due_a_bot_offer() == []
    clock.now += 1
    assert [t.player for t in pools.due_a_bot_offer()] == ["ann"]
    assert pools.due_a_bot_offer() == []


#: once a seeker's range is at its widest, every pairable partner is within it
WIDEST_AFTER = (RANGE_MAX - RANGE_START) / RANGE_GROWTH
PLAYERS = [f"p{n}" for n in range(12)]


class Pools(RuleBasedStateMachine):
    """Seeks, cancellations, confirmations, finished tables and waves in any order."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        self.pools = Matchmaker(SIZES, self.clock)
        self.playing: dict[int, list[str]] = {}

    @rule(
        player=st.sampled_from(PLAYERS),
        game=st.sampled_from(sorted(SIZES)),
        low=st.integers(1, 8),
        span=st.integers(0, 4),
        rated=st.booleans(),
        rating=st.integers(800, 2300),
    )
    def seek(self, player: str, game: str, low: int, span: int, rated: bool, rating: int) -> None:
        try:
            self.pools.seek(player, game, (low, low + span), rated, rating)
        except SeekRefused:
            assert player in self.pools.seated or not (
                SIZES[game][0] <= low + span and low <= SIZES[game][1]
            )

    @rule(player=st.sampled_from(PLAYERS))
    def cancel(self, player: str) -> None:
        self.pools.cancel(player)

    @rule(seconds=st.floats(0, 60))
    def wait(self, seconds: float) -> None:
        self.clock.now += seconds

    @rule()
    def wave(self) -> None:
        for match in self.pools.wave():
            low, high = SIZES[match.game]
            assert low <= len(match.tickets) <= high
            assert all(t.accepts(len(match.tickets)) for t in match.tickets)
            assert all(t.game == match.game and t.rated == match.rated for t in match.tickets)
        self.check_nothing_pairable_is_left()

    def check_nothing_pairable_is_left(self) -> None:
        """Bounded waits: after a wave, no two Pazaak seekers of one pool who are within each
        other's range are still waiting (ranges reach RANGE_MAX within WIDEST_AFTER seconds)."""
        now = self.clock.now
        for rated in (True, False):
            pool = [
                t for t in self.pools.waiting.values() if t.game == "pazaak" and t.rated == rated
            ]
            for a in pool:
                for b in pool:
                    gap = abs(a.rating - b.rating)
                    assert a is b or gap > min(a.range_at(now), b.range_at(now))

    @precondition(lambda self: bool(self.pools.matches))
    @rule(data=st.data())
    def confirm(self, data: st.DataObject) -> None:
        match = data.draw(st.sampled_from(sorted(self.pools.matches.values(), key=lambda m: m.id)))
        player = data.draw(st.sampled_from(match.players))
        if self.pools.confirm(match.id, player):
            self.playing[match.id] = match.players

    @precondition(lambda self: bool(self.playing))
    @rule(data=st.data())
    def finish(self, data: st.DataObject) -> None:
        table = data.draw(st.sampled_from(sorted(self.playing)))
        self.pools.finished(self.playing.pop(table))

    @rule()
    def expire(self) -> None:
        for match in self.pools.called_off():
            assert match.deadline <= self.clock.now

    @invariant()
    def nobody_is_at_two_tables_or_both_seeking_and_seated(self) -> None:
        pending = [p for match in self.pools.matches.values() for p in match.players]
        playing = [p for players in self.playing.values() for p in players]
        everyone = pending + playing
        assert len(everyone) == len(set(everyone))
        assert set(everyone) == set(self.pools.seated)
        assert not set(self.pools.waiting) & set(self.pools.seated)


TestPools = Pools.TestCase
TestPools.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)


@settings(max_examples=50, deadline=None)
@given(
    # real ratings sit within RANGE_MAX of each other (800–2,300 covers every ladder we know)
    ratings=st.lists(st.integers(800, 2300), min_size=2, max_size=30),
    arrivals=st.lists(st.floats(0, 30), min_size=30, max_size=30),
)
def test_with_waves_every_few_seconds_nobody_waits_longer_than_the_widest_range_takes(
    ratings: list[int], arrivals: list[float]
) -> None:
    pools, clock = make()
    joined: dict[str, float] = {}
    longest = 0.0
    pending = sorted(zip(arrivals, ratings, strict=False), key=lambda pair: pair[0])
    for step in range(200):
        clock.now = 1000.0 + step * WAVE_EVERY
        while pending and 1000.0 + pending[0][0] <= clock.now:
            _at, rating = pending.pop(0)
            player = f"p{len(joined)}"
            joined[player] = clock.now
            pools.seek(player, "pazaak", (2, 2), True, rating)
        for match in pools.wave():
            longest = max(longest, *(clock.now - joined[p] for p in match.players))
            pools.finished(match.players)
    assert len(pools.waiting) == len(ratings) % 2
    # a partner arrives at most 30 s after, and is within reach once both ranges are widest
    assert longest <= 30 + WIDEST_AFTER + WAVE_EVERY
