"""Ruling 6: who wins a set among the players standing, and which rule decided it."""

from __future__ import annotations

from cardtable.games.pazu.events import WinReason
from cardtable.games.pazu.ranking import decide, finish_key, side_cards
from tests.games.pazu.helpers import board


def test_example_19_with_six_cards_beats_19_with_five():
    a = board(2, 3, 3, 4, 4, 3)
    b = board(3, 4, 4, 4, 4)
    assert (a.total, len(a.cards), b.total, len(b.cards)) == (19, 6, 19, 5)
    assert decide([a, b], [2, 1], [0, 1]) == (0, WinReason.MORE_CARDS)


def test_example_20_with_no_side_card_beats_20_with_one():
    a = board(6, 7, 7)
    b = board(8, 9, ("+3", 3))
    assert (a.total, b.total, len(a.cards), len(b.cards)) == (20, 20, 3, 3)
    assert side_cards(a) == 0 and side_cards(b) == 1
    assert decide([a, b], [2, 1], [0, 1]) == (0, WinReason.FEWER_SIDE_CARDS)


def test_example_equal_boards_go_to_who_stood_first():
    a = board(2, 3, 4, 4, 5)
    b = board(3, 3, 4, 4, 4)
    assert decide([a, b], [2, 1], [0, 1]) == (1, WinReason.STOOD_FIRST)
    assert decide([a, b], [1, 2], [0, 1]) == (0, WinReason.STOOD_FIRST)


def test_full_board_beats_twenty():
    full = board(1, 2, 1, 2, 1, 2, 1, 2, 3)
    assert full.full and full.total == 15
    twenty = board(10, 10)
    assert decide([twenty, full], [1, 2], [0, 1]) == (1, WinReason.FULL_BOARD)


def test_between_full_boards_the_higher_total_wins():
    low = board(1, 2, 1, 2, 1, 2, 1, 2, 3)
    high = board(1, 2, 1, 2, 1, 2, 1, 2, 5)
    assert decide([low, high], [1, 2], [0, 1]) == (1, WinReason.HIGHER_TOTAL)


def test_twenty_beats_a_lower_total_with_more_cards():
    assert decide([board(1, 2, 3, 4, 8), board(10, 10)], [1, 2], [0, 1]) == (
        1,
        WinReason.HIGHER_TOTAL,
    )


def test_tiebreaker_card_wins_a_tie_before_card_counts():
    plain = board(2, 3, 4, 4, 5)
    with_tiebreaker = board(9, 8, ("±1T", 1))
    assert with_tiebreaker.total == plain.total == 18
    assert decide([plain, with_tiebreaker], [1, 2], [0, 1]) == (1, WinReason.TIEBREAKER)


def test_more_cards_comes_before_fewer_hand_cards_when_they_disagree():
    # a: 18 with four cards, one a hand card; b: 18 with two main cards and no hand card
    a = board(5, 5, 4, ("+4", 4))
    b = board(10, 8)
    assert (a.total, len(a.cards), side_cards(a)) == (18, 4, 1)
    assert (b.total, len(b.cards), side_cards(b)) == (18, 2, 0)
    assert decide([a, b], [2, 1], [0, 1]) == (0, WinReason.MORE_CARDS)
    assert decide([b, a], [1, 2], [0, 1]) == (1, WinReason.MORE_CARDS)


def test_two_tiebreakers_fall_through_to_the_standard_tiebreaks():
    a = board(5, 4, 8, ("±1T", 1))
    b = board(9, 8, ("±1T", 1))
    assert decide([a, b], [2, 1], [0, 1]) == (0, WinReason.MORE_CARDS)


def test_a_lone_contender_won_because_the_others_bust():
    assert decide([board(5), board(10, 9)], [0, 1], [1]) == (1, WinReason.OTHERS_BUST)


def test_the_best_of_many_is_compared_with_the_runner_up():
    boards = [board(10, 8), board(10, 9), board(5, 4, 10), board(10, 10)]
    assert decide(boards, [1, 2, 3, 4], [0, 1, 2, 3]) == (3, WinReason.HIGHER_TOTAL)
    assert decide(boards, [1, 2, 3, 4], [0, 1, 2]) == (2, WinReason.MORE_CARDS)


def test_finish_key_orders_the_rules():
    assert finish_key(board(10, 10), 1) > finish_key(board(10, 9), 1)
    assert finish_key(board(10, 9), 1) > finish_key(board(10, 9), 2)
