"""The hard bot against a standing total: exact values on positions small enough to work out by
hand, and its advice (a reason quoting those values, built from the observation alone)."""

from __future__ import annotations

import random

import pytest

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.bots.chase import Chase
from cardtable.games.pazaak.bots.hard import HardBot
from cardtable.games.pazaak.bots.rollout import LOSE, VOID, WIN
from cardtable.games.pazaak.cards import parse_all
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import Board
from tests.games.pazaak.helpers import board, position

#: only a 5 and a 10 are left to draw
FIVE_OR_TEN = (0, 0, 0, 0, 1, 0, 0, 0, 0, 1)


def set_odds(result, hand):
    """Price a set as its result alone: the chase then returns plain chances."""
    return {WIN: 1.0, VOID: 0.5, LOSE: 0.0}[result]


def card_kept_is_worth_a_fifth(result, hand):
    return {WIN: 0.8, VOID: 0.4, LOSE: 0.0}[result] + 0.2 * len(hand)


def options(mine: str, theirs: str, hand: str, price, unseen=FIVE_OR_TEN):
    boards: tuple[Board, ...] = (board(mine), board(theirs))
    cards = parse_all(hand)
    legal = tuple(PlaySide(i, v) for i, c in enumerate(cards) for v in (c.amount, -c.amount))
    chase = Chase(0, False, unseen, price)
    return dict(chase.options(boards, cards, False, legal if cards else ()))


def test_a_draw_wins_half_the_time_and_standing_behind_never():
    values = options("10 5", "10 9", "", set_odds)
    assert values[STAND] == 0.0 and values[END_TURN] == pytest.approx(0.5)


def test_a_minus_card_saves_the_bust_and_its_cost_is_priced():
    values = options("10 5", "10 9", "±5", set_odds)
    assert values[END_TURN] == pytest.approx(1.0)  # a 10 busts to 25, -5 brings it back to 20
    values = options("10 5", "10 9", "±5", card_kept_is_worth_a_fifth)
    assert values[END_TURN] == pytest.approx(0.5 * 1.0 + 0.5 * 0.8)
    assert values[PlaySide(0, 5)] == pytest.approx(0.8)  # 20 now, the card gone


def test_a_level_total_is_a_void_and_ahead_is_a_win():
    assert options("10 9", "10 9", "", set_odds)[STAND] == 0.5
    assert options("10 9", "10 8", "", set_odds)[STAND] == 1.0


def test_a_ninth_card_at_20_or_less_wins():
    values = options("1 1 1 1 1 1 1 2", "10 9", "", set_odds)  # 9 on eight cards
    assert values[END_TURN] == pytest.approx(1.0)


def test_hard_advice_quotes_its_values_and_names_the_standing_total():
    state = position("10 5", "10 9", hands=("±5 ±2", "±1 ±3"), standing=(False, True))
    view = RULES.observe(state, 0)
    advice = HardBot().advise(view, RULES.legal_actions(state), random.Random(1))
    assert advice.action == PlaySide(0, 5)  # 20 now beats drawing on from 15
    assert advice.reason.startswith("Play ±5 as +5: they stand on 19; you win the match ")
    assert advice.reason.endswith("if you end the turn")
    assert advice.reason.count("%") == 2 and "\n" not in advice.reason


def test_hard_advice_depends_on_the_observation_only():
    """Their hand and the order of the main deck are redealt: the advice cannot change."""
    state = position("10 3", "10 4", hands=("±4 -5 ±1T", "±1 ±3 D"))
    redealt = RULES.redeal_hidden(state, 0, random.Random(5))
    assert RULES.observe(redealt, 0) == RULES.observe(state, 0)
    assert redealt.hands[1] != state.hands[1] or redealt.deck != state.deck
    advise = [
        HardBot().advise(RULES.observe(s, 0), RULES.legal_actions(s), random.Random(3))
        for s in (state, redealt)
    ]
    assert advise[0] == advise[1] and advise[0].reason


def test_a_later_turn_doubles_its_draw_to_make_20():
    # against a standing 19 from 5, drawing only fives and tens: a 5 then a 5 doubled makes 20
    assert options("3 2", "10 9", "", set_odds)[END_TURN] == pytest.approx(0.625)
    assert options("3 2", "10 9", "D", set_odds)[END_TURN] == pytest.approx(0.75)


def test_a_later_turn_flip_undoes_a_bust_and_drags_the_standing_total_down():
    only_tens = (0,) * 9 + (1,)
    # 16 holding a 4 and a 2 draws a ten: 26, flipped to 14, while their 19 with a 4 falls to 11
    values = options("10 4 2", "10 4 5", "2&4", set_odds, unseen=only_tens)
    assert values[END_TURN] == pytest.approx(1.0)
    assert options("10 4 2", "10 4 5", "", set_odds, unseen=only_tens)[END_TURN] == 0.0
