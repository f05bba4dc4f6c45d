"""The decks and the scoring rule shared by both modes."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.games.flip7.cards import (
    MAX_ROUND_SCORE,
    SOLO_DECK,
    TABLE_DECK,
    Card,
    label,
    row_score,
)
from tests.games.flip7.stack import F3, P2, P4, P6, P8, P10, SC, X2, F, n


def test_solo_deck_is_79_numbers_and_6_modifiers():
    tally = Counter(SOLO_DECK)
    assert len(SOLO_DECK) == 85
    assert tally[Card.ZERO] == tally[Card.ONE] == 1
    assert all(tally[Card(v)] == v for v in range(2, 13))
    assert sum(tally[Card(v)] for v in range(13)) == 79
    assert all(tally[m] == 1 for m in (P2, P4, P6, P8, P10, X2))
    assert not tally[F] and not tally[F3] and not tally[SC]


def test_table_deck_adds_three_of_each_action():
    tally = Counter(TABLE_DECK)
    assert len(TABLE_DECK) == 94
    assert tally[F] == tally[F3] == tally[SC] == 3
    assert tally - Counter({F: 3, F3: 3, SC: 3}) == Counter(SOLO_DECK)


def test_numbers_are_summed():
    assert row_score(n(5, 8, 11), ()) == 24


def test_times_two_doubles_the_numbers_only():
    # solo text §4: numbers {5, 8, 11} with "+4" and "x2" score 24 * 2 + 4
    assert row_score(n(5, 8, 11), (P4, X2)) == 52
    assert row_score(n(5, 8, 11), (X2, P4)) == 52


def test_plus_modifiers_add():
    assert row_score(n(3), (P2, P4, P6, P8, P10)) == 33
    assert row_score((), (P10,)) == 10


def test_flip_seven_bonus_counts_zero_as_a_number():
    seven = n(0, 1, 2, 3, 4, 5, 6)
    assert row_score(seven, ()) == 21 + 15
    assert row_score(n(1, 2, 3, 4, 5, 6), ()) == 21


def test_flip_seven_bonus_is_not_doubled():
    seven = n(0, 1, 2, 3, 4, 5, 6)
    assert row_score(seven, (X2, P2)) == 42 + 2 + 15


def test_max_round_score():
    assert MAX_ROUND_SCORE == row_score(n(6, 7, 8, 9, 10, 11, 12), (X2, P2, P4, P6, P8, P10))


@pytest.mark.parametrize(
    ("card", "text"),
    [(Card.SEVEN, "7"), (Card.ZERO, "0"), (P4, "+4"), (X2, "×2"), (F3, "Flip Three")],
)
def test_labels(card, text):
    assert label(card) == text
