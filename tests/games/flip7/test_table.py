"""The table game's round: the deal, turns, busts, Flip 7, round ends, the dealer and the end."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.events import (
    Busted,
    CardFlipped,
    FlipSeven,
    GameEnded,
    PlayOn,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Why,
)
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Status, Table
from tests.games.flip7.stack import F3, SC, F, banked, n, of_type, play, start, table


def test_the_deal_gives_one_card_each_from_left_of_the_dealer_to_the_dealer():
    state, events = start(table(3), n(5, 6, 7), dealer=1)
    assert events == (
        RoundStarted(1, 1),
        CardFlipped(2, n(5)[0], Why.DEAL),
        CardFlipped(0, n(6)[0], Why.DEAL),
        CardFlipped(1, n(7)[0], Why.DEAL),
    )
    assert [row.numbers for row in state.rows] == [n(6), n(7), n(5)]
    assert RULES.to_move(state) == 2


def test_the_first_dealer_is_drawn_from_the_seed():
    config = table(4)
    dealers = {seed: RULES.new_game(config, seed)[0].table.dealer for seed in range(30)}
    assert set(dealers.values()) == {0, 1, 2, 3}
    assert all(RULES.new_game(config, s)[0].table.dealer == d for s, d in dealers.items())


def test_turns_go_clockwise_and_skip_players_out_of_the_round():
    state, _ = start(table(3), n(5, 6, 7, 1, 2, 3, 4), dealer=2)
    assert RULES.to_move(state) == 0
    state, _ = play(state, HIT)
    assert RULES.to_move(state) == 1
    state, _ = play(state, STAY)
    assert RULES.to_move(state) == 2
    state, _ = play(state, HIT)
    assert RULES.to_move(state) == 0
    state, _ = play(state, HIT)
    assert RULES.to_move(state) == 2


def test_the_round_ends_when_nobody_is_active_and_the_dealer_passes_left():
    state, _ = start(table(3), n(5, 6, 7, 5, 1, 2, 3), dealer=2)
    state, events = play(state, HIT, STAY, STAY)
    # seat 0 bust on the second 5; seats 1 and 2 stayed
    assert Busted(0, n(5)[0]) in events
    assert of_type(events, RoundEnded) == [RoundEnded(1, (0, 6, 7), (0, 6, 7))]
    assert state.table.dealer == 0
    assert of_type(events, RoundStarted)[-1] == RoundStarted(2, 0)
    # the new deal runs from left of the new dealer: seats 1, 2, then 0
    assert [e.seat for e in of_type(events, CardFlipped) if e.why is Why.DEAL] == [1, 2, 0]
    assert RULES.to_move(state) == 1


def test_cards_go_to_the_discard_pile_and_the_deck_is_not_reshuffled():
    state, _ = start(table(2), n(5, 6, 9, 3, 4), dealer=1)
    state, _ = play(state, HIT, STAY, STAY)
    assert Counter(state.discard) == Counter(n(5, 6, 9))
    # the next round is dealt from the same deck, in order
    assert [row.numbers for row in state.rows] == [n(4), n(3)]


def test_a_flip_seven_ends_the_round_for_everyone():
    deal = n(0, 9, 12)
    turns = n(1, 9, 11, 2, 10, 3, 8, 4, 7, 5, 6, 6)
    state, _ = start(table(3), deal + turns, dealer=2)
    state, events = play(state, *[HIT] * 12)
    assert FlipSeven(0) in events
    assert state.table.round == 2
    # seat 0: 0..6 plus the bonus; seat 1 bust; seat 2 still active scores what it holds
    assert of_type(events, RoundEnded) == [
        RoundEnded(1, (21 + 15, 0, 12 + 11 + 10 + 8 + 7 + 6), (36, 0, 54))
    ]


def test_the_game_ends_after_the_round_in_which_someone_reaches_200_highest_wins():
    state, _ = start(table(2), n(10, 12), dealer=1)
    state = banked(state, (195, 195))
    state, events = play(state, STAY, STAY)
    # both pass 200; the higher total wins
    assert of_type(events, GameEnded) == [GameEnded((1,), (205, 207), 1)]
    # the last round stays on the table to be seen
    assert [row.numbers for row in state.rows] == [n(10), n(12)]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.stats == {"rounds": 1.0}


def test_a_tie_for_the_highest_past_200_plays_on_until_one_leads():
    state, _ = start(table(2), n(10, 5, 3, 2), dealer=1)
    state = banked(state, (190, 195))
    state, events = play(state, STAY, STAY)
    assert of_type(events, PlayOn) == [PlayOn((0, 1))]
    assert not of_type(events, GameEnded)
    assert state.table.banked == (200, 200)
    # next round: seat 0 deals, so seat 1 is dealt first (3) and moves first
    assert RULES.to_move(state) == 1
    state, events = play(state, STAY, STAY)
    assert of_type(events, GameEnded) == [GameEnded((1,), (202, 203), 2)]


def test_without_action_cards_the_deck_is_85_cards():
    state, _ = RULES.new_game(table(4, action_cards=False), 3)
    everything = state.deck + state.cards_out()
    assert len(everything) == 85
    assert not {F, F3, SC} & set(everything)


def test_default_configs_pick_the_mode_by_seat_count():
    solo, four = RULES.default_config(1), RULES.default_config(4)
    assert solo.mode.value == "solo" and not solo.action_cards
    assert four.mode.value == "table" and four.action_cards and four.seats == 4


def test_a_stayed_or_frozen_player_keeps_their_row_until_the_round_ends():
    state, _ = start(table(2), n(5, 6, 7), dealer=1)
    state, _ = play(state, STAY)
    assert state.rows[0].status is Status.STAYED
    assert state.rows[0].numbers == n(5)


def test_a_finished_game_refuses_every_move_and_keeps_its_table():
    state, _ = start(table(2), n(10, 12), dealer=1)
    state = replace(state, table=replace(state.table, banked=(195, 195), reshuffles=3))
    state, _ = play(state, STAY, STAY)
    assert state.table == Table((205, 207), round=1, dealer=1, reshuffles=3, over=True)
    for action in (HIT, STAY, ChooseTarget(0)):
        with pytest.raises(IllegalAction, match="^the game is over$"):
            RULES.apply(state, action)


def test_the_next_round_keeps_the_reshuffle_count_and_passes_the_deal():
    state, _ = start(table(2), n(10, 12), dealer=1)
    state = replace(state, table=replace(state.table, reshuffles=3))
    state, _ = play(state, STAY, STAY)
    assert (state.table.round, state.table.dealer, state.table.reshuffles) == (2, 0, 3)


def test_a_choice_without_an_action_card_and_a_wrong_target_are_refused_by_name():
    state, _ = start(table(2), n(10, 12), dealer=1)
    with pytest.raises(IllegalAction, match="^there is no action card to hand out: hit or stay$"):
        RULES.apply(state, ChooseTarget(1))
    frozen, _ = start(table(3), (F, *n(6, 7)), dealer=2)
    assert frozen.pending is not None and RULES.to_move(frozen) == 0 != frozen.turn
    with pytest.raises(
        IllegalAction,
        match="^Player 4 cannot take the Freeze: choose one of Player 1, Player 2, Player 3$",
    ):
        RULES.apply(frozen, ChooseTarget(3))
    # the refusal names who is to choose (here not the player whose turn it is)
    with pytest.raises(IllegalAction, match="^Player 1 must first choose who gets the Freeze$"):
        RULES.apply(frozen, HIT)


def test_each_view_names_the_seat_it_was_made_for():
    state, _ = start(table(3), n(6, 7, 8), dealer=2)
    assert [RULES.observe(state, seat).viewer for seat in (0, 1, 2, None)] == [0, 1, 2, None]


def test_the_deal_the_first_dealer_and_every_reshuffle_are_pinned_to_the_seed():
    # an old save replays only if the same seed shuffles and deals the same cards
    state, _ = RULES.new_game(table(3), 5)
    assert state.seed == 5 and [int(card) for card in state.deck[:8]] == [
        7,
        11,
        4,
        12,
        10,
        7,
        10,
        21,
    ]
    dealers = tuple(RULES.new_game(table(4), seed)[0].table.dealer for seed in range(8))
    assert dealers == (0, 0, 0, 2, 1, 1, 3, 2)
    solo, _ = RULES.new_game(RULES.default_config(1), 5)
    assert solo.table.dealer == 0 and solo.seed == 5
    empty = replace(state, deck=(), discard=state.deck[:12])
    after, events = RULES.apply(empty, HIT)
    assert [int(card) for card in after.deck] == [11, 10, 9, 4, 10, 21, 12, 9, 10, 7, 7]
    assert events[0] == Reshuffled(12) and after.table.reshuffles == 1
    third = replace(empty, table=replace(empty.table, reshuffles=2))
    after, _ = RULES.apply(third, HIT)
    assert [int(card) for card in after.deck] == [7, 7, 10, 12, 4, 3, 9, 10, 10, 9, 21]


def test_every_move_keeps_the_game_seed_for_the_shuffles_to_come():
    state, _ = RULES.new_game(table(3), 5)
    for action in (HIT, STAY):
        after, _ = RULES.apply(state, action)
        assert after.seed == 5
