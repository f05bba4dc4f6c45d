"""The end of a round is a state of the game: the rows stay as the round left them for every
seat to see, nothing hidden comes to light, and the next round is dealt by a step of its own."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.flip7.actions import DEAL_NEXT_ROUND, HIT, STAY, ChooseTarget
from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.events import Busted, RoundEnded, RoundStarted
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Status
from tests.games.flip7.stack import SOLO, banked, n, start, table


def round_over():
    """Three seats: seat 0 busts on a second 5, seats 1 and 2 stay on 6 and 7."""
    state, _ = start(table(3), n(5, 6, 7, 5, 1, 2, 3), dealer=2)
    for action in (HIT, STAY):
        state, _ = RULES.apply(state, action)
    return RULES.apply(state, STAY)


def test_the_round_ends_with_its_rows_on_the_table_and_nobody_to_move():
    over, events = round_over()
    assert events[-1] == RoundEnded(1, (0, 6, 7), (0, 6, 7))
    assert [row.numbers for row in over.rows] == [n(5, 5), n(6), n(7)]
    assert [row.status for row in over.rows] == [Status.BUST, Status.STAYED, Status.STAYED]
    assert RULES.to_move(over) is None and not RULES.is_over(over)
    assert RULES.outcome(over) is None and over.table.round == 1 and over.table.dealer == 2


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_every_seat_and_a_spectator_see_the_rows_as_the_round_left_them(viewer):
    over, _ = round_over()
    view = RULES.observe(over, viewer)
    assert [seat.numbers for seat in view.seats] == [n(5, 5), n(6), n(7)]
    assert [seat.round_score for seat in view.seats] == [0, 6, 7]
    assert [seat.banked for seat in view.seats] == [0, 6, 7]
    assert view.to_move is None and not view.over and view.round == 1


def test_the_ended_round_shows_no_card_still_in_the_deck():
    over, _ = round_over()
    for seat in (0, 1, 2):
        twin = RULES.redeal_hidden(over, seat, random.Random(seat))
        assert twin.deck != over.deck, "the deck's order is hidden"
        assert RULES.observe(twin, seat) == RULES.observe(over, seat)
        assert RULES.observe(twin, None) == RULES.observe(over, None)


def test_the_next_round_is_a_step_of_its_own_and_nobody_else_may_move():
    over, _ = round_over()
    assert RULES.chance(over) == DEAL_NEXT_ROUND
    assert RULES.legal_actions(over) == (DEAL_NEXT_ROUND,)
    for action in (HIT, STAY, ChooseTarget(0)):
        with pytest.raises(IllegalAction, match="next round is being dealt"):
            RULES.apply(over, action)
    dealt, events = RULES.apply(over, DEAL_NEXT_ROUND)
    assert events[0] == RoundStarted(2, 0) and dealt.table.dealer == 0
    assert [row.numbers for row in dealt.rows] == [n(3), n(1), n(2)]
    assert sorted(dealt.discard) == sorted(n(5, 5, 6, 7))
    assert RULES.chance(dealt) is None and RULES.to_move(dealt) == 1


def test_the_deal_is_refused_while_a_round_is_played_and_once_the_game_is_won():
    state, _ = start(SOLO, n(5, 8))
    with pytest.raises(IllegalAction, match="still being played"):
        RULES.apply(state, DEAL_NEXT_ROUND)
    near, _ = RULES.apply(banked(state, (195,)), HIT)
    won, events = RULES.apply(near, STAY)
    assert RULES.is_over(won) and RULES.chance(won) is None
    assert RULES.legal_actions(won) == ()
    with pytest.raises(IllegalAction, match="game is over"):
        RULES.apply(won, DEAL_NEXT_ROUND)


def test_a_solo_bust_leaves_the_row_until_the_next_round():
    state, _ = start(SOLO, n(4, 4, 9))
    state, _ = RULES.apply(state, HIT)
    over, events = RULES.apply(state, HIT)
    assert Busted(0, Card(4)) in events and over.rows[0].numbers == n(4, 4)
    dealt, events = RULES.apply(over, DEAL_NEXT_ROUND)
    assert events == (RoundStarted(2, 0),) and dealt.rows[0].numbers == ()
