"""The pauses between reconnection attempts grow, stop growing, and are jittered."""

from __future__ import annotations

import random

from cardtable.online.link import Backoff


def test_pauses_double_up_to_the_last_each_drawn_from_the_upper_half_of_its_ceiling() -> None:
    backoff = Backoff(first=0.1, last=2.0, rng=random.Random(7))
    ceilings = [0.1, 0.2, 0.4, 0.8, 1.6, 2.0, 2.0]
    for ceiling in ceilings:
        assert ceiling / 2 <= backoff.next() <= ceiling


def test_a_working_connection_starts_the_pauses_over() -> None:
    backoff = Backoff(first=0.1, last=2.0, rng=random.Random(7))
    for _ in range(5):
        backoff.next()
    backoff.reset()
    assert backoff.next() <= 0.1


def test_clients_dropped_together_do_not_all_wait_the_same() -> None:
    """A server restart drops every client at once: jitter spreads their next knocks."""
    pauses = {Backoff(rng=random.Random(seed)).next() for seed in range(20)}
    assert len(pauses) > 10
