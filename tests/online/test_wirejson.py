"""The server writes game values as JSON straight from the values (``wirejson``): the very bytes
that encoding them (``codec.encode``) and writing that would give, for every game's views,
events, actions and config, at every point of a game."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.codec import LEAVES_KEPT, encode
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.registry import GAMES
from cardtable.online.wirejson import Moment, dumps


def _same_as_encoded(value: object) -> None:
    assert dumps(value) == orjson.dumps(encode(value))


@pytest.mark.every_game
@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_every_view_event_and_action_is_written_as_encoded(
    game_id: str, seats: int, seed: int
) -> None:
    rules = GAMES[game_id].rules
    match = Match.new(rules, rules.default_config(seats), seed)
    rng = random.Random(seed)
    _same_as_encoded(match.config)
    while True:
        viewers = (*range(rules.seat_count(match.state)), None)
        moment = Moment()  # the views of one moment share their boards, events...
        for seat in viewers:
            view = match.observe(seat)
            _same_as_encoded(view)
            assert moment.dumps(view) == dumps(view)
            _same_as_encoded([rules.event_for(e, seat) for e in match.events[-1]])
        _same_as_encoded(match.legal_actions())
        if match.is_over:
            break
        match.play(pick(match.legal_actions(), rng))
    _same_as_encoded(match.actions)


class Suit(enum.Enum):
    HEARTS = "hearts"
    SPADES = "spades"


@dataclass(frozen=True)
class Card:
    rank: int
    suit: Suit


@dataclass(frozen=True)
class Hand:
    cards: tuple[Card, ...]
    marks: frozenset[int]
    seen: list[Card]


def test_frozensets_lists_and_nested_values_are_written_as_encoded() -> None:
    card = Card(3, Suit.SPADES)
    _same_as_encoded(Hand((card, Card(1, Suit.HEARTS)), frozenset({5, 2, 9}), [card]))
    _same_as_encoded(Hand((), frozenset({Card(2, Suit.HEARTS), card}), []))


def test_a_leaf_is_never_written_as_another_that_had_its_identity() -> None:
    """Leaves are found by identity: one written and dropped leaves its memory (so its id) to
    the next, which must still be written as itself, the cache full or not."""
    for n in range(3 * LEAVES_KEPT):
        assert orjson.loads(dumps(Card(n, Suit.HEARTS))) == {
            "type": "Card",
            "rank": n,
            "suit": "hearts",
        }


def test_what_encode_cannot_write_is_refused_alike() -> None:
    with pytest.raises(TypeError):
        orjson.dumps(encode({1, 2}))
    with pytest.raises(TypeError):
        dumps({1, 2})
