"""The bots' choices in positions with a clear right answer, and their determinism."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.core.bots import bot_rng
from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import parse
from cardtable.games.pazu.actions import STAY, Bid, Pick, SetAnte
from cardtable.games.pazu.bots import BOTS, EasyBot, HardBot, reserve
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import Phase, Status
from tests.games.pazu.helpers import at_turn, board, cards, fresh, play

STOOD = Status.STOOD


def choose(bot, state, seat=None):
    seat = RULES.to_move(state) if seat is None else seat
    return bot.choose(RULES.observe(state, seat), RULES.legal_actions(state), random.Random(1))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bust_is_mended_with_a_hand_card(level):
    state = at_turn([board(10, 9, 6), board(4), board(6)], hands=["+2 -5", "", ""])
    assert choose(BOTS[level](), state) == PlaySide(1, -5)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_twenty_is_taken_when_a_card_makes_it(level):
    state = at_turn(
        [board(10, 7), board(10, 9), board(6)],
        status=[Status.ACTIVE, STOOD, Status.ACTIVE],
        stood_at=[0, 1, 0],
        hands=["+3", "", ""],
    )
    assert choose(BOTS[level](), state) == PlaySide(0, 3)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_nobody_stands_behind_a_standing_player_when_a_draw_is_safe_enough(level):
    state = at_turn(
        [board(10, 2), board(10, 9), board(10, 5, 9)],
        status=[Status.ACTIVE, STOOD, Status.BUST],
        stood_at=[0, 1, 0],
    )
    assert choose(BOTS[level](), state) == END_TURN


def test_easy_stands_on_18_and_draws_below():
    bot = EasyBot()
    assert choose(bot, at_turn([board(10, 8), board(4), board(6)])) == STAND
    assert choose(bot, at_turn([board(10, 7), board(4), board(6)])) == END_TURN


def test_hard_folds_a_set_it_can_hardly_win_rather_than_risk_the_bust_penalty():
    state = at_turn(
        [board(10, 5, 1), board(10, 10), board(10, 10)],
        status=[Status.ACTIVE, STOOD, STOOD],
        stood_at=[0, 1, 2],
        ante=25,
    )
    assert choose(HardBot(), state) == STAND


def test_hard_picks_the_card_worth_most_to_its_hand():
    state, _ = play(replace(fresh(3), revealed=cards("+1 ±5 -9")), Bid(0), Bid(0), Bid(0))
    assert choose(HardBot(), state) == Pick(parse("±5"))


def test_hard_keeps_its_reserve_when_bidding():
    state = replace(fresh(3), chips=(80, 80, 80), revealed=cards("±1 ±6 +10"))
    view = RULES.observe(state, RULES.to_move(state))
    bid = choose(HardBot(), state)
    assert isinstance(bid, Bid) and 0 <= bid.amount <= max(0, 80 - reserve(view))


def test_hard_outbids_an_earlier_zero_for_a_card_clearly_worth_more():
    # ±1 mends and finishes far more totals than ±6 or +10: a chip buys the first pick
    state, _ = play(replace(fresh(3), revealed=cards("±1 ±6 +10")), Bid(0))
    assert choose(HardBot(), state) == Bid(1)


def test_hard_bids_nothing_when_no_card_is_left_to_offer():
    # every shared card may be held twice after many sets (ruling 2): the bid buys only the turn
    state = replace(fresh(3), revealed=())
    assert choose(HardBot(), state) == Bid(0)


def test_easy_bots_play_a_game_without_a_set_limit_to_its_end():
    state = fresh(3, seed=2)
    bots = [EasyBot() for _ in range(3)]
    for ply in range(5_000):
        if RULES.is_over(state):
            break
        seat = RULES.to_move(state)
        action = bots[seat].choose(
            RULES.observe(state, seat), RULES.legal_actions(state), random.Random(ply)
        )
        state, _ = RULES.apply(state, action)
    assert RULES.is_over(state) and state.config.max_sets is None
    assert sum(state.seated) < 2 and state.set_number > 1


def test_hard_bids_nothing_when_every_card_on_offer_is_alike():
    state = replace(fresh(3), revealed=cards("+4 +4 +4"))
    assert choose(HardBot(), state) == Bid(0)


def test_hard_names_a_high_ante_with_a_deep_hand_and_a_low_one_with_a_thin_hand():
    state, _ = play(replace(fresh(3), revealed=cards("+1 ±5 -9")), Bid(5), Bid(0), Bid(0))
    while state.phase is Phase.PICK:
        state, _ = play(state, RULES.legal_actions(state)[0])
    assert choose(HardBot(), state) == SetAnte(25)
    first = RULES.to_move(state)
    thin = list(state.hands)
    thin[first] = thin[first][:1]
    assert choose(HardBot(), replace(state, hands=tuple(thin))) == SetAnte(5)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_stay_between_sets(level):
    state = at_turn(
        [board(10, 9), board(10, 8), board(10, 5, 9)],
        status=[Status.ACTIVE, STOOD, Status.BUST],
        stood_at=[0, 1, 0],
    )
    state, _ = play(state, STAND)
    assert state.phase is Phase.LEAVE
    assert choose(BOTS[level](), state) == STAY


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_choose_the_same_for_the_same_rng(level):
    state = fresh(4, seed=9)
    for _ in range(40):
        if RULES.is_over(state):
            break
        seat = RULES.to_move(state)
        view, legal = RULES.observe(state, seat), RULES.legal_actions(state)
        first = BOTS[level]().choose(view, legal, random.Random(seat))
        assert BOTS[level]().choose(view, legal, random.Random(seat)) == first
        state, _ = RULES.apply(state, first)


def test_hard_turn_advice_quotes_expected_chips():
    """From a game's first turn the hard bot's advice names its move and what it expects."""
    state, _ = RULES.new_game(RULES.default_config(3), 4)
    bot, turns = HardBot(), 0
    for ply in range(200):
        seat = RULES.to_move(state)
        if seat is None or turns >= 3:
            break
        view, legal = RULES.observe(state, seat), RULES.legal_actions(state)
        advice = bot.advise(view, legal, bot_rng(4, seat, ply))
        assert advice.action == bot.choose(view, legal, bot_rng(4, seat, ply))
        if view.phase is Phase.TURN and len(legal) > 1:
            turns += 1
            assert advice.reason.split(":")[0] in {"Stand", "End turn"} or advice.reason.startswith(
                "Play "
            )
        state, _ = RULES.apply(state, advice.action)
    assert turns == 3
