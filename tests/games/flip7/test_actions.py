"""Freeze, Flip Three and Second Chance, each edge case of flip7-table.md on a stacked deck.

Most positions are three seats with seat 2 dealing, so the deal goes 0, 1, 2 and seat 0 moves
first; the first three cards of each stack are the deal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.events import (
    ActionDiscarded,
    ActionSetAside,
    Busted,
    CardFlipped,
    FlipSeven,
    FlipThreeEnded,
    FlipThreeStarted,
    Frozen,
    RoundEnded,
    SecondChanceGiven,
    SecondChanceKept,
    SecondChanceUsed,
    Why,
)
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Choice, Pending, Status
from tests.games.flip7.stack import F3, SC, F, banked, n, of_type, play, start, table

DEAL = n(5, 6, 7)


def three(*top):
    return start(table(3), DEAL + tuple(top), dealer=2)[0]


# Freeze -------------------------------------------------------------------------------------


def test_the_drawer_chooses_who_is_frozen_among_active_players_self_included():
    state, _ = play(three(F), HIT)
    assert state.pending == Pending(Choice.FREEZE, 0, (0, 1, 2))
    assert RULES.to_move(state) == 0
    assert RULES.legal_actions(state) == tuple(ChooseTarget(s) for s in (0, 1, 2))


def test_a_frozen_player_banks_their_points_and_is_out_of_the_round():
    state, events = play(three(F), HIT, 2)
    assert Frozen(2, 0, 7) in events
    assert state.rows[2].status is Status.FROZEN
    # play goes on after the drawer, skipping the frozen seat from now on
    assert RULES.to_move(state) == 1
    state, events = play(state, STAY, STAY)
    assert of_type(events, RoundEnded)[0].scores == (5, 6, 7)


def test_a_freeze_can_be_used_on_yourself():
    state, events = play(three(F), HIT, 0)
    assert Frozen(0, 0, 5) in events
    assert RULES.to_move(state) == 1


def test_only_active_players_can_be_targeted():
    state, _ = play(three(n(1)[0], F), HIT, STAY, HIT)
    # seat 1 stayed, so the Freeze seat 2 drew can go to seat 0 or seat 2 only
    assert state.pending == Pending(Choice.FREEZE, 2, (0, 2))
    with pytest.raises(IllegalAction, match="cannot take the Freeze"):
        RULES.apply(state, ChooseTarget(1))


def test_the_only_active_player_must_take_the_action_card_themselves():
    state, events = play(three(F), STAY, STAY, HIT)
    assert state.pending is None
    assert Frozen(2, 2, 7) in events
    assert of_type(events, RoundEnded)  # nobody is left active


def test_a_choice_must_be_made_before_anything_else():
    state, _ = play(three(F), HIT)
    with pytest.raises(IllegalAction, match="must first choose who gets the Freeze"):
        RULES.apply(state, HIT)
    with pytest.raises(IllegalAction, match="no action card to hand out"):
        RULES.apply(three(F), ChooseTarget(1))


# Flip Three ---------------------------------------------------------------------------------


def test_flip_three_flips_three_cards_one_at_a_time():
    state, events = play(three(F3, *n(1, 2, 3)), HIT, 2)
    assert FlipThreeStarted(2, 0) in events
    flips = [e for e in of_type(events, CardFlipped) if e.why is Why.FLIP_THREE]
    assert [(e.seat, e.card) for e in flips] == [(2, c) for c in n(1, 2, 3)]
    assert events[-1] == FlipThreeEnded(2)
    assert state.rows[2].numbers == n(7, 1, 2, 3)


def test_play_continues_clockwise_from_the_first_recipient_of_a_flip_three():
    state, _ = play(three(F3, *n(1, 2, 3)), HIT, 2)
    # seat 0 drew it and seat 2 received it: seat 1 is passed over this time round
    assert RULES.to_move(state) == 0
    state, _ = play(three(F3, *n(1, 2, 3)), HIT, 1)
    assert RULES.to_move(state) == 2


def test_flip_three_stops_early_on_a_bust():
    state, events = play(three(F3, *n(1, 7, 3)), HIT, 2)
    assert Busted(2, n(7)[0]) in events
    assert len([e for e in of_type(events, CardFlipped) if e.why is Why.FLIP_THREE]) == 2
    assert events[-2:] == (Busted(2, n(7)[0]), FlipThreeEnded(2))  # the log says it is over
    assert state.deck[0] == n(3)[0]
    assert RULES.to_move(state) == 0


def test_flip_three_stops_early_on_a_flip_seven_which_ends_the_round():
    # two seats, seat 1 deals: seat 0 gets 0 and builds up to six numbers while seat 1 stays
    top = n(0, 12, 1) + n(2, 3, 4) + (F3,) + n(5, 6, 9)
    state, _ = start(table(2), top, dealer=1)
    state, _ = play(state, HIT, STAY, HIT, HIT, HIT)
    state, events = play(state, HIT)  # the Flip Three: seat 0 is the only one active
    assert FlipThreeStarted(0, 0) in events
    assert FlipSeven(0) in events
    assert of_type(events, RoundEnded)[0].scores == (21 + 15, 12)
    assert n(9)[0] not in [e.card for e in of_type(events, CardFlipped)][:-2]


def test_a_flip_seven_in_a_flip_three_that_ends_the_game_leaves_nothing_to_resolve():
    top = n(0, 12, 1) + n(2, 3, 4) + (F3,) + n(5, 6, 9)
    state, _ = start(table(2), top, dealer=1)
    state, _ = play(state, HIT, STAY, HIT, HIT, HIT)
    state = banked(state, (190, 0))
    state, events = play(state, HIT)  # the Flip Three makes a Flip 7 and ends the game
    assert FlipSeven(0) in events and state.table.over
    assert state.flow is None and RULES.observe(state, 0).pending is None


def test_a_freeze_flipped_during_flip_three_is_set_aside_then_used_by_the_flipper():
    state, events = play(three(F3, F, *n(1, 2)), HIT, 2)
    assert ActionSetAside(2, F) in events
    assert state.pending == Pending(Choice.FREEZE, 2, (0, 1, 2))
    # the table still shows the Flip Three whose set-aside card is being handed out
    assert state.flow is not None and RULES.observe(state, 0).flip_three == state.flow.chain
    assert RULES.observe(state, 0).flip_three[0].target == 2
    state, events = play(state, 1)
    assert Frozen(1, 2, 6) in events
    assert RULES.to_move(state) == 0


def test_set_aside_cards_are_discarded_if_the_flipper_busts():
    state, events = play(three(F3, F, n(7)[0], n(1)[0]), HIT, 2)
    assert Busted(2, n(7)[0]) in events
    assert ActionDiscarded(2, F) in events
    assert state.pending is None
    assert F in state.discard
    assert state.deck[0] == n(1)[0]


def test_flip_three_chains_and_play_resumes_after_the_first_recipient():
    top = (F3, F3, *n(1, 2), *n(3, 4, 8))
    state, events = play(three(*top), HIT, 2)
    assert ActionSetAside(2, F3) in events
    assert state.pending == Pending(Choice.FLIP_THREE, 2, (0, 1, 2))
    state, events = play(state, 1)
    assert FlipThreeStarted(1, 2) in events
    assert state.rows[1].numbers == n(6, 3, 4, 8)
    assert RULES.to_move(state) == 0


def test_a_card_set_aside_after_a_chained_flip_three_is_still_handed_out():
    # seat 2's Flip Three sets aside a Flip Three and a Freeze; the Flip Three goes to seat 1,
    # and once seat 1's three flips are done seat 2 still hands out the Freeze
    state, _ = play(three(F3, F3, F, *n(1), *n(3, 4, 8)), HIT, 2)
    assert state.pending == Pending(Choice.FLIP_THREE, 2, (0, 1, 2))
    state, events = play(state, 1)
    assert events[-1] == FlipThreeEnded(1) and state.rows[1].numbers == n(6, 3, 4, 8)
    assert state.pending == Pending(Choice.FREEZE, 2, (0, 1, 2))


def test_a_second_chance_flipped_during_flip_three_is_resolved_at_once():
    state, events = play(three(F3, SC, *n(1, 2)), HIT, 2)
    kept = events.index(SecondChanceKept(2))
    assert kept < events.index(CardFlipped(2, n(1)[0], Why.FLIP_THREE))
    assert state.rows[2].second_chance
    assert not of_type(events, ActionSetAside)


def test_a_second_chance_saves_a_flip_three_from_a_bust_and_the_flips_go_on():
    state, events = play(three(F3, SC, n(7)[0], n(1)[0]), HIT, 2)
    assert SecondChanceUsed(2, n(7)[0]) in events
    assert state.rows[2].numbers == n(7, 1)
    assert state.rows[2].status is Status.ACTIVE


def test_an_action_card_in_the_deal_is_resolved_at_once_then_the_deal_goes_on():
    # seat 0's deal card is a Flip Three, given to seat 1, who flips 1, 2, 3 and is then
    # dealt their own card; play starts left of the dealer as usual
    state, events = start(table(3), (F3, *n(1, 2, 3), *n(6, 7)), dealer=2)
    assert state.pending == Pending(Choice.FLIP_THREE, 0, (0, 1, 2))
    state, events = play(state, 1)
    assert state.rows[1].numbers == n(1, 2, 3, 6)
    assert state.rows[2].numbers == n(7)
    assert RULES.to_move(state) == 0
    # seat 0 holds nothing to bank, so must hit (the solo game would let them stay)
    assert RULES.legal_actions(state) == (HIT,)
    with pytest.raises(IllegalAction, match="nothing to bank"):
        RULES.apply(state, STAY)


def test_a_player_frozen_in_the_deal_is_skipped_by_it():
    state, _ = start(table(3), (F, *n(6, 7)), dealer=2)
    state, events = play(state, 1)
    assert Frozen(1, 0, 0) in events
    assert state.rows[1].numbers == ()
    assert state.rows[2].numbers == n(6)
    assert RULES.to_move(state) == 0


# Second Chance ------------------------------------------------------------------------------


def test_a_second_chance_is_kept_and_used_on_a_duplicate():
    state, events = play(three(SC, n(1)[0], n(2)[0], n(5)[0]), HIT)
    assert SecondChanceKept(0) in events
    state, events = play(state, HIT, HIT, HIT)
    assert SecondChanceUsed(0, n(5)[0]) in events
    assert state.rows[0].numbers == n(5)
    assert not state.rows[0].second_chance
    assert state.rows[0].status is Status.ACTIVE
    assert Counter(state.discard) == Counter({n(5)[0]: 1, SC: 1})


def test_a_second_second_chance_must_be_given_to_an_active_player_without_one():
    state, _ = play(three(SC, *n(1, 2), SC), HIT, HIT, HIT, HIT)
    assert state.pending == Pending(Choice.SECOND_CHANCE, 0, (1, 2))
    state, events = play(state, 2)
    assert SecondChanceGiven(0, 2) in events
    assert state.rows[0].second_chance and state.rows[2].second_chance


def test_a_second_chance_with_one_taker_goes_to_them():
    # seat 1 stays, seat 2 holds none: seat 0's second Second Chance goes to seat 2 at once
    state, events = play(three(SC, n(1)[0], SC), HIT, STAY, HIT, HIT)
    assert SecondChanceGiven(0, 2) in events
    assert state.pending is None
    assert RULES.to_move(state) == 2


def test_a_second_chance_nobody_can_take_is_discarded():
    # seat 1 stayed and seat 2 holds one already
    state, events = play(three(SC, SC, SC), HIT, STAY, HIT, HIT)
    assert ActionDiscarded(0, SC) in events
    # on top of a discard pile that already holds a card
    start_state = three(SC, SC, SC)
    start_state = replace(start_state, deck=start_state.deck[:-1], discard=start_state.deck[-1:])
    state, _ = play(start_state, HIT, STAY, HIT, HIT)
    assert state.discard == (*start_state.discard, SC)
    assert SC in state.discard


def test_an_unused_second_chance_is_discarded_at_round_end():
    state, events = play(three(SC), HIT, STAY, STAY, STAY)
    assert of_type(events, RoundEnded)
    assert SC in state.discard
    assert not any(row.second_chance for row in state.rows)


def test_a_frozen_flipper_still_plays_the_cards_they_set_aside():
    state, events = play(three(F3, F, F3, n(1)[0], *n(2, 3, 4)), HIT, 2)
    assert [e.card for e in of_type(events, ActionSetAside)] == [F, F3]
    state, events = play(state, 2)  # seat 2 freezes itself
    assert Frozen(2, 2, 8) in events
    assert state.pending == Pending(Choice.FLIP_THREE, 2, (0, 1))
    state, events = play(state, 1)
    assert FlipThreeStarted(1, 2) in events
    assert state.rows[1].numbers == n(6, 2, 3, 4)
    assert RULES.to_move(state) == 0


def test_a_flip_seven_in_the_middle_of_the_deal_ends_the_round():
    # seat 0's deal card is a Flip Three it takes itself: it flips another (set aside), 0, 1,
    # then uses that one on itself for 2, 3, 4; seat 1's deal card is a third Flip Three,
    # sent to seat 0, whose 5 and 6 make seven numbers before seat 2 is ever dealt a card
    top = (F3, F3, *n(0, 1), *n(2, 3, 4), F3, *n(5, 6))
    state, _ = start(table(3), top, dealer=2)
    state, _ = play(state, 0, 0)
    assert state.rows[0].numbers == n(0, 1, 2, 3, 4)
    state, events = play(state, 0)
    assert FlipSeven(0) in events
    assert of_type(events, RoundEnded)[0].scores == (21 + 15, 0, 0)
    assert state.table.round == 2


def test_a_bust_row_stays_on_the_table_until_the_round_ends():
    state, _ = play(three(F3, n(7)[0]), HIT, 2)
    assert state.rows[2].numbers == n(7, 7)
    assert state.rows[2].status is Status.BUST
    assert state.rows[2].score == 0


def test_set_aside_cards_are_discarded_when_the_flipper_makes_a_flip_seven():
    top = n(0, 12, 1) + n(2, 3, 4) + (F3, F) + n(5, 6)
    state, _ = start(table(2), top, dealer=1)
    state, _ = play(state, HIT, STAY, HIT, HIT, HIT)
    state, events = play(state, HIT)
    assert ActionSetAside(0, F) in events
    assert FlipSeven(0) in events
    assert events.index(ActionDiscarded(0, F)) < events.index(of_type(events, RoundEnded)[0])
    assert of_type(events, RoundEnded)[0].scores == (21 + 15, 12)
    assert state.pending is None
    assert F in state.discard


def test_set_aside_cards_are_discarded_when_nobody_is_left_to_take_them():
    # seat 0 stays; seat 1, alone, flips three for itself, sets aside a Freeze and a Flip Three,
    # must freeze itself with the first, and then nobody is left for the second
    top = n(5, 6) + (F3, F, F3) + n(1)
    state, _ = start(table(2), top, dealer=1)
    state, events = play(state, STAY, HIT)
    assert Frozen(1, 1, 7) in events
    assert ActionDiscarded(1, F3) in events
    assert of_type(events, RoundEnded)[0].scores == (5, 7)
