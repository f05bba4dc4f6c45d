"""The hard bot while both players draw: the duel search on positions small enough to work out
by hand (one rank left to draw), so a broken rule or a broken opponent model changes a value."""

from __future__ import annotations

import random

import pytest

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import parse_all
from cardtable.games.pazaak.duel import Duel, Model, TheirCards, duel_options
from cardtable.games.pazaak.expert import Expert, HardBot
from cardtable.games.pazaak.rollout import LOSE, VOID, WIN
from cardtable.games.pazaak.rules import RULES
from tests.games.pazaak.helpers import position

ONLY_FIVES = [(5, 1.0)]


def set_odds(result, hand, their_cards):
    """Price a set as its result alone, so values are plain chances."""
    return {WIN: 1.0, VOID: 0.5, LOSE: 0.0}[result]


def duel(hand: str = "", theirs: list | None = None, draws=ONLY_FIVES) -> Duel:
    return Duel(draws, parse_all(hand), set_odds, TheirCards(theirs or []), Model())


def test_standing_low_loses_to_a_chase_and_drawing_on_ties():
    # 15 against 10, only fives: standing, they draw 15 then 20 and win; drawing on, they stop
    # on 15 (below 18), the bot draws to 20 and they can only tie it
    d = duel()
    assert d.stood(15, 0, False, 10, 1, 0, False) == 0.0
    assert d.their_draw(15, 2, 0, False, 10, 1, 0, False) == 0.5


def test_the_model_chases_with_a_hand_card_and_saves_its_bust():
    # the bot stands on 17; they draw 5 onto 13 = 18 and win at once
    assert duel().stood(17, 0, False, 13, 2, 0, False) == 0.0
    # on 9 they draw to 14, still behind, and draw again to 19
    assert duel().stood(17, 0, False, 9, 2, 0, False) == 0.0
    # from 12 they reach 17 and a +3 in every guess makes it 20; without it they draw to 22
    plus3 = [[((3,), False)]]
    assert duel(theirs=plus3).stood(19, 0, False, 12, 2, 1, False) == 0.0
    assert duel().stood(19, 0, False, 12, 2, 0, False) == 1.0
    # half the guesses hold a -2: from 17 they draw to 22 and save on 20 only with it
    half = [[((-2,), False)], [((1,), False)]]
    assert duel(theirs=half).stood(19, 0, False, 17, 2, 1, False) == pytest.approx(0.5)


def test_a_tie_goes_to_a_lone_tiebreaker():
    # they reach 18 from 13 and stop level with the bot: a void
    assert duel().stood(18, 0, False, 13, 2, 0, False) == 0.5
    # a Tiebreaker played this set by one of them decides the tie
    assert duel().stood(18, 0, True, 13, 2, 0, False) == 1.0
    assert duel().stood(18, 0, False, 13, 2, 0, True) == 0.0


def test_the_bot_plays_a_double_on_its_later_draw():
    # fives and tens left, the bot on 10, they on 15. A 10 makes 20 (then they tie or bust:
    # 0.75). A 5 makes 15: the Double turns it into that 20; without it, standing on 15 is
    # 0.5 and drawing on 0.625 (they bust, or make 20 and the bot ties it half the time)
    five_or_ten = [(5, 0.5), (10, 0.5)]
    assert duel("D", draws=five_or_ten).my_draw(10, 1, 1, False, 15, 2, 0, False) == 0.75
    assert duel(draws=five_or_ten).my_draw(10, 1, 0, False, 15, 2, 0, False) == 0.6875


def test_the_bot_chases_a_standing_total_exactly():
    assert duel().chase(10, 1, 0, False, 18, 0, False) == 1.0  # 15, then 20
    assert duel().chase(12, 1, 0, False, 18, 0, False) == 0.0  # 17, then 22


def test_hard_advice_while_both_draw_names_the_move_and_its_values():
    state = position(
        "10 5", "10", hands=("±2 +5", "±1 ±2 ±3"), config=RULES.default_config(2), sets_won=(2, 2)
    )
    view = RULES.observe(state, 0)
    advice = HardBot().advise(view, RULES.legal_actions(state), random.Random(3))
    assert advice.action == PlaySide(1, 5)
    assert advice.reason.startswith("Play +5: they are still drawing on 10; you win the match")


def test_options_cover_standing_drawing_and_each_distinct_play():
    state = position(
        "10 7", "10 2", hands=("±3 ±3 D", "±1"), config=RULES.default_config(2), sets_won=(2, 2)
    )
    view = RULES.observe(state, 0)
    pricer = HardBot()._pricer(view)
    valued = dict(
        duel_options(view, RULES.legal_actions(state), pricer, Expert(), random.Random(1))
    )
    # ±3 twice is one card in two ways; Double makes the 7 a 14: 24, a bust, so left out
    assert set(valued) == {STAND, END_TURN, PlaySide(0, 3), PlaySide(0, -3)}
    assert valued[PlaySide(0, 3)] == max(valued.values())
