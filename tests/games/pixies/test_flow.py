"""Turns, draft order, round ends (full grid, equal turns, empty deck), rounds and the winner."""

from __future__ import annotations

import random

import pytest

from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.pixies.actions import Take
from cardtable.games.pixies.events import (
    CardsRevealed,
    CardTaken,
    GameEnded,
    GridFilled,
    RoundEnd,
    RoundEnded,
    RoundStarted,
)
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import PixiesConfig

from .helpers import grid, ids, make_state

EMPTY = grid()
#: eight face-up cards on spaces 1..8: a grid one card short of full, space 9 open
NEARLY_FULL = grid(
    up={1: "B1+6", 2: "B2+4", 3: "B3+3", 4: "B4+1", 5: "B5", 6: "B6+1", 7: "B7-3", 8: "B8-3"}
)


def of_type(events, kind):
    return [e for e in events if isinstance(e, kind)]


def take_first(state):
    """Take the first card on offer; a round it ends is dealt on (a step of its own), the
    events of both returned together."""
    state, events = RULES.apply(state, Take(0))
    step = RULES.chance(state)
    if step is None:
        return state, events
    state, dealt = RULES.apply(state, step)
    return state, events + dealt


@pytest.mark.parametrize(("seats", "revealed"), [(2, 4), (3, 3), (4, 4), (5, 5)])
def test_reveal_size_and_first_turn_order(seats, revealed):
    state, events = RULES.new_game(PixiesConfig(seats), 4)
    leader = state.leader
    assert len(state.revealed) == revealed
    assert of_type(events, CardsRevealed)[0].leader == leader
    assert of_type(events, CardsRevealed)[0].deck_left == 70 - revealed
    if seats == 2:
        assert state.order == (leader, 1 - leader, leader, 1 - leader)
    else:
        assert state.order == tuple((leader + i) % seats for i in range(seats))


def test_the_round_1_leader_is_drawn_from_the_seed():
    leaders = {RULES.new_game(PixiesConfig(3), seed)[0].leader for seed in range(30)}
    assert leaders == {0, 1, 2}
    assert RULES.new_game(PixiesConfig(3), 7)[0] == RULES.new_game(PixiesConfig(3), 7)[0]


def test_two_players_pick_f_s_f_s_and_the_last_picker_leads_next_turn():
    state = make_state((EMPTY, EMPTY), "G1+5 Y2+2 R3+4 G4+4", (0, 1, 0, 1))
    movers = []
    for _ in range(4):
        movers.append(state.to_move)
        state, events = take_first(state)
    assert movers == [0, 1, 0, 1]
    assert state.leader == 1 and state.order == (1, 0, 1, 0)
    assert of_type(events, CardsRevealed)[0].leader == 1


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_three_to_five_players_pick_once_each_and_the_last_taker_starts_next(seats):
    state = make_state((EMPTY,) * seats, " ".join(["G1+5", "Y2+2", "R3+4", "G4+4", "Y6"][:seats]),
                       tuple((1 + i) % seats for i in range(seats)))  # fmt: skip
    movers = []
    for _ in range(seats):
        movers.append(state.to_move)
        state, _ = take_first(state)
    assert movers == [(1 + i) % seats for i in range(seats)]
    assert state.leader == 0 and state.order == tuple(range(seats))


def test_equal_turns_first_player_fills_at_first_pick_second_still_places_one():
    """pixies.md §7's example: the round ends with two cards unpicked."""
    state = make_state((NEARLY_FULL, EMPTY), "R9 G1+5 Y2+2 R2+5", (0, 1, 0, 1))
    state, events = take_first(state)
    assert of_type(events, GridFilled) == [GridFilled(0)]
    assert not of_type(events, RoundEnded)
    assert state.to_move == 1 and len(state.revealed) == 3
    state, events = take_first(state)
    ended = of_type(events, RoundEnded)
    assert ended and ended[0].reason is RoundEnd.GRID_FULL and ended[0].round == 1
    assert of_type(events, RoundStarted) == [RoundStarted(2, 3, leader=1)]
    assert state.round == 2 and state.leader == 1


def test_a_last_round_ended_with_two_picks_left_leaves_nobody_to_pick():
    state = make_state((NEARLY_FULL, EMPTY), "R9 G1+5 Y2+2 R2+5", (0, 1, 0, 1), round_number=3)
    state, _ = take_first(state)
    state, events = take_first(state)
    assert of_type(events, GameEnded) and RULES.is_over(state)
    assert state.order == () and RULES.to_move(state) is None


def test_equal_turns_second_player_fills_at_second_pick_ends_at_once():
    state = make_state((EMPTY, NEARLY_FULL), "R9 Y2+2 R2+5", (1, 0, 1), leader=0)
    state, events = take_first(state)
    assert of_type(events, GridFilled) == [GridFilled(1)]
    assert of_type(events, RoundEnded)
    assert of_type(events, RoundStarted)[0].leader == 1


def test_equal_turns_first_player_fills_at_third_pick_second_places_the_last_card():
    state = make_state((NEARLY_FULL, EMPTY), "R9 Y2+2", (0, 1))
    state, events = take_first(state)
    assert not of_type(events, RoundEnded) and state.to_move == 1
    state, events = take_first(state)
    assert of_type(events, RoundEnded)
    assert of_type(events, RoundStarted)[0].leader == 1


def test_three_players_the_turn_is_played_out_after_a_grid_fills():
    state = make_state((NEARLY_FULL, EMPTY, EMPTY), "R9 Y2+2 R2+5", (0, 1, 2))
    state, events = take_first(state)
    assert of_type(events, GridFilled) and state.to_move == 1
    state, events = take_first(state)
    assert not of_type(events, RoundEnded) and state.to_move == 2
    state, events = take_first(state)
    assert of_type(events, RoundEnded)
    assert of_type(events, RoundStarted)[0].leader == 2


def test_round_ends_when_the_deck_cannot_fill_a_reveal():
    state = make_state((EMPTY,) * 4, "G5", (3,), leader=0, deck=ids("R9 R8 R7-1"))
    state, events = take_first(state)
    ended = of_type(events, RoundEnded)
    assert ended and ended[0].reason is RoundEnd.DECK_OUT
    assert of_type(events, RoundStarted) == [RoundStarted(2, 3, leader=3)]


def test_a_reveal_that_empties_the_deck_exactly_is_fine():
    state = make_state((EMPTY,) * 4, "G5", (3,), leader=0, deck=ids("R9 R8 R7-1 R6"))
    state, events = take_first(state)
    assert not of_type(events, RoundEnded)
    assert state.deck == () and len(state.revealed) == 4


def test_three_rounds_with_rising_zone_values_and_a_full_reshuffle_each():
    match = Match.new(RULES, PixiesConfig(2), 21)
    rng = random.Random(21)
    while not match.is_over:
        match.play(pick(match.legal_actions(), rng))
    events = [e for batch in match.events for e in batch]
    starts = of_type(events, RoundStarted)
    assert [(s.round, s.zone_value) for s in starts] == [(1, 2), (2, 3), (3, 4)]
    reveals_after_start = [events[events.index(s) + 1] for s in starts]
    assert all(r.deck_left == 66 for r in reveals_after_start)
    assert len(of_type(events, RoundEnded)) == 3 and len(of_type(events, GameEnded)) == 1
    for start in starts[1:]:
        taken = of_type(events[: events.index(start)], CardTaken)
        assert start.leader == taken[-1].seat, "the last picker leads the next round"
    assert match.outcome.scores == tuple(float(t) for t in of_type(events, RoundEnded)[-1].totals)
    # the later rounds shuffle from the game's own seed (old saves replay the same deals)
    assert match.state.seed == 21


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_every_round_is_dealt_from_a_fresh_shuffle_of_all_70_cards(seats):
    """Ruling 6: each round starts from the whole deck shuffled anew, never the last order."""
    rng = random.Random(seats)
    for seed in range(4):
        state, _ = RULES.new_game(PixiesConfig(seats), seed)
        orders = [state.revealed + state.deck]
        while not RULES.is_over(state):  # a round's end: the next deal is the one legal action
            state, events = RULES.apply(state, pick(RULES.legal_actions(state), rng))
            if of_type(events, RoundStarted):
                orders.append(state.revealed + state.deck)
        assert len(orders) == 3
        assert all(sorted(order) == list(range(70)) for order in orders)
        assert len(set(orders)) == 3, f"seed {seed}: a round repeated an earlier deal"


def test_a_tie_after_three_rounds_is_a_shared_victory():
    downs = {space: label for space, label in zip(range(1, 9), "R1+3 R2+5 R3+4 R4+2 R4 R5-1 R5 R6-2".split(), strict=True)}  # fmt: skip
    state = make_state((grid(down=downs), EMPTY), "R9 G5", (0, 1), round_number=3)
    state, _ = take_first(state)
    state, events = take_first(state)
    assert of_type(events, GameEnded) == [GameEnded((0, 1), (0, 0))]
    outcome = RULES.outcome(state)
    assert outcome.winners == (0, 1)
    assert RULES.describe(of_type(events, GameEnded)[0], None).startswith(
        "Game over: Player 1 and Player 2 share the victory"
    )
    assert RULES.legal_actions(state) == () and RULES.to_move(state) is None
    assert state.order == ()  # nobody is left to pick


def test_the_highest_total_wins_alone():
    state = make_state((NEARLY_FULL, EMPTY), "R9 G5", (0, 1), round_number=3)
    state, _ = take_first(state)
    state, events = take_first(state)
    outcome = RULES.outcome(state)
    assert outcome.winners == (0,)
    assert outcome.scores[0] > outcome.scores[1]
    assert set(outcome.stats) == {"validated", "spirals", "crosses", "specials", "zone"}


def test_the_leader_and_each_round_s_deck_are_pinned_to_the_seed():
    # an old save replays only if the same seed picks the same leader and deals the same cards
    leaders = tuple(RULES.new_game(PixiesConfig(4), seed)[0].leader for seed in range(8))
    assert leaders == (0, 0, 1, 0, 3, 2, 3, 1)
    state, _ = RULES.new_game(PixiesConfig(2), 1)
    assert state.revealed == (56, 7, 62, 14) and state.deck[:6] == (18, 50, 24, 59, 17, 47)
