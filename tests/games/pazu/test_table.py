"""Ruling 8 and the game's end: staying or leaving between sets, the broke, the last set."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pazaak.actions import Stand
from cardtable.games.pazu.actions import Bid, Leave, Stay
from cardtable.games.pazu.events import (
    CardsRevealed,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
    Stayed,
)
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import Phase, Status
from tests.games.pazu.helpers import at_turn, board, of_type, play

STOOD, BUST = Status.STOOD, Status.BUST


def set_just_won(seats: int = 4, chips: list[int] | None = None, set_number: int = 1, **options):
    """Seat 0 stands on 19 and beats seat 1's 18 in set ``set_number``; the others bust.
    Returns state and events."""
    boards = [board(10, 9), board(10, 8)] + [board(10, 5, 9)] * (seats - 2)
    state = at_turn(
        boards,
        status=[Status.ACTIVE, STOOD] + [BUST] * (seats - 2),
        stood_at=[0, 1] + [0] * (seats - 2),
        chips=chips,
        **options,
    )
    return play(replace(state, set_number=set_number), Stand())


def test_after_a_set_each_player_in_turn_stays_or_leaves():
    state, _ = set_just_won()
    assert state.phase is Phase.LEAVE and state.queue == (0, 1, 2, 3)
    assert RULES.legal_actions(state) == (Stay(), Leave())
    state, events = play(state, Stay(), Leave())
    assert of_type(events, Stayed) == [Stayed(0)]
    assert of_type(events, LeftTable) == [LeftTable(1, 190, LeaveReason.CHOSE)]
    assert state.seated == (True, False, True, True) and RULES.to_move(state) == 2


def test_the_boards_stay_on_show_until_the_next_set():
    state, _ = set_just_won()
    assert state.boards[0].total == 19 and state.status[0] is STOOD


def test_a_leaver_keeps_their_chips_and_the_next_set_deals_them_out():
    state, _ = set_just_won()
    state, events = play(state, Stay(), Leave(), Stay(), Stay())
    (revealed,) = of_type(events, CardsRevealed)
    assert len(revealed.cards) == 3 and state.set_number == 2
    assert 1 not in state.queue and state.chips[1] == 190
    assert state.status == (Status.OUT,) * 4


def test_a_new_set_starts_clean_nothing_of_the_last_set_carries_over():
    """Rulings 5-6 judge each set on its own: who stood first, the boards, bids and ante are
    this set's alone (the "who stood first" tiebreak would otherwise read the last set's)."""
    boards = [board(10, 9), board(10, 8), board(10, 5, 9), board(10, 5, 9)]
    state = at_turn(boards, status=[Status.ACTIVE, STOOD, BUST, BUST], stood_at=[0, 1, 0, 0])
    # seat 0 stands second: the next set's first stand must still count as the first
    state, _ = play(state, Stand(), Stay(), Stay(), Stay(), Stay())
    assert state.set_number == 2 and state.phase is Phase.BID
    assert state.stood_at == (0,) * 4 and state.played_side is False
    assert state.boards == (board(),) * 4 and state.status == (Status.OUT,) * 4
    assert state.bids == (None,) * 4 and state.ante == 0


def test_the_game_ends_when_one_player_is_left():
    state, _ = set_just_won(seats=3)
    state, events = play(state, Leave(), Stay(), Leave())
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.FEW_PLAYERS)]
    assert RULES.is_over(state) and RULES.legal_actions(state) == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        RULES.apply(state, Stay())


def test_the_last_player_left_is_not_asked_to_stay_the_game_ends_at_once():
    # RULINGS 8: when one player is left the game ends at once
    state, _ = set_just_won(seats=3)
    assert state.queue == (0, 1, 2)
    state, events = play(state, Leave(), Leave())
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.FEW_PLAYERS)]
    assert not of_type(events, Stayed) and RULES.is_over(state) and state.seated[2]


def test_the_game_ends_for_too_few_players_when_the_broke_leave_or_the_rest_decide():
    state, events = set_just_won(seats=3, chips=[190, 3, 4])
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.FEW_PLAYERS)]
    state, _ = set_just_won(seats=3)
    state, events = play(state, Stay(), Leave(), Leave())
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.FEW_PLAYERS)]


def test_who_holds_exactly_the_smallest_ante_stays_at_the_table():
    state, events = set_just_won(chips=[190, 190, 5, 190])
    assert not of_type(events, LeftTable) and state.queue == (0, 1, 2, 3)


def test_there_is_no_set_limit_by_default():
    state, events = set_just_won(set_number=500)
    assert state.phase is Phase.LEAVE and not of_type(events, GameEnded)
    state, _ = play(state, Stay(), Stay(), Stay(), Stay())
    assert state.set_number == 501 and state.phase is Phase.BID


def test_a_set_limit_ends_the_game_after_that_set_and_not_before():
    state, _ = set_just_won(set_number=11, max_sets=12)
    assert state.phase is Phase.LEAVE
    state, events = set_just_won(set_number=12, max_sets=12)
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.MAX_SETS)]


def test_who_cannot_cover_the_smallest_ante_leaves_as_the_set_ends():
    state, events = set_just_won(chips=[190, 190, 4, 190])
    assert LeftTable(2, 4, LeaveReason.BROKE) in events
    assert state.queue == (0, 1, 3)


def test_the_last_set_ends_the_game():
    state, events = set_just_won(max_sets=1)
    assert of_type(events, GameEnded) == [GameEnded(state.chips, EndReason.MAX_SETS)]


def test_standings_are_by_chips_and_equal_leaders_share_the_win():
    state, _ = set_just_won(seats=3, max_sets=1)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert state.chips == (220, 190, 190)
    assert outcome.winners == (0,) and outcome.scores == (220.0, 190.0, 190.0)
    assert outcome.stats["chips"] == (220.0, 190.0, 190.0) and outcome.stats["sets"] == 1.0
    state, _ = set_just_won(seats=3, max_sets=1, chips=[180, 210, 190])
    assert RULES.outcome(state).winners == (0, 1)


def test_no_outcome_before_the_end():
    state, _ = set_just_won()
    assert RULES.outcome(state) is None


def test_between_sets_nobody_bids():
    state, _ = set_just_won()
    with pytest.raises(IllegalAction, match="stay at the table or leave"):
        RULES.apply(state, Bid(0))
