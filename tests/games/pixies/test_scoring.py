"""Round scoring: validated numbers, symbols, special cards and the largest colour zone."""

from __future__ import annotations

import pytest

from cardtable.games.pixies.cards import Colour
from cardtable.games.pixies.scoring import breakdown, round_score

from .helpers import grid


def score(g, zone_value=2, counts_itself=False):
    parts = breakdown(g.up, g.down, zone_value, counts_itself)
    assert round_score(g.up, g.down, zone_value, counts_itself) == parts.total
    return parts


def test_rulebook_example_scores_forty():
    """pixies.md §8.4: validated 1, 5, 7, 8 = 21; 10 spirals + 5 special - 4 crosses; 4 blue × 2."""
    g = grid(
        up={1: "B1+6", 2: "B2+4", 3: "✱3", 4: "B4★", 5: "G5", 7: "G7", 8: "B8-3", 9: "B9-1"},
        down={1: "R9", 5: "R8", 7: "R6", 8: "R4"},
    )
    parts = score(g)
    assert parts.validated == 1 + 5 + 7 + 8 == 21
    assert (parts.spirals, parts.specials, parts.crosses) == (10, 5, 4)
    assert parts.spirals + parts.specials - parts.crosses == 11
    assert (parts.zone_size, parts.zone_value, parts.zone) == (4, 2, 8)
    assert parts.zone_cells == (1, 2, 3, 4)
    assert parts.zone_colour is Colour.BLUE
    assert parts.total == 40


def test_only_validated_cards_score_their_number():
    g = grid(up={9: "R9", 8: "R8"}, down={9: "G1+5"})
    parts = score(g)
    assert parts.validated == 9


def test_face_down_cards_score_nothing():
    g = grid(down={1: "B1+6", 2: "B2+4", 3: "B3+3"})
    assert score(g).total == 0


def test_symbols_count_on_every_face_up_card_validated_or_not():
    g = grid(up={1: "G1+5", 9: "B9-6"})
    parts = score(g)
    assert (parts.spirals, parts.crosses, parts.total) == (5, 6, -1)


def test_special_counts_other_face_up_cards_of_its_colour_validated_or_not():
    g = grid(up={5: "Y5★", 1: "Y1+4", 9: "Y9-2", 6: "R6"}, down={9: "B7-3", 3: "Y3"})
    assert score(g).specials == 2


def test_multicolour_cards_count_for_a_special_of_any_colour():
    g = grid(up={5: "R5★", 2: "✱2", 7: "✱7-1", 1: "R1+3"})
    assert score(g).specials == 3


def test_special_does_not_count_itself_by_default_but_may_by_option():
    g = grid(up={5: "R5★", 1: "R1+3"})
    assert score(g).specials == 1
    assert score(g, counts_itself=True).specials == 2


def test_two_specials_of_one_colour_count_each_other():
    g = grid(up={4: "B4★", 5: "B5★"})
    assert score(g).specials == 2


def test_a_lone_card_is_no_zone():
    g = grid(up={1: "B1+6", 9: "G9-4"})
    parts = score(g)
    assert parts.zone_size == 0 and parts.zone_cells == () and parts.zone_colour is None


def test_zone_needs_orthogonal_not_diagonal_neighbours():
    g = grid(up={1: "B1+6", 5: "B5", 9: "B9-1"})
    assert score(g).zone == 0


def test_multicolour_joins_and_bridges_a_zone():
    g = grid(up={1: "G1+5", 2: "✱2", 3: "G3+2"})
    parts = score(g, zone_value=3)
    assert (parts.zone_size, parts.zone, parts.zone_colour) == (3, 9, Colour.GREEN)


def test_multicolour_can_join_two_colours_but_only_the_largest_zone_scores():
    g = grid(up={1: "B1+6", 2: "✱2", 3: "R3+4", 6: "R6", 9: "R9"})
    parts = score(g)
    assert parts.zone_size == 4
    assert parts.zone_cells == (2, 3, 6, 9)
    assert parts.zone_colour is Colour.RED


def test_two_multicolour_cards_alone_make_a_zone():
    g = grid(up={2: "✱2", 3: "✱3"})
    parts = score(g)
    assert (parts.zone_size, parts.zone_colour) == (2, Colour.MULTI)
    # a plain card elsewhere on the grid, outside the zone, does not colour it
    g = grid(up={4: "✱2", 5: "✱3", 3: "B1+6"})
    parts = score(g)
    assert (parts.zone_cells, parts.zone_colour) == ((4, 5), Colour.MULTI)


def test_face_down_cards_break_a_zone():
    g = grid(up={1: "B1+6", 3: "B3+1"}, down={2: "B2+4"})
    assert score(g).zone == 0


def test_a_validated_card_counts_in_its_zone():
    g = grid(up={1: "B1+6", 2: "B2+4"}, down={2: "R9"})
    assert score(g).zone_size == 2


@pytest.mark.parametrize(("zone_value", "points"), [(2, 6), (3, 9), (4, 12)])
def test_zone_value_rises_each_round(zone_value, points):
    g = grid(up={4: "Y4+3", 5: "Y5", 6: "Y6"})
    assert score(g, zone_value=zone_value).zone == points


def test_equal_zones_outline_the_first_colour_in_order():
    g = grid(up={1: "R1+3", 2: "R2+5", 7: "B7-3", 8: "B8-3"})
    parts = score(g)
    assert parts.zone_colour is Colour.BLUE and parts.zone_cells == (7, 8)


@pytest.mark.parametrize(
    "spaces",
    [
        (1, 2, 3, 4, 6),  # an arch: down both sides from the top row
        (1, 2, 5, 8, 7),  # a hook: across, down the middle, left along the bottom
    ],
)
def test_a_winding_zone_counts_every_card_in_it(spaces):
    blues = ("B1+6", "B2+4", "B3+3", "B3+1", "B4+1")
    parts = score(grid(up=dict(zip(spaces, blues, strict=True))))
    assert parts.zone_size == 5 and parts.zone_cells == tuple(sorted(spaces))


def test_of_two_equal_zones_the_one_with_the_lowest_space_counts():
    parts = score(grid(up={1: "B1+6", 4: "B2+4", 3: "B3+3", 6: "B3+1"}))
    assert parts.zone_size == 2 and parts.zone_cells == (1, 4)
