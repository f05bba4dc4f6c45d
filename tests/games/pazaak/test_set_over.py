"""The end of a set is a state of the game: the boards stand as the set ended, every seat
sees them, nothing hidden comes to light, and the next set is dealt by a step of its own."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pazaak.actions import DEAL_NEXT_SET, END_TURN, STAND, PlaySide
from cardtable.games.pazaak.events import MatchWon, SetStarted, SetVoid, SetWon, WinReason
from cardtable.games.pazaak.rules import RULES
from tests.games.pazaak.helpers import position

#: seat 0 stands on 19 against a standing 18: the set is seat 0's, the match goes on
WON_BY_STANDING = {"mine": "10 9", "theirs": "10 8", "standing": (False, True), "opener": 0}


def set_over(**fields: object):
    """A set just ended (seat 0 stands on 19 against 18), hands still held on both sides."""
    state = position(hands=("+1 -2", "+3 -4 +5"), **{**WON_BY_STANDING, **fields})
    return state, RULES.apply(state, STAND)


def test_the_set_ends_with_the_boards_as_they_stood_and_nobody_to_move():
    before, (over, events) = set_over()
    assert events[-1] == SetWon(0, WinReason.HIGHER, (19, 18), (1, 0))
    assert over.boards == before.boards and over.set_number == before.set_number
    assert over.to_move is None and over.standing == (True, True)
    assert not RULES.is_over(over) and RULES.outcome(over) is None


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_seat_and_a_spectator_see_the_ended_boards_and_the_result(viewer):
    before, (over, _) = set_over()
    view = RULES.observe(over, viewer)
    assert view.boards == before.boards and view.totals == (19, 18)
    assert view.last_set == SetWon(0, WinReason.HIGHER, (19, 18), (1, 0))
    assert view.sets_won == (1, 0) and view.to_move is None


def test_the_ended_set_hides_what_it_hid_before():
    _, (over, events) = set_over()
    assert RULES.observe(over, 0).hand == over.hands[0]
    assert RULES.observe(over, 1).hand == over.hands[1]
    assert RULES.observe(over, None).hand is None
    assert RULES.observe(over, 0).hand_counts == (2, 3)
    for seat in (0, 1):  # the other hand and the deck dealt afresh: nothing seen changes
        twin = RULES.redeal_hidden(over, seat, random.Random(seat))
        assert twin.hands[1 - seat] != over.hands[1 - seat] or twin.deck != over.deck
        assert RULES.observe(twin, seat) == RULES.observe(over, seat)
        assert RULES.observe(twin, None) == RULES.observe(over, None)
    for viewer in (0, 1, None):
        lines = " ".join(line for e in events if (line := RULES.describe(e, viewer)))
        assert "+3" not in lines and "-4" not in lines and "-2" not in lines


def test_the_next_deal_is_a_step_of_its_own_and_nobody_else_may_move():
    _, (over, _) = set_over()
    assert RULES.chance(over) == DEAL_NEXT_SET
    assert RULES.legal_actions(over) == (DEAL_NEXT_SET,)
    for action in (STAND, END_TURN, PlaySide(0, 1)):
        with pytest.raises(IllegalAction, match="next set is being dealt"):
            RULES.apply(over, action)
    dealt, events = RULES.apply(over, DEAL_NEXT_SET)
    assert events[0] == SetStarted(2, 1) and dealt.to_move == 1 and dealt.set_number == 2
    assert sum(len(board.cards) for board in dealt.boards) == 1, "fresh boards, one draw"
    assert dealt.hands == over.hands and dealt.last_set == over.last_set
    assert RULES.chance(dealt) is None


def test_the_deal_is_refused_while_a_set_is_played_and_once_the_match_is_won():
    state = position(**WON_BY_STANDING)
    with pytest.raises(IllegalAction, match="still being played"):
        RULES.apply(state, DEAL_NEXT_SET)
    won, events = RULES.apply(position(**WON_BY_STANDING, sets_won=(2, 0)), STAND)
    assert isinstance(events[-1], MatchWon) and RULES.is_over(won)
    assert RULES.chance(won) is None and RULES.legal_actions(won) == ()
    with pytest.raises(IllegalAction, match="match is over"):
        RULES.apply(won, DEAL_NEXT_SET)


def test_a_void_set_ends_in_the_same_state_and_deals_the_same_way():
    state = position("10 8", "9 9", standing=(False, True), opener=0)
    over, events = RULES.apply(state, STAND)
    assert events[-1] == SetVoid((18, 18)) and over.to_move is None
    assert RULES.observe(over, 1).boards == state.boards
    dealt, events = RULES.apply(over, DEAL_NEXT_SET)
    assert events[0] == SetStarted(2, 1) and dealt.void_sets == 1
