"""The hard bot's parts: the match-equity model and the sampled futures."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.games.pazaak.cards import parse_all
from cardtable.games.pazaak.equity import match_equity
from cardtable.games.pazaak.rollout import PlayOut, Spot, Tuning, held, samples, settle


@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (1, 2), (2, 0), (2, 2)])
@pytest.mark.parametrize(("my_hand", "their_hand"), [(4, 4), (3, 1), (0, 2), (2.5, 3)])
def test_equity_is_symmetric_between_the_players(mine, theirs, my_hand, their_hand):
    ours = match_equity(mine, theirs, my_hand, their_hand)
    assert ours == pytest.approx(1 - match_equity(theirs, mine, their_hand, my_hand))


def test_equity_grows_with_sets_and_cards():
    assert match_equity(3, 1, 0, 4) == 1.0 and match_equity(1, 3, 4, 0) == 0.0
    assert match_equity(0, 0, 4, 4) == pytest.approx(0.5)
    by_cards = [match_equity(1, 1, cards, 2) for cards in (0, 1, 2, 3, 4)]
    assert by_cards == sorted(by_cards) and by_cards[0] < 0.3 < 0.7 < by_cards[-1]
    assert match_equity(1, 0, 3, 3) > match_equity(0, 0, 3, 3) > match_equity(0, 1, 3, 3)
    assert match_equity(0, 0, 3.5, 3) == pytest.approx(
        (match_equity(0, 0, 3, 3) + match_equity(0, 0, 4, 3)) / 2
    )


def test_samples_deal_from_a_deck_that_fits_the_cards_played():
    guesses = samples((4,) * 10, 3, parse_all("+5"), 50, random.Random(1))
    beginner_rest = Counter(held(c) for c in parse_all("+1 +2 +3 +4 -1 -2 -3 -4 -5"))
    for guess in guesses:
        assert len(guess.their_hand) == 3 and not Counter(guess.their_hand) - beginner_rest
        assert len(guess.draws) == 18 and all(1 <= r <= 10 for r in guess.draws)


def test_samples_draw_only_unseen_main_cards_and_repeat_for_the_same_rng():
    unseen = (0, 0, 0, 0, 0, 0, 0, 0, 2, 1)
    guesses = samples(unseen, 1, (), 20, random.Random(4))
    assert all(sorted(g.draws) == [9, 9, 10] for g in guesses)
    assert guesses == samples(unseen, 1, (), 20, random.Random(4))
    endless = samples(None, 0, (), 5, random.Random(4))
    assert all(len(g.draws) == 18 and g.their_hand == () for g in endless)


def test_settle_compares_totals_then_a_lone_tiebreaker():
    assert settle([19, 18], [False, False]) == 1
    assert settle([17, 18], [True, False]) == -1
    assert settle([18, 18], [True, False]) == 1
    assert settle([18, 18], [True, True]) == 0


def test_a_play_out_from_a_settled_looking_spot_ends_as_the_rules_say():
    guess = samples((0,) * 9 + (4,), 0, (), 1, random.Random(0))[0]  # only tens left
    playout = PlayOut(Tuning(), (0, 0))
    # the opponent must draw a ten onto 15 and bust: a sure set win for the bot
    spot = Spot([19, 15], [3, 2], [True, False], [False, False], [], 0.0, mover=1)
    assert playout.play(spot, guess) == playout.equity(1, 0.0, 0)
    # the bot draws a ten onto 12 and, holding -2, saves itself on 20
    spot = Spot(
        [12, 18], [2, 2], [False, True], [False, False], [held(parse_all("-2")[0], 0.8)], 0.0, 0
    )
    assert playout.play(spot, guess) == playout.equity(1, 0.0, 0)
