"""Bot policies on hand-built positions: the stopping rules, the race, and where actions go."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.bots import BOTS
from cardtable.games.flip7.bots.rounds import rounds_to_go
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Choice, Pending, Resolution, Row, Status
from tests.games.flip7.stack import SOLO, banked, n, start, table


def position(config, rows, totals=None, turn=0, pending=None):
    """A state with the given rows (tuples of numbers, or Rows) and totals, ``turn`` to move."""
    state, _ = start(config, dealer=config.seats - 1)
    rows = tuple(r if isinstance(r, Row) else Row(n(*r)) for r in rows)
    flow = None if pending is None else Resolution(pending=pending, resume=turn)
    state = replace(state, rows=rows, turn=turn, flow=flow)
    return banked(state, totals) if totals else state


def decide(level, state):
    seat = RULES.to_move(state)
    legal = RULES.legal_actions(state)
    return BOTS[level]().choose(RULES.observe(state, seat), legal, random.Random(0))


# easy and medium ----------------------------------------------------------------------------


@pytest.mark.parametrize(("numbers", "action"), [((4, 9), HIT), ((1, 2, 3), STAY)])
def test_easy_stays_at_three_number_cards(numbers, action):
    assert decide("easy", position(SOLO, [numbers])) == action


@pytest.mark.parametrize(("numbers", "action"), [((10, 11), HIT), ((12, 10), STAY)])
def test_medium_stays_once_its_numbers_reach_22(numbers, action):
    assert decide("medium", position(SOLO, [numbers])) == action


def test_medium_freezes_the_leader_and_flip_threes_the_fullest_row():
    rows = [(5,), (1, 2, 3, 4), (6,)]
    freeze = Pending(Choice.FREEZE, 0, (0, 1, 2))
    state = position(table(3), rows, (10, 20, 90), pending=freeze)
    assert decide("medium", state) == ChooseTarget(2)
    flip_three = Pending(Choice.FLIP_THREE, 0, (0, 1, 2))
    state = position(table(3), rows, (10, 20, 90), pending=flip_three)
    assert decide("medium", state) == ChooseTarget(1)


def test_easy_aims_anywhere_legal():
    state = position(table(3), [(5,), (6,), (7,)], pending=Pending(Choice.FREEZE, 0, (0, 1, 2)))
    choices = {
        BOTS["easy"]().choose(RULES.observe(state, 0), RULES.legal_actions(state), random.Random(s))
        for s in range(30)
    }
    assert choices == {ChooseTarget(0), ChooseTarget(1), ChooseTarget(2)}


# hard, solo ---------------------------------------------------------------------------------


def test_hard_stays_once_its_bank_would_reach_200():
    assert decide("hard", position(SOLO, [(12,)], (190,))) == STAY


def test_hard_hits_a_small_row_and_stays_on_a_big_risky_one():
    assert decide("hard", position(SOLO, [(5,)])) == HIT
    assert decide("hard", position(SOLO, [(12, 11, 10, 9, 8)])) == STAY


def test_hard_plays_for_rounds_near_the_end_not_for_points():
    # 25 in hand with 30 still needed: medium banks it, hard hits to finish this round
    state = position(SOLO, [(12, 8, 5)], (170,))
    assert decide("medium", state) == STAY
    assert decide("hard", state) == HIT


def test_rounds_to_go_rises_with_the_points_needed():
    rounds = rounds_to_go()
    assert rounds[0] == 0
    assert 1 < rounds[10] <= rounds[50] <= rounds[200]
    assert all(a <= b for a, b in zip(rounds, rounds[1:], strict=False))


def test_every_point_short_of_the_goal_costs_time():
    # with one stopping point (25) for every need, needing 1 or 25 took the same rounds, so
    # points under 25 were worth nothing near the end and an empty row was worth staying on
    rounds = rounds_to_go()
    assert all(a < b for a, b in zip(rounds[2:], rounds[3:], strict=False))


@pytest.mark.parametrize("total", [0, 100, 175, 180, 190, 199])
def test_hard_never_stays_on_an_empty_row(total):
    # staying banks 0 and starts the same round again: at 175 the bot did so forever
    state = position(SOLO, [()], (total,))
    assert decide("hard", state) == HIT
    advice = BOTS["hard"]().advise(
        RULES.observe(state, 0), RULES.legal_actions(state), random.Random(0)
    )
    assert advice.action == HIT and advice.reason.startswith("Hit")


# hard, table --------------------------------------------------------------------------------


def test_hard_hits_when_staying_cannot_beat_a_rival_who_has_ended_the_game():
    rival = Row(n(10, 12), status=Status.STAYED)
    state = position(table(2), [(12, 11, 10, 9), rival], (150, 183))
    assert decide("hard", state) == HIT


def test_hard_stays_when_banking_takes_it_past_200_in_the_lead():
    state = position(table(3), [(9, 6), (3,), (2,)], (190, 150, 120))
    assert decide("hard", state) == STAY


def test_hard_makes_the_most_exposed_rival_flip_three():
    rows = [(5,), (12, 11, 10), (6,)]
    state = position(table(3), rows, (50, 50, 50), pending=Pending(Choice.FLIP_THREE, 0, (0, 1, 2)))
    assert decide("hard", state) == ChooseTarget(1)


def test_hard_does_not_hand_three_flips_to_a_rival_one_number_from_a_flip_seven():
    # six numbers: three flips are more likely to end the round with a Flip 7 than to bust;
    # with a single card of its own, the bot is better off taking the three flips itself
    rows = [(5,), (1, 2, 3, 4, 6, 7), (6,)]
    state = position(table(3), rows, (50, 50, 50), pending=Pending(Choice.FLIP_THREE, 0, (0, 1, 2)))
    assert decide("hard", state) == ChooseTarget(0)


def test_hard_freezes_the_rival_with_most_to_gain():
    rows = [(5,), (12, 11, 10, 9, 8), (2,)]
    state = position(table(3), rows, (50, 50, 50), pending=Pending(Choice.FREEZE, 0, (0, 1, 2)))
    assert decide("hard", state) == ChooseTarget(2)


def test_hard_gives_a_spare_second_chance_where_it_helps_least():
    rows = [Row(n(5), second_chance=True), (12, 11, 10, 9, 8), (2,)]
    state = position(table(3), rows, (50, 50, 50), pending=Pending(Choice.SECOND_CHANCE, 0, (1, 2)))
    assert decide("hard", state) == ChooseTarget(2)


def test_bots_are_deterministic_and_leave_the_observation_alone():
    state = position(table(3), [(5, 7), (6,), (7,)])
    view = RULES.observe(state, 0)
    for level, factory in BOTS.items():
        first = factory().choose(view, RULES.legal_actions(state), random.Random(4))
        again = factory().choose(view, RULES.legal_actions(state), random.Random(4))
        assert first == again, level
    assert view == RULES.observe(state, 0)


def advise(state):
    seat = RULES.to_move(state)
    legal = RULES.legal_actions(state)
    return BOTS["hard"]().advise(RULES.observe(state, seat), legal, random.Random(0))


def test_hard_advice_in_the_solo_race_counts_rounds():
    advice = advise(position(SOLO, [(12, 8, 5)], (170,)))
    assert advice.action == HIT
    assert (
        advice.reason.startswith("Hit: about ")
        and "rounds still to play if you hit" in advice.reason
    )


def test_hard_advice_at_a_table_quotes_chances_and_names_the_target():
    advice = advise(position(table(3), [(9, 6), (3,), (2,)], (190, 150, 120)))
    assert advice.action == STAY
    assert advice.reason.startswith("Stay: you win about ") and advice.reason.count("%") == 2
    rows = [(5,), (12, 11, 10), (6,)]
    pending = Pending(Choice.FLIP_THREE, 0, (0, 1, 2))
    advice = advise(position(table(3), rows, (50, 50, 50), pending=pending))
    assert advice.action == ChooseTarget(1)
    # the rules' seat word, which the table swaps for the seat's name as it does in the log
    assert advice.reason.startswith("Give the Flip Three to Player 2: ")
