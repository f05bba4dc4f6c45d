"""The odds helpers against brute force: every physical card of the pile enumerated in turn."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.games.flip7.actions import HIT
from cardtable.games.flip7.bots.odds import Hand, Search, hand_of, odds
from cardtable.games.flip7.cards import KINDS, Card, row_score
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import SeatView, counts
from tests.games.flip7.stack import SOLO, n, play, start


def brute(numbers, mods, sc, pile, spare, depth, forced, utility):
    """Optimal stopping by enumerating each card of ``pile`` (then ``spare``, shuffled in)."""
    if not forced:
        stay = utility(row_score(tuple(numbers), tuple(mods)))
        if depth == 0:
            return stay
    if not pile:
        if not spare:
            return utility(row_score(tuple(numbers), tuple(mods)))
        pile, spare = spare, []
    total = 0.0
    for i, card in enumerate(pile):
        rest = pile[:i] + pile[i + 1 :]
        go_on = (depth - (0 if forced else 1), max(forced - 1, 0))
        if card <= Card.TWELVE and card in numbers:
            value = brute(numbers, mods, False, rest, spare, *go_on, utility) if sc else utility(0)
        elif card <= Card.TWELVE and len(numbers) == 6:
            value = utility(row_score(tuple(numbers) + (card,), tuple(mods)))
        elif card <= Card.TWELVE:
            value = brute(numbers + [card], mods, sc, rest, spare, *go_on, utility)
        elif card < Card.FREEZE:
            value = brute(numbers, mods + [card], sc, rest, spare, *go_on, utility)
        else:
            shield = sc or card is Card.SECOND_CHANCE
            value = brute(numbers, mods, shield, rest, spare, *go_on, utility)
        total += value
    average = total / len(pile)
    return average if forced else max(stay, average)


def random_position(rng):
    pile = [rng.choice(KINDS) for _ in range(rng.randint(1, 7))]
    spare = [rng.choice(KINDS) for _ in range(rng.randint(0, 4))]
    numbers = [Card(v) for v in rng.sample(range(13), rng.randint(0, 5))]
    mods = rng.sample([Card.TIMES2, Card.PLUS4, Card.PLUS10], rng.randint(0, 2))
    return pile, spare, numbers, mods, rng.random() < 0.3


def hand(numbers, mods, sc):
    return hand_of(seat_view(numbers, mods, sc))


def seat_view(numbers, mods, sc):
    return SeatView(0, tuple(numbers), tuple(mods), sc, Status.ACTIVE, 0, 0)


def shaped(points):
    """An arbitrary, non-linear utility, so the search's max and averages are really tested."""
    return -abs(27 - points) + 4 * (points >= 30)


@pytest.mark.parametrize("trial", range(40))
def test_search_matches_brute_force(trial):
    rng = random.Random(trial)
    pile, spare, numbers, mods, sc = random_position(rng)
    search = Search(counts(tuple(pile)), counts(tuple(spare)), shaped)
    start_hand = hand(numbers, mods, sc)
    for depth in (1, 2, 3):
        expected = brute(numbers, mods, sc, pile, spare, depth - 1, 1, shaped)
        assert search.play_on(start_hand, depth) == pytest.approx(expected)
    expected = brute(numbers, mods, sc, pile, spare, 1, 3, shaped)
    assert search.forced(start_hand, 3, depth=1) == pytest.approx(expected)
    assert search.after_one_hit(start_hand) == pytest.approx(
        brute(numbers, mods, sc, pile, spare, 0, 1, shaped)
    )


def test_hand_of_a_row():
    seat = seat_view(n(0, 5, 12), (Card.PLUS4, Card.TIMES2), True)
    assert hand_of(seat) == Hand(
        mask=1 | 1 << 5 | 1 << 12, total=17, count=3, plus=4, double=True, second_chance=True
    )
    assert hand_of(seat).score == 38


def test_odds_for_a_real_position_match_counting_the_deck():
    state, _ = start(SOLO, n(5, 8, 2))
    state, _ = play(state, HIT, HIT, HIT)
    view = RULES.observe(state, 0)
    figures = odds(view, 0)
    deck = state.deck
    held = [c for c in deck if c in n(5, 8, 2)]
    assert figures.bust == pytest.approx(len(held) / len(deck))
    assert figures.duplicate == figures.bust
    assert figures.flip_seven == 0.0
    assert figures.stay == 15
    expected = sum(
        0
        if c in n(5, 8, 2)
        else row_score(
            n(5, 8, 2) + ((c,) if c <= Card.TWELVE else ()),
            (c,) if Card.TWELVE < c < Card.FREEZE else (),
        )
        for c in deck
    ) / len(deck)
    assert figures.hit == pytest.approx(expected)
    assert not figures.reshuffle


def test_a_second_chance_takes_the_bust_risk_away():
    state, _ = start(SOLO, n(5))
    state, _ = play(state, HIT)
    state = replace(state, rows=(replace(state.rows[0], second_chance=True),))
    figures = odds(RULES.observe(state, 0), 0)
    assert figures.bust == 0.0
    assert figures.duplicate == pytest.approx(4 / 84)


def test_with_an_empty_deck_the_odds_come_from_the_discard_pile():
    state, _ = start(SOLO, n(5))
    state, _ = play(state, HIT)
    state = replace(state, deck=(), discard=n(5, 5, 7, 9))
    figures = odds(RULES.observe(state, 0), 0)
    assert figures.reshuffle
    assert figures.bust == pytest.approx(0.5)
    assert figures.hit == pytest.approx((0 + 0 + 12 + 14) / 4)


def test_a_seventh_number_is_a_flip_seven():
    state, _ = start(SOLO, n(0, 1, 2, 3, 4, 5))
    state, _ = play(state, *[HIT] * 6)
    figures = odds(RULES.observe(state, 0), 0)
    deck = state.deck
    fresh = [c for c in deck if c <= Card.TWELVE and c not in n(0, 1, 2, 3, 4, 5)]
    assert figures.flip_seven == pytest.approx(len(fresh) / len(deck))
