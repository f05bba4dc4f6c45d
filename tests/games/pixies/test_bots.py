"""Bot choices in set positions, and that they repeat exactly for the same rng."""

from __future__ import annotations

import pytest

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.games.pixies.actions import KeepNew, PlaceFaceDown, Take
from cardtable.games.pixies.bots import BOTS, EasyBot, HardBot, unseen
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import PixiesConfig

from .helpers import grid, make_state

EMPTY = grid()


def decide(bot, state, seed=0):
    seat = RULES.to_move(state)
    return bot.choose(
        RULES.observe(state, seat), RULES.legal_actions(state), bot_rng(seed, seat, 0)
    )


def test_every_level_is_registered():
    assert set(BOTS) == {"easy", "medium", "hard"}
    assert all(BOTS[level]().level == level for level in BOTS)


def test_hard_spends_five_times_medium_and_keeps_its_time_at_bigger_tables():
    """Issue 16: the budget is what made hard stronger; medium is the old hard, unscaled."""
    hard, medium = BOTS["hard"](), BOTS["medium"]()
    assert hard.budget(2) == 5 * medium.budget(2) == 1000
    assert hard.budget(4) == hard.budget(2) // 2 and medium.budget(4) == medium.budget(2)


def test_hard_advises_with_a_reason_in_plain_words():
    mine = grid(up={1: "B1+6"}, down={9: "Y3"})
    state = make_state((mine, EMPTY), "G2+3 R9", (0, 1))
    seat = RULES.to_move(state)
    advice = HardBot(rollouts=40).advise(
        RULES.observe(state, seat), RULES.legal_actions(state), bot_rng(0, seat, 0)
    )
    assert advice.action == Take(1)
    assert advice.reason.startswith("Take the 9, face-up on space 9: +")
    assert "your nearest rival" in advice.reason and "\n" not in advice.reason


@pytest.mark.parametrize("bot", [EasyBot(), HardBot(rollouts=60)], ids=["easy", "hard"])
def test_takes_the_card_that_validates_a_nine(bot):
    mine = grid(up={1: "B1+6"}, down={9: "Y3"})
    state = make_state((mine, EMPTY), "G2+3 R9", (0, 1))
    assert decide(bot, state) == Take(1)


def test_easy_keeps_the_card_worth_more_face_up():
    mine = grid(up={5: "B5-2"})
    state, _ = RULES.apply(make_state((mine, EMPTY), "G5", (0, 1)), Take(0))
    assert decide(EasyBot(), state) == KeepNew()


def test_hard_picks_a_legal_face_down_space_and_repeats_itself():
    mine = grid(up={5: "G5"}, down={5: "R5"})
    state, _ = RULES.apply(make_state((mine, EMPTY), "Y5 B8-3 R1+3 G6-1", (0, 1, 0, 1)), Take(0))
    bot = HardBot(rollouts=90)
    choice = decide(bot, state, seed=4)
    assert isinstance(choice, PlaceFaceDown) and choice in RULES.legal_actions(state)
    assert decide(HardBot(rollouts=90), state, seed=4) == choice


def test_unseen_pool_is_the_deck_and_the_face_down_cards():
    mine = grid(up={5: "G5"}, down={5: "R5", 7: "B9-6"})
    state = make_state((mine, EMPTY), "Y2+2", (0, 1))
    pool = unseen(RULES.observe(state, 1))
    assert sorted(pool) == sorted(state.deck + (mine.down[4], mine.down[6]))


@pytest.mark.parametrize("seats", [2, 4])
def test_a_game_between_bots_repeats_exactly(seats):
    def play():
        bots = [HardBot(rollouts=12) if s % 2 else EasyBot() for s in range(seats)]
        match = Match.new(RULES, PixiesConfig(seats), 9)
        while not match.is_over:
            seat = match.to_move
            rng = bot_rng(9, seat, len(match.actions))
            match.play(bots[seat].choose(match.observe(seat), match.legal_actions(), rng))
            match.take_chance_steps()
        return match.actions

    assert play() == play()
