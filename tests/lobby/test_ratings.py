"""Ratings: the Plackett–Luce update, the Elo-like display, provisional marks, and the rebuild."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.online.ratings import (
    NEW_RATING,
    GameResult,
    Rating,
    change_text,
    counts_for_rating,
    places_from_order,
    rate,
    recompute,
)


def test_a_newcomer_shows_1500_provisionally() -> None:
    assert NEW_RATING.display == 1500
    assert NEW_RATING.provisional
    assert NEW_RATING.shown() == "1,500?"


def test_the_winner_gains_and_the_loser_drops_by_the_same_display_amount() -> None:
    winner, loser = rate([(NEW_RATING, 1), (NEW_RATING, 2)])
    assert winner.display > 1500 > loser.display
    assert winner.display - 1500 == 1500 - loser.display
    assert winner.games == loser.games == 1
    assert winner.sigma < NEW_RATING.sigma


def test_tied_players_move_alike() -> None:
    first, tied_a, tied_b = rate([(NEW_RATING, 1), (NEW_RATING, 2), (NEW_RATING, 2)])
    assert tied_a == tied_b
    assert first.mu > tied_a.mu


def test_a_settled_400_point_gap_is_about_ten_to_one() -> None:
    # two settled players 400 display points apart: the favourite gains little for winning
    # and loses a lot for losing (the model's expectation sits near 10:1)
    strong = Rating(mu=25 + 400 / 29.5, sigma=1.0, games=50)
    weak = Rating(mu=25.0, sigma=1.0, games=50)
    assert strong.display - weak.display == pytest.approx(400, abs=3)
    won, _ = rate([(strong, 1), (weak, 2)])
    lost, _ = rate([(strong, 2), (weak, 1)])
    assert (strong.mu - lost.mu) / (won.mu - strong.mu) == pytest.approx(10, rel=0.15)


def test_provisional_until_enough_games_and_certainty() -> None:
    assert Rating(games=20).provisional  # sure of nothing yet: sigma is still the newcomer's
    assert Rating(sigma=5.0, games=4).provisional
    settled = Rating(mu=25.5, sigma=5.0, games=5)
    assert not settled.provisional
    assert settled.shown() == "1,515"


def test_the_change_reads_as_the_result_panel_shows_it() -> None:
    before = Rating(mu=25 + 12 / 29.53, sigma=5, games=9)
    after = Rating(mu=25 + 27 / 29.53, sigma=4.9, games=10)
    assert change_text(before, after) == "1,512 → 1,527 (+15)"
    assert change_text(after, before) == "1,527 → 1,512 (-15)"


def test_the_conservative_rating_orders_a_sure_player_above_a_lucky_one() -> None:
    lucky = Rating(mu=30.0, sigma=8.0, games=1)
    sure = Rating(mu=27.0, sigma=2.0, games=60)
    assert lucky.display > sure.display
    assert sure.conservative > lucky.conservative


@pytest.mark.parametrize("count", [0, 1, 9])
def test_player_counts_outside_two_to_eight_are_refused(count: int) -> None:
    with pytest.raises(ValueError, match="2–8 players"):
        rate([(NEW_RATING, place) for place in range(1, count + 1)])


def test_a_place_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="start at 1"):
        rate([(NEW_RATING, 0), (NEW_RATING, 1)])


def test_leavers_rank_last_and_tie_with_each_other() -> None:
    order = [["ann"], ["bo", "cy"], ["dee"], ["eve"]]
    assert places_from_order(order, leavers=["ann", "dee"]) == [
        ("bo", 1),
        ("cy", 1),
        ("eve", 3),
        ("ann", 4),
        ("dee", 4),
    ]
    assert places_from_order(order) == [("ann", 1), ("bo", 2), ("cy", 2), ("dee", 4), ("eve", 5)]


players = st.sampled_from(["ann", "bo", "cy", "dee", "eve", "fay", "gus", "hal", "ivy"])
games = st.lists(
    st.tuples(
        st.sampled_from(["pazaak", "pazu"]),
        st.lists(players, min_size=2, max_size=8, unique=True),
        st.randoms(use_true_random=False),
    ),
    max_size=25,
)


def recompute_uncapped(results: list[GameResult]) -> dict[tuple[str, str], Rating]:
    """The rebuild with each game on a day of its own, so the pair limit never bites."""
    spread = [GameResult(r.game, f"day {number}", r.places) for number, r in enumerate(results)]
    rebuilt = recompute(spread)
    assert all(rebuilt.counted)
    return rebuilt.ratings


def test_three_games_a_day_count_between_the_same_two_players() -> None:
    results = [GameResult("pazaak", "2026-11-28", (("ann", 1), ("bo", 2)))] * 4
    results.append(GameResult("pazaak", "2026-11-28", (("ann", 1), ("cy", 2))))
    results.append(GameResult("pazaak", "2026-11-29", (("bo", 1), ("ann", 2))))
    results.append(GameResult("pixies", "2026-11-28", (("ann", 1), ("bo", 2))))
    rebuilt = recompute(results)
    assert rebuilt.counted == [True, True, True, False, True, True, True]
    assert rebuilt.ratings[("ann", "pazaak")].games == 5
    assert rebuilt.ratings[("bo", "pazaak")].games == 4


def test_a_table_of_four_stops_counting_once_any_pair_has_met_three_times() -> None:
    earlier = [["ann", "bo", "x"], ["ann", "bo", "y"], ["bo", "ann"]]
    assert not counts_for_rating(["ann", "bo", "cy", "dee"], earlier)
    assert counts_for_rating(["ann", "cy", "dee"], earlier)


@given(games)
def test_recompute_equals_the_ratings_applied_one_game_at_a_time(
    played: list[tuple[str, list[str], object]],
) -> None:
    stored: dict[tuple[str, str], Rating] = {}
    results = []
    for game, seated, rng in played:
        places = [(player, 1 + rng.randrange(len(seated))) for player in seated]  # type: ignore[attr-defined]
        before = [stored.get((player, game), NEW_RATING) for player in seated]
        after = rate([(rating, place) for rating, (_p, place) in zip(before, places, strict=True)])
        stored.update(
            {(player, game): rating for player, rating in zip(seated, after, strict=True)}
        )
        results.append(GameResult(game, "2026-11-28", tuple(places)))
    assert recompute_uncapped(results) == stored
    for (player, game), rating in stored.items():
        assert rating.games == sum(
            1 for result in results if result.game == game and player in dict(result.places)
        )
