"""Cards: labels, sign choices, the inventory, deck checks and the ready-made decks."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.games.pazaak.cards import (
    DOUBLE,
    FLIP_2_4,
    FLIP_3_6,
    INVENTORY,
    READY_DECKS,
    TIEBREAKER,
    VARIABLE,
    Kind,
    deck_named,
    deck_problem,
    dual,
    label,
    main,
    minus,
    parse,
    parse_all,
    plus,
    side_values,
    signed,
)


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (main(7), "7"),
        (plus(3), "+3"),
        (minus(2), "-2"),
        (dual(4), "±4"),
        (VARIABLE, "±1/2"),
        (FLIP_2_4, "2&4"),
        (FLIP_3_6, "3&6"),
        (DOUBLE, "D"),
        (TIEBREAKER, "±1T"),
    ],
)
def test_every_card_has_a_short_label_that_parses_back(card, text):
    assert label(card) == text
    assert parse(text) == card


def test_a_board_value_shows_its_sign_and_zero_shows_none():
    assert [signed(v) for v in (3, -2, 0)] == ["+3", "-2", "0"]


def test_a_deck_may_hold_every_copy_the_inventory_has_but_no_more():
    at_limit = parse_all("D D ±1T ±1T +1 +1 +1 +1 -1 -1")
    assert deck_problem(at_limit) is None
    over = parse_all("D D D ±1T ±1T +1 +1 +1 +1 -1")
    assert deck_problem(over) == "the deck has 3× D, the inventory only 2"


def test_parse_accepts_plus_minus_for_dual_and_rejects_nonsense():
    assert parse("+-5") == dual(5)
    with pytest.raises(ValueError, match="not a Pazaak card"):
        parse("±x")


@pytest.mark.parametrize(
    ("card", "values"),
    [
        (plus(4), (4,)),
        (minus(4), (-4,)),
        (dual(6), (6, -6)),
        (VARIABLE, (1, -1, 2, -2)),
        (TIEBREAKER, (1, -1)),
        (FLIP_2_4, (0,)),
        (FLIP_3_6, (0,)),
        (DOUBLE, (0,)),
    ],
)
def test_side_values_are_the_sign_choices(card, values):
    assert side_values(card) == values


def test_a_main_card_is_not_a_hand_card():
    with pytest.raises(ValueError, match="main-deck card"):
        side_values(main(5))


def test_inventory_matches_the_rule_text():
    by_kind = Counter()
    for card, copies in INVENTORY.items():
        by_kind[card.kind] += copies
    assert by_kind == {
        Kind.PLUS: 24,
        Kind.MINUS: 24,
        Kind.DUAL: 24,
        Kind.FLIP_2_4: 4,
        Kind.FLIP_3_6: 4,
        Kind.DOUBLE: 2,
        Kind.TIEBREAKER: 2,
        Kind.VARIABLE: 2,
    }
    assert all(INVENTORY[plus(n)] == 4 for n in range(1, 7))


def test_ready_made_decks_are_legal_and_cover_the_required_styles():
    for deck in READY_DECKS.values():
        assert deck_problem(deck.cards) is None, deck.name
    assert {"beginner", "balanced", "gold"} <= set(READY_DECKS)
    assert {c.kind for c in deck_named("beginner").cards} == {Kind.PLUS, Kind.MINUS}
    assert {c.kind for c in deck_named("balanced").cards} == {Kind.DUAL}
    gold = {c.kind for c in deck_named("gold").cards}
    assert {Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE, Kind.TIEBREAKER, Kind.VARIABLE} <= gold


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("+1 +2 +3", "exactly 10 cards, not 3"),
        ("+1 +2 +3 +4 +5 +6 -1 -2 -3 +7", "+7 is not a side card"),
        ("D D D +1 +2 +3 +4 +5 +6 -1", "3× D, the inventory only 2"),
        ("7 +1 +2 +3 +4 +5 +6 -1 -2 -3", "7 is not a side card"),
    ],
)
def test_deck_problem_names_the_reason(text, reason):
    assert reason in deck_problem(parse_all(text))


def test_deck_named_lists_the_choices():
    with pytest.raises(ValueError, match="choose from: balanced"):
        deck_named("nope")
