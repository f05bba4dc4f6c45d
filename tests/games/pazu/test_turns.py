"""Rulings 4–7: turns, busts and their penalty, how a set ends, and who takes which pot."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pazaak.actions import EndTurn, PlaySide, Stand
from cardtable.games.pazaak.cards import parse
from cardtable.games.pazaak.events import CardDrawn, Flipped, Stood
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazu.actions import Stay
from cardtable.games.pazu.events import (
    AntesPaid,
    Busted,
    DeckEmpty,
    SetPotCarried,
    SetWon,
    WinReason,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import Phase, Status
from tests.games.pazu.helpers import at_turn, board, fresh, of_type, play

ACTIVE, STOOD, BUST, OUT = Status.ACTIVE, Status.STOOD, Status.BUST, Status.OUT


def test_the_view_counts_who_stood_first_from_one_and_zero_for_still_drawing():
    # the table reads it as "STANDS 1st", "STANDS 2nd"
    state = fresh(3, seed=1)
    while state.phase is not Phase.TURN:  # bids of 0, the offered cards, the smallest ante
        state, _ = play(state, RULES.legal_actions(state)[0])
    assert RULES.to_move(state) == 2 and state.stood_at == (0, 0, 0)
    state, _ = play(state, Stand(), Stand())
    assert state.status == (STOOD, ACTIVE, STOOD)
    assert RULES.observe(state, 1).stood_at == (2, 0, 1)


def test_the_next_player_clockwise_draws_automatically():
    state = at_turn([board(5), board(4), board(6)], deck=(7, 3))
    state, events = play(state, EndTurn())
    assert RULES.to_move(state) == 1
    assert of_type(events, CardDrawn) == [CardDrawn(1, 7, 11)]
    assert state.deck == (3,)


def test_turns_skip_players_who_stood_or_bust():
    state = at_turn(
        [board(5), board(10, 9), board(6), board(10, 5, 9)],
        status=[ACTIVE, STOOD, ACTIVE, BUST],
        stood_at=[0, 1, 0, 0],
        deck=(2,),
    )
    state, _ = play(state, EndTurn())
    assert RULES.to_move(state) == 2


def test_drawing_to_twenty_stands_at_once():
    state = at_turn([board(5), board(10, 3), board(6)], deck=(7, 2))
    state, events = play(state, EndTurn())
    assert Stood(1, 20, True) in events
    assert state.status[1] is STOOD and RULES.to_move(state) == 2


def test_a_hand_card_to_twenty_stands_at_once():
    state = at_turn([board(9, 8), board(4), board(6)], hands=["+3", "", ""], deck=(2,))
    state, events = play(state, PlaySide(0, 3))
    assert Stood(0, 20, True) in events
    assert RULES.to_move(state) == 1


def test_above_twenty_at_the_end_of_the_turn_busts_and_pays_two_antes():
    state = at_turn([board(10, 9, 5), board(4), board(6)], deck=(2,), pazaak_pot=7)
    state, events = play(state, EndTurn())
    assert of_type(events, Busted) == [Busted(0, 24, 20)]
    assert state.chips[0] == 170 and state.pazaak_pot == 27
    assert state.status[0] is BUST and RULES.to_move(state) == 1


def test_the_bust_penalty_is_what_the_player_has_when_less():
    state = at_turn([board(10, 9, 5), board(4), board(6)], deck=(2,), chips=[7, 190, 190])
    state, events = play(state, EndTurn())
    assert of_type(events, Busted) == [Busted(0, 24, 7)]
    assert state.chips[0] == 0 and state.pazaak_pot == 7


def test_the_bust_penalty_is_a_rules_option():
    state = at_turn([board(10, 9, 5), board(4), board(6)], deck=(2,), bust_penalty=3)
    state, events = play(state, EndTurn())
    assert of_type(events, Busted) == [Busted(0, 24, 30)]


def test_drawing_to_25_then_playing_minus_5_leaves_you_on_20():
    state = at_turn([board(10, 9, 6), board(4), board(6)], hands=["-5", "", ""], deck=(2,))
    assert PlaySide(0, -5) in RULES.legal_actions(state)
    state, events = play(state, PlaySide(0, -5))
    assert Stood(0, 20, True) in events and not of_type(events, Busted)


def test_standing_above_twenty_busts():
    state = at_turn([board(10, 9, 5), board(4), board(6)], deck=(2,))
    state, events = play(state, Stand())
    assert of_type(events, Busted) == [Busted(0, 24, 20)]


def test_only_one_hand_card_a_turn():
    state = at_turn([board(5), board(4), board(6)], hands=["+1 +2", "", ""], deck=(2,))
    state, _ = play(state, PlaySide(0, 1))
    assert RULES.legal_actions(state) == (Stand(), EndTurn())
    with pytest.raises(IllegalAction, match="only one hand card"):
        RULES.apply(state, PlaySide(0, 2))


def test_a_ninth_card_at_twenty_or_less_stands_with_a_full_board():
    eight = board(1, 1, 1, 1, 1, 1, 1, 1)
    state = at_turn([board(5), eight, board(6)], deck=(5, 2))
    state, events = play(state, EndTurn())
    assert Stood(1, 13, True) in events
    assert state.boards[1].full and state.status[1] is STOOD


def test_a_ninth_card_landing_on_exactly_twenty_stands():
    eight = board(1, 1, 1, 1, 1, 1, 1, 5)
    state = at_turn([board(5), eight, board(6)], deck=(8, 2))
    state, events = play(state, EndTurn())
    assert Stood(1, 20, True) in events and not of_type(events, Busted)
    assert state.status[1] is STOOD and RULES.to_move(state) == 2


def test_a_hand_card_past_the_end_of_the_hand_is_refused():
    state = at_turn([board(5), board(4), board(6)], hands=["+1 -2", "", ""])
    with pytest.raises(IllegalAction, match="no hand card 2: the hand holds 2"):
        RULES.apply(state, PlaySide(2, 1))


def test_a_ninth_card_above_twenty_busts_at_once():
    eight = board(2, 2, 2, 2, 2, 2, 2, 3)
    state = at_turn([board(5), eight, board(6)], deck=(5, 2))
    state, events = play(state, EndTurn())
    assert of_type(events, Busted) == [Busted(1, 22, 20)]
    assert RULES.to_move(state) == 2


def test_the_last_player_drawing_goes_on_alone():
    state = at_turn(
        [board(5, 7), board(10, 9), board(10, 8)],
        status=[ACTIVE, STOOD, STOOD],
        stood_at=[0, 1, 2],
        deck=(3, 3),
    )
    state, events = play(state, EndTurn())
    assert RULES.to_move(state) == 0 and of_type(events, CardDrawn) == [CardDrawn(0, 3, 15)]


def test_when_everyone_else_has_bust_the_last_player_wins_at_once():
    state = at_turn(
        [board(10, 9, 5), board(10, 5, 9), board(5, 7)], status=[ACTIVE, BUST, ACTIVE], deck=(2,)
    )
    state, events = play(state, EndTurn())
    assert of_type(events, SetWon) == [SetWon(2, WinReason.OTHERS_BUST, 12, 30, 0)]
    assert state.chips[2] == 220 and state.set_pot == 0
    assert state.phase is Phase.LEAVE


def test_a_flip_that_pushes_a_standing_player_over_20_busts_them_at_the_turn_end():
    state = at_turn(
        [board(10, 5), board(10, 9, 5, ("-4", -4)), board(6)],
        status=[ACTIVE, STOOD, ACTIVE],
        stood_at=[0, 1, 0],
        hands=["2&4", "", ""],
        deck=(2,),
    )
    state, _ = play(state, PlaySide(0, 0))
    assert state.boards[1].total == 28 and state.status[1] is STOOD
    state, events = play(state, EndTurn())
    assert of_type(events, Busted) == [Busted(1, 28, 20)]


def test_a_flip_that_pushes_a_drawing_player_over_20_leaves_them_their_turn_to_mend_it():
    state = at_turn(
        [board(10, 5), board(10, 9, ("-4", -4)), board(6)], hands=["2&4", "", ""], deck=(1, 1)
    )
    state, events = play(state, PlaySide(0, 0), EndTurn())
    assert not of_type(events, Busted)
    assert RULES.to_move(state) == 1 and state.boards[1].total == 24


def test_a_flip_counts_the_cards_it_turned_on_every_board_in_play():
    state = at_turn(
        [board(10, 4), board(2, 9, ("-4", -4)), board(6, 2)], hands=["2&4", "", ""], deck=(1,)
    )
    _, events = play(state, PlaySide(0, 0))
    assert of_type(events, Flipped) == [Flipped(0, parse("2&4"), 4)]  # 4; 2 and -4; 2
    nothing = at_turn([board(10, 5), board(9), board(6)], hands=["2&4", "", ""], deck=(1,))
    assert not of_type(play(nothing, PlaySide(0, 0))[1], Flipped)


def test_a_flip_leaves_a_bust_board_as_it_fell():
    bust = board(10, 9, 4)
    state = at_turn(
        [board(10, 5), board(6), bust], status=[ACTIVE, ACTIVE, BUST], hands=["2&4", "", ""]
    )
    state, _ = play(state, PlaySide(0, 0))
    assert state.boards[2] == bust


def test_a_flip_that_brings_another_drawing_player_to_20_stands_them():
    state = at_turn(
        [board(10, 5), board(10, 6, ("-4", -4)), board(6)], hands=["2&4", "", ""], deck=(2,)
    )
    state, events = play(state, PlaySide(0, 0))
    assert Stood(1, 20, True) in events and state.status[1] is STOOD


def test_if_everyone_busts_at_once_the_set_pot_carries_to_the_next_set():
    state = at_turn(
        [board(10, 9, ("-4", -4)), board(10, 9, 5, ("-4", -4)), board()],
        status=[ACTIVE, STOOD, OUT],
        stood_at=[0, 1, 0],
        hands=["2&4", "", ""],
    )
    state, events = play(state, PlaySide(0, 0), EndTurn())
    assert len(of_type(events, Busted)) == 2
    assert of_type(events, SetPotCarried) == [SetPotCarried(20)]
    assert state.set_pot == 20 and state.phase is Phase.LEAVE
    state, _ = play(state, Stay(), Stay(), Stay())
    state = replace(state, chips=(200, 200, 200))
    state, _ = play(state, *([RULES.legal_actions(state)[0]] * 3))  # everyone bids 0
    while state.phase is Phase.PICK:
        state, _ = play(state, RULES.legal_actions(state)[0])
    state, events = play(state, RULES.legal_actions(state)[0])
    assert of_type(events, AntesPaid)[0].set_pot == 20 + 3 * 5


def test_an_empty_main_deck_ends_the_set_with_everyone_drawing_standing():
    state = at_turn([board(10, 5), board(10, 6), board(10, 2)], deck=())
    state, events = play(state, EndTurn())
    assert of_type(events, DeckEmpty) == [DeckEmpty(1)]
    assert [e.seat for e in of_type(events, Stood)] == [1, 2, 0]
    assert of_type(events, SetWon) == [SetWon(1, WinReason.HIGHER_TOTAL, 16, 30, 0)]


def test_an_empty_main_deck_busts_a_drawing_player_a_flip_left_above_20():
    state = at_turn([board(10, 5), board(10, 9, ("-4", -4)), board(6)], hands=["2&4", "", ""])
    state, events = play(state, PlaySide(0, 0), EndTurn())
    assert of_type(events, DeckEmpty) == [DeckEmpty(1)]
    assert of_type(events, Busted) == [Busted(1, 23, 20)]
    assert of_type(events, Stood) == [Stood(2, 6, True), Stood(0, 15, True)]
    assert of_type(events, SetWon) == [SetWon(0, WinReason.HIGHER_TOTAL, 15, 30, 0)]


def test_the_winner_takes_the_set_pot_and_the_pazaak_pot_carries():
    state = at_turn(
        [board(10, 8), board(10, 9), board(10, 5, 9)],
        status=[ACTIVE, STOOD, BUST],
        stood_at=[0, 1, 0],
        pazaak_pot=50,
    )
    state, events = play(state, Stand())
    assert of_type(events, SetWon) == [SetWon(1, WinReason.HIGHER_TOTAL, 19, 30, 0)]
    assert state.last_set == SetWon(1, WinReason.HIGHER_TOTAL, 19, 30, 0)
    assert state.chips == (190, 220, 190) and state.pazaak_pot == 50


def test_a_full_board_win_takes_the_pazaak_pot_too():
    eight = board(1, 1, 1, 1, 1, 1, 1, 1)
    state = at_turn(
        [eight, board(10, 10), board(10, 5, 9)],
        status=[ACTIVE, STOOD, BUST],
        stood_at=[0, 1, 0],
        hands=["+1", "", ""],
        pazaak_pot=50,
    )
    state, events = play(state, PlaySide(0, 1))
    assert of_type(events, SetWon) == [SetWon(0, WinReason.FULL_BOARD, 9, 30, 50)]
    assert state.chips[0] == 190 + 80 and state.pazaak_pot == 0


def test_endless_main_deck_draws_without_a_deck():
    state = at_turn([board(5), board(4), board(6)], main_deck=MainDeck.ENDLESS)
    state, events = play(state, EndTurn())
    (drawn,) = of_type(events, CardDrawn)
    assert drawn.seat == 1 and 1 <= drawn.rank <= 10 and state.deck == ()


def test_a_played_card_leaves_the_public_record_it_came_from():
    state = at_turn([board(5), board(4), board(6)], hands=["+1 ±4", "", ""], deck=(2,))
    state = replace(state, bought=((parse("±4"),), (), ()))
    after, _ = play(state, PlaySide(1, 4))
    assert after.bought[0] == () and after.spent[0] == ()
    after, _ = play(state, PlaySide(0, 1))
    assert after.bought[0] == (parse("±4"),) and after.spent[0] == (parse("+1"),)


def test_a_last_player_flipped_above_20_first_takes_their_turn_to_mend_it():
    state = at_turn(
        [board(10, 9, ("-4", -4)), board(10, 9, ("-4", -4)), board(10, 9, 5, ("-4", -4))],
        status=[ACTIVE, ACTIVE, STOOD],
        stood_at=[0, 0, 1],
        hands=["2&4", "-6 -4", ""],
        deck=(1,),
    )
    state, events = play(state, PlaySide(0, 0), EndTurn())
    assert [e.seat for e in of_type(events, Busted)] == [0, 2]
    assert not of_type(events, SetWon) and RULES.to_move(state) == 1
    assert state.boards[1].total == 24
    state, events = play(state, PlaySide(1, -4))
    assert of_type(events, SetWon) == [SetWon(1, WinReason.OTHERS_BUST, 20, 30, 0)]
