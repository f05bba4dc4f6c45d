"""Actions and configs survive JSON; bad data is refused with a reason, never eval'd."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass

import pytest

from cardtable.core.codec import LEAVES_KEPT, Decoder, encode


class Sign(enum.Enum):
    PLUS = "+"
    MINUS = "-"


@dataclass(frozen=True)
class Card:
    value: int
    sign: Sign


@dataclass(frozen=True)
class Play:
    index: int
    card: Card
    note: str | None = None
    cards: tuple[Card, ...] = ()
    seen: frozenset[int] = frozenset()


def test_round_trip_through_json():
    action = Play(2, Card(3, Sign.MINUS), None, (Card(1, Sign.PLUS),), frozenset({3, 1}))
    data = json.loads(json.dumps(encode(action)))
    assert data["type"] == "Play"
    assert Decoder([Play]).decode(data) == action


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"type": "Nope"}, "unknown type"),
        ({"index": 1}, "expected an object with a 'type'"),
        ({"type": "Play", "card": {"value": 1, "sign": "+"}}, "missing 'index'"),
        ({"type": "Play", "index": "2", "card": {"value": 1, "sign": "+"}}, "expected int"),
        ({"type": "Play", "index": True, "card": {"value": 1, "sign": "+"}}, "expected int"),
        ({"type": "Play", "index": 1, "card": [1]}, "expected an object"),
    ],
)
def test_bad_data_is_refused_with_a_reason(data, fragment):
    with pytest.raises(ValueError, match=fragment):
        Decoder([Play]).decode(data)


def test_bad_enum_value_is_refused():
    with pytest.raises(ValueError):
        Decoder([Play]).decode({"type": "Play", "index": 1, "card": {"value": 1, "sign": "?"}})


@dataclass(frozen=True)
class Chip:
    """Shaped as ``Card`` but another class: its values never share a card's form."""

    value: int
    sign: Sign


def test_a_leaf_is_encoded_once_and_never_stands_for_another_class() -> None:
    """A card (frozen, every field plain or an enum) is a leaf: its form is made once and
    shared by every view that holds it; a board (it holds cards) is made afresh each time."""
    card = Card(3, Sign.MINUS)
    first, again = encode(Play(0, card, cards=(card,))), encode(Play(1, Card(3, Sign.MINUS)))
    assert first["card"] is first["cards"][0] is again["card"]
    assert first["card"] == {"type": "Card", "value": 3, "sign": "-"}
    assert encode(Chip(3, Sign.MINUS)) == {"type": "Chip", "value": 3, "sign": "-"}
    assert encode(Play(0, card)) is not encode(Play(0, card))


def test_a_leaf_is_never_taken_for_another_that_had_its_identity() -> None:
    """Leaves are found by identity first: one made, encoded and dropped leaves its memory (and
    so its id) to the next, which must still be encoded as itself, caches full or not."""
    for n in range(3 * LEAVES_KEPT):
        assert encode(Card(n, Sign.PLUS)) == {"type": "Card", "value": n, "sign": "+"}
    card = Card(7, Sign.MINUS)
    assert encode(card) is encode(card) is encode(Card(7, Sign.MINUS))


@dataclass(frozen=True)
class Tally:
    counts: tuple[int, ...]
    signs: tuple[Sign, ...]
    maybe: tuple[bool, ...] | None = None


def test_a_tuple_typed_as_plain_values_is_written_as_their_list() -> None:
    """A field typed as a tuple of plain values is written as their list without a walk; a
    tuple of enums is still walked into their values."""
    tally = Tally((3, 0, 2), (Sign.PLUS, Sign.MINUS), (True,))
    assert encode(tally) == {
        "type": "Tally",
        "counts": [3, 0, 2],
        "signs": ["+", "-"],
        "maybe": [True],
    }
    assert Decoder([Tally]).decode(json.loads(json.dumps(encode(tally)))) == tally
