"""The solo challenge: hit or stay against an 85-card deck that is never shuffled between rounds."""

from __future__ import annotations

from dataclasses import replace

from cardtable.core.protocol import GameRules
from cardtable.games.flip7.actions import HIT, STAY
from cardtable.games.flip7.events import (
    Busted,
    CardFlipped,
    FlipSeven,
    GameEnded,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Stayed,
    Why,
)
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Row, Status
from tests.games.flip7.stack import P4, SOLO, X2, banked, n, of_type, play, start


def test_a_round_starts_with_an_empty_row_and_no_deal():
    state, events = start(SOLO, n(5))
    assert events == (RoundStarted(1, 0),)
    assert state.rows == (Row(),)
    assert len(state.deck) == 85
    assert RULES.to_move(state) == 0


def test_every_solo_turn_offers_hit_or_stay_and_an_empty_row_banks_0():
    # RULINGS, Flip 7 solo: the text offers Hit or Stay on every turn, exactly
    state, _ = start(SOLO, n(5))
    assert RULES.legal_actions(state) == (HIT, STAY)
    assert RULES.is_legal(state, STAY)
    stayed, events = play(state, STAY)
    assert events == (Stayed(0, 0), RoundEnded(1, (0,), (0,)), RoundStarted(2, 0))
    assert stayed.table.banked == (0,) and stayed.deck == state.deck
    # the general path (no quick stay) agrees, up to the round's end
    assert GameRules.apply(RULES, state, STAY) == RULES.apply(state, STAY)
    state, _ = play(state, HIT)
    assert RULES.legal_actions(state) == (HIT, STAY)


def test_hit_flips_the_top_card_into_the_row():
    state, _ = start(SOLO, n(5, 8))
    state, events = play(state, HIT)
    assert events == (CardFlipped(0, n(5)[0], Why.HIT),)
    assert state.rows[0].numbers == n(5)
    assert len(state.deck) == 84


def test_worked_example_numbers_and_modifiers_score_at_stay():
    # solo text §3.1: numbers {5, 8, 11}, modifiers {"+4", "x2"}
    state, _ = start(SOLO, n(5, 8) + (P4,) + n(11) + (X2,))
    state, events = play(state, HIT, HIT, HIT, HIT, HIT, STAY)
    assert Stayed(0, 52) in events
    assert of_type(events, RoundEnded) == [RoundEnded(1, (52,), (52,))]
    assert state.table.banked == (52,)


def test_modifiers_never_bust():
    state, _ = start(SOLO, n(5) + (P4, X2))
    state, events = play(state, HIT, HIT, HIT)
    assert not of_type(events, Busted)
    assert state.rows[0].status is Status.ACTIVE


def test_a_duplicate_number_busts_and_scores_zero():
    state, _ = start(SOLO, n(5, 9, 5, 7))
    state, events = play(state, HIT, HIT, HIT)
    assert Busted(0, n(5)[0]) in events
    assert of_type(events, RoundEnded) == [RoundEnded(1, (0,), (0,))]
    assert state.table.round == 2
    assert state.rows == (Row(),)


def test_seven_different_numbers_make_a_flip_seven_and_end_the_round():
    state, _ = start(SOLO, n(0, 1, 2, 3, 4, 5, 6, 7))
    state, events = play(state, *[HIT] * 7)
    assert FlipSeven(0) in events
    assert of_type(events, RoundEnded) == [RoundEnded(1, (21 + 15,), (36,))]
    assert state.table.round == 2


def test_the_deck_is_not_shuffled_between_rounds():
    state, _ = start(SOLO, n(5, 8, 9, 2))
    state, _ = play(state, HIT, HIT, STAY)
    assert state.discard == n(5, 8)
    assert state.deck[:2] == n(9, 2)
    state, events = play(state, HIT)
    assert events[0] == CardFlipped(0, n(9)[0], Why.HIT)


def test_an_empty_deck_is_refilled_from_the_discard_pile_only_when_a_hit_needs_a_card():
    state, _ = start(SOLO, n(5))
    state, _ = play(state, HIT)
    # the deck is down to nothing; the 5 in front of the player stays out of the reshuffle
    state = replace(state, deck=(), discard=n(3, 4))
    state, events = play(state, HIT)
    assert events[0] == Reshuffled(2)
    flipped = of_type(events, CardFlipped)[0].card
    assert flipped in n(3, 4)
    assert state.rows[0].numbers == n(5) + (flipped,)
    assert state.discard == ()
    assert state.deck == tuple(c for c in n(3, 4) if c != flipped)


def test_a_round_ending_on_an_empty_deck_does_not_reshuffle():
    state, _ = start(SOLO, n(5))
    state, _ = play(state, HIT)
    state = replace(state, deck=(), discard=n(3, 4))
    state, events = play(state, STAY)
    assert not of_type(events, Reshuffled)
    assert state.deck == ()
    assert sorted(state.discard) == sorted(n(3, 4, 5))


def test_reshuffles_are_counted_so_each_gets_its_own_shuffle():
    state, _ = start(SOLO, n(5))
    state = replace(state, deck=(), discard=n(3, 4, 6, 7, 8))
    state, _ = play(state, HIT)
    assert state.table.reshuffles == 1


def test_the_game_ends_after_the_round_that_reaches_200_and_counts_rounds():
    state, _ = start(SOLO, n(12, 11))
    state = banked(state, (190,))
    state, events = play(state, HIT, STAY)
    assert of_type(events, GameEnded) == [GameEnded((0,), (202,), 1)]
    assert RULES.to_move(state) is None
    assert RULES.legal_actions(state) == ()
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.scores == (202.0,)
    assert outcome.stats == {"rounds": 1.0}


def test_exactly_200_is_enough_to_end_the_game():
    state, _ = start(SOLO, n(10))
    state, events = play(banked(state, (190,)), HIT, STAY)
    assert of_type(events, GameEnded) == [GameEnded((0,), (200,), 1)]
    assert RULES.is_over(state)


def test_a_round_short_of_200_goes_on():
    state, _ = start(SOLO, n(8, 2))
    state = banked(state, (190,))
    state, _ = play(state, HIT, STAY)
    assert state.table.banked == (198,)
    assert RULES.to_move(state) == 0
    assert RULES.outcome(state) is None
