"""The headroom measure's seeing bot sees what it says, and only while it chooses."""

from __future__ import annotations

import random
from collections import Counter

from cardtable.games.pazaak.bots import moves, rollout
from cardtable.games.pazaak.rules import RULES
from tests.games.pazaak.headroom import pair, seeing


def _opening():
    state, _ = RULES.new_game(RULES.default_config(2), 60_001)
    while RULES.to_move(state) is None:
        state, _ = RULES.apply(state, RULES.chance(state))
    return state


def _sampled(state, seat: int) -> list[rollout.Sample]:
    view = RULES.observe(state, seat)
    return moves.samples(
        view.unseen, view.hand_counts[1 - seat], view.used[1 - seat], 30, random.Random(5)
    )


def _cards(sample: rollout.Sample) -> Counter:
    return Counter(held[4] for held in sample.their_hand)


def test_seeing_the_hand_deals_the_real_hand_in_every_sample_and_guesses_the_draws():
    state = _opening()
    seat = RULES.to_move(state)
    real = Counter(state.hands[1 - seat])
    with seeing(state, seat, "hand"):
        inside = _sampled(state, seat)
    assert all(_cards(sample) == real for sample in inside)
    assert len({sample.draws for sample in inside}) > 1, "the main cards are still guessed"
    outside = _sampled(state, seat)
    assert any(_cards(sample) != real for sample in outside), "a fair search guesses again"


def test_seeing_all_makes_every_sample_the_truth():
    state = _opening()
    seat = RULES.to_move(state)
    with seeing(state, seat, "all"):
        inside = _sampled(state, seat)
    assert {sample.draws for sample in inside} == {tuple(state.deck[:18])}
    assert all(_cards(sample) == Counter(state.hands[1 - seat]) for sample in inside)


def test_a_pair_is_one_deal_from_both_chairs():
    assert pair((60_001, 0, "hand")) in (0.0, 0.5, 1.0)
