"""``cardtable sim --ratings``: levels placed on the rating scale by self-play through the
Plackett–Luce update that rated games use, and the new-game form showing the figures."""

from __future__ import annotations

from cardtable.core.protocol import Outcome
from cardtable.games.levelratings import LEVEL_RATINGS, level_rating
from cardtable.games.registry import GAMES
from cardtable.online.ratings import DISPLAY_PER_MU, NEW_RATING, Rating
from cardtable.tools.levelratings import places, rate_levels, seatings, spread, table_size
from cardtable.ui.screens.newgame import bot_label


def test_places_put_the_winners_first_then_the_rest_by_score_with_ties_sharing():
    outcome = Outcome(winners=(2,), scores=(5.0, 9.0, 9.0, 5.0))
    assert places(outcome) == [3, 2, 1, 3]
    shared = Outcome(winners=(0, 1), scores=(3.0, 3.0, 1.0))
    assert places(shared) == [1, 1, 3]


def test_every_table_seats_levels_the_game_has_and_each_level_sits_in_every_chair():
    for spec in GAMES.values():
        tables = seatings(spec)
        size = table_size(spec)
        assert tables and all(len(t) == size for t in tables)
        assert spec.min_seats <= size <= spec.max_seats
        for chair in range(size):
            assert {t[chair] for t in tables} == set(spec.levels)
    pazu = GAMES["pazu-pazaak"]
    assert all(set(t) == {"easy", "hard"} for t in seatings(pazu))  # three seats, two levels


def test_self_play_rates_the_stronger_level_higher_and_repeats_exactly():
    ratings = rate_levels("flip7", 90, 3, 1, lambda n: None)
    assert ratings["hard"].display > ratings["easy"].display
    assert all(r.games == 90 for r in ratings.values())
    assert rate_levels("flip7", 90, 3, 1, lambda n: None) == ratings


def test_the_rating_table_rates_every_level_of_every_game():
    assert set(LEVEL_RATINGS) == set(GAMES)
    for game_id, ratings in LEVEL_RATINGS.items():
        assert set(ratings) == set(GAMES[game_id].levels)
        assert level_rating(game_id, GAMES[game_id].levels[-1]) is not None
    assert level_rating("pazaak", "no such level") is None


def test_the_new_game_form_names_a_bot_with_its_rating():
    rating = level_rating("flip7", "hard")
    assert rating is not None
    assert bot_label("flip7", "hard") == f"bot: hard ≈ {rating:,}"
    assert bot_label("flip7", "policy-bot") == "bot: policy-bot"


def test_the_printed_table_gives_each_rating_its_uncertainty_in_points():
    settled = Rating(mu=30.0, sigma=1.5, games=600)
    assert spread(settled) == round(1.5 * DISPLAY_PER_MU)
    assert spread(NEW_RATING) > spread(settled)
