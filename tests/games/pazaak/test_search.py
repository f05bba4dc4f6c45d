"""The hard bot's parts: the match-equity model and the sampled futures."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.games.pazaak.bots.chased import ChasedPlayOut
from cardtable.games.pazaak.bots.equity import match_equity
from cardtable.games.pazaak.bots.rollout import (
    PlayOut,
    Sample,
    Spot,
    Tuning,
    flippable_sums,
    held,
    samples,
    settle,
)
from cardtable.games.pazaak.cards import parse_all


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


def _both_ways(spot: Spot, draws: tuple[int, ...]) -> tuple[float, float]:
    """The play-out's value with Flip and Double in play, and without (the medium bot's way)."""
    guess = Sample(draws + (1,) * (18 - len(draws)), ())
    return tuple(  # type: ignore[return-value]
        PlayOut(Tuning(specials=specials), (0, 0)).play(spot, guess) for specials in (True, False)
    )


def test_a_play_out_doubles_a_draw_to_make_20_only_when_specials_are_played():
    playout = PlayOut(Tuning(), (0, 0))
    double = held(parse_all("D")[0], 0.6)
    # they stand on 19; the bot on 6 draws 7 (13), and the next draw would be a ten
    spot = Spot([6, 19], [1, 3], [False, True], [False, False], [double], 0.0, mover=0)
    with_specials, without = _both_ways(spot, (7, 10))
    assert with_specials == playout.equity(1, 0.0, 0)  # the Double makes 20 and wins
    assert without == playout.equity(-1, 0.6, 0)  # the ten busts it, the Double unplayed


def test_a_play_out_flip_undoes_a_bust_and_turns_the_other_board_too():
    playout = PlayOut(Tuning(), (0, 0))
    flip = held(parse_all("2&4")[0], 0.6)
    # the bot's 16 holds a 4, their standing 18 holds a 2; an 8 takes the bot to 24
    spot = Spot(
        [16, 18],
        [3, 3],
        [False, True],
        [False, False],
        [flip],
        0.0,
        mover=0,
        flippable=[[4, 0], [2, 0]],
    )
    with_specials, without = _both_ways(spot, (8,))
    assert with_specials == playout.equity(1, 0.0, 0)  # 24 - 8 = 16 against 18 - 4 = 14
    assert without == playout.equity(-1, 0.6, 0)


def test_flippable_sums_count_what_each_flip_turns_over():
    assert flippable_sums([4, 2, -2, 3, 6, -6, 5, 10, 1]) == [4, 3]
    assert flippable_sums([]) == [0, 0]


def test_a_chased_play_out_solves_the_chase_the_casual_one_plays_by_rule_of_thumb():
    """The bot stands on 17 and the opponent, on 15, holds a +2. A casual chaser lays a card
    only to make 20, so on 16 it draws again and often busts; a careful one lays the +2 for 18
    and wins. The casual play-outs credit the stand with those busts; the solved chase does not."""
    plus2 = held(parse_all("+2")[0])
    guesses = [Sample(g.draws, (plus2,)) for g in samples(None, 0, (), 400, random.Random(5))]
    spot = Spot([17, 15], [3, 2], [True, False], [False, False], [], 0.0, mover=1)
    casual = PlayOut(Tuning(specials=True), (0, 0)).mean(spot, guesses)
    chased = ChasedPlayOut(Tuning(specials=True, chase_ends=True), (0, 0))
    assert chased.mean(spot, guesses[:1]) == pytest.approx(chased.mean(spot, guesses))
    assert chased.mean(spot, guesses) < casual - 0.02
