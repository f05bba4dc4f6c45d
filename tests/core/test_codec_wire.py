"""What an online client decodes: every game's observations and events survive the codec, a union
is rebuilt as the class its data names, and events kept as ``Any`` come back as events."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.core.codec import Decoder, encode
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.registry import GAMES


@dataclass(frozen=True)
class _Won:
    seat: int


@dataclass(frozen=True)
class _Void:
    totals: tuple[int, ...]


@dataclass(frozen=True)
class _View:
    last: _Won | _Void | None
    recent: tuple[Any, ...]


def test_a_union_and_any_decode_by_the_class_name_they_carry() -> None:
    view = _View(last=_Void((20, 20)), recent=(_Won(1), _Void((3,))))
    decoded = Decoder((_View, _Won, _Void)).decode(json.loads(json.dumps(encode(view))))
    assert decoded == view


@pytest.mark.parametrize("game", list(GAMES))
def test_every_view_and_event_of_a_game_survives_the_wire(game: str) -> None:
    rules = GAMES[game].rules
    match = Match.new(
        rules, rules.default_config(min(max(rules.min_seats, 3), rules.max_seats)), 11
    )
    view_type = type(match.observe(None))
    decoder = Decoder((view_type, *rules.event_types, *rules.action_types, rules.config_type))
    rng = random.Random(11)
    for _ in range(60):
        if match.is_over:
            break
        match.play(pick(match.legal_actions(), rng))
        for seat in (None, *range(rules.seat_count(match.state))):
            view = match.observe(seat)
            assert decoder.decode(json.loads(json.dumps(encode(view)))) == view
        for event in match.events[-1]:
            assert decoder.decode(json.loads(json.dumps(encode(event)))) == event
    assert decoder.decode(encode(match.config)) == match.config
