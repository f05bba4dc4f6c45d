"""Board arithmetic: placing cards, flips across every board, double, totals, full boards."""

from __future__ import annotations

import pytest

from cardtable.games.pazaak.cards import DOUBLE, FLIP_2_4, FLIP_3_6, TIEBREAKER, VARIABLE, dual
from cardtable.games.pazaak.shared import (
    BOARD_SIZE,
    EMPTY,
    Placed,
    add_main,
    flip,
    last_main,
    play_side,
)
from tests.games.pazaak.helpers import board


def values(b):
    return [p.value for p in b.cards]


def test_a_draw_adds_its_rank():
    b = add_main(add_main(EMPTY, 7), 6)
    assert values(b) == [7, 6] and b.total == 13


@pytest.mark.parametrize(("card", "value"), [(dual(3), -3), (VARIABLE, 2), (TIEBREAKER, -1)])
def test_valued_cards_add_the_chosen_value_to_the_players_board_only(card, value):
    boards = (board("10 5"), board("8"))
    after, changed = play_side(boards, 0, card, value)
    assert after[0].total == 15 + value and after[0].cards[-1] == Placed(card, value)
    assert after[1] is boards[1] and changed == 0


def test_flip_turns_every_matching_card_on_both_boards_main_cards_included():
    boards = (board("4 2 -4 7"), board("2 +4 9 -3"))
    after, turned = play_side(boards, 0, FLIP_2_4, 0)
    assert values(after[0]) == [-4, -2, 4, 7, 0]
    assert values(after[1]) == [-2, -4, 9, -3]
    assert turned == 5
    assert [b.total for b in after] == [5, 0]


def test_flip_3_6_leaves_2_and_4_alone_and_the_flip_card_counts_nothing():
    after, turned = play_side((board("3 6 2"), board("4 -6")), 1, FLIP_3_6, 0)
    assert values(after[0]) == [-3, -6, 2]
    assert values(after[1]) == [4, 6, 0]
    assert after[1].cards[-1] == Placed(FLIP_3_6, 0)
    assert turned == 3


def test_a_second_flip_turns_cards_back():
    once, _ = play_side((board("2 5"), board("4")), 0, FLIP_2_4, 0)
    twice, _ = play_side(once, 1, FLIP_2_4, 0)
    assert values(twice[0]) == [2, 5, 0] and values(twice[1]) == [4, 0]


def test_double_doubles_this_turns_draw_and_lays_a_zero_card():
    after, changed = play_side((board("8 6"), board("5")), 0, DOUBLE, 0)
    assert values(after[0]) == [8, 12, 0] and after[0].total == 20 and changed == 1


def test_double_then_flip_acts_on_the_doubled_value():
    doubled, _ = play_side((board("9 2"), board("7")), 0, DOUBLE, 0)
    assert values(doubled[0]) == [9, 4, 0]
    flipped, turned = play_side(doubled, 1, FLIP_2_4, 0)
    assert values(flipped[0]) == [9, -4, 0] and turned == 1
    doubled3, _ = play_side((board("3"), board("1")), 0, DOUBLE, 0)
    flipped3, _ = play_side(doubled3, 1, FLIP_3_6, 0)
    assert values(flipped3[0]) == [-6, 0]


def test_double_acts_on_the_last_main_card_not_a_later_side_card():
    b = board("7 5 -2")
    assert last_main(b) == 1
    after, _ = play_side((b,), 0, DOUBLE, 0)
    assert values(after[0]) == [7, 10, -2, 0]


def test_double_without_a_main_card_is_refused():
    with pytest.raises(ValueError, match="main-deck card"):
        play_side((EMPTY,), 0, DOUBLE, 0)


def test_flip_works_on_any_number_of_boards():
    boards = (board("2"), board("4 1"), board("6 -2"), EMPTY)
    after, turned = flip(boards, frozenset({2, 4}))
    assert [values(b) for b in after] == [[-2], [-4, 1], [6, 2], []]
    assert turned == 3 and after[3] is boards[3]


def test_a_board_is_full_at_nine_cards():
    b = board("1 1 1 1 1 1 1 1")
    assert not b.full
    assert add_main(b, 2).full and len(add_main(b, 2).cards) == BOARD_SIZE


def test_main_cards_cannot_be_played_from_a_hand():
    with pytest.raises(ValueError, match="not a hand card"):
        play_side((EMPTY,), 0, board("5").cards[0].card, 5)
