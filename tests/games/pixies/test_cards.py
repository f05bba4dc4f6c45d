"""The deck as built matches the checks pixies-cards.md lists."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.games.pixies.cards import DECK, PLAIN_COLOURS, Colour

COLOURS = (*PLAIN_COLOURS, Colour.MULTI)


def _per_colour(measure) -> dict[Colour, int]:
    return {colour: sum(measure(c) for c in DECK if c.colour is colour) for colour in COLOURS}


def test_seventy_cards_with_ids_in_order():
    assert len(DECK) == 70
    assert [card.id for card in DECK] == list(range(70))


@pytest.mark.parametrize(
    ("measure", "expected"),
    [
        (lambda c: 1, (16, 16, 16, 16, 6)),
        (lambda c: c.spirals, (16, 15, 15, 14, 0)),
        (lambda c: c.crosses, (16, 15, 14, 13, 3)),
        (lambda c: c.special, (2, 2, 2, 2, 0)),
    ],
    ids=["cards", "spirals", "crosses", "specials"],
)
def test_per_colour_counts(measure, expected):
    counts = _per_colour(measure)
    assert tuple(counts[colour] for colour in COLOURS) == expected


def test_totals_over_the_deck():
    assert sum(c.spirals for c in DECK) == 60
    assert sum(c.crosses for c in DECK) == 61
    assert sum(c.special for c in DECK) == 8


def test_cards_per_number():
    counts = Counter(card.number for card in DECK)
    assert [counts[n] for n in range(1, 10)] == [5, 6, 8, 10, 12, 10, 8, 6, 5]


def test_special_cards_carry_no_printed_symbols_and_no_multicolour():
    for card in DECK:
        if card.special:
            assert card.spirals == card.crosses == 0
            assert card.colour is not Colour.MULTI
        assert not (card.spirals and card.crosses)


def test_every_colour_has_a_letter_or_shape():
    assert [c.letter for c in COLOURS] == ["B", "G", "Y", "R", "✱"]
    assert len({card.label for card in DECK}) == 70
