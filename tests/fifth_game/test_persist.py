"""A game of War kept as a save and as a replay reads back as the same match; its options are
validated by its own model, and a save names its progress in War's words."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.core.seats import Seat
from cardtable.persist.options import options_model
from cardtable.persist.records import GameRecord
from cardtable.persist.replays import ReplayStore, load_game
from cardtable.persist.saves import SaveStore
from cardtable.ui.saved import save_title
from tests.fifth_game.layers import SPEC
from tests.fifth_game.rules import WarConfig

SEATS = (Seat("You"), Seat("Revan", "easy"), Seat("Bastila", "easy"))


def played(plies: int | None, seed: int = 8) -> Match:
    match = Match.new(SPEC.rules, SPEC.rules.default_config(len(SEATS)), seed)
    rng = random.Random(seed)
    while not match.is_over and (plies is None or len(match.actions) < plies):
        match.play(pick(match.legal_actions(), rng))
    return match


def test_a_game_half_played_is_saved_and_resumed_where_it_was():
    match = played(7)
    store = SaveStore()
    store.save(GameRecord.of(SPEC, match, SEATS))
    [saved] = store.all()
    assert saved.record.game == "war"
    assert saved.match.state == match.state and saved.match.events == match.events
    assert save_title(saved) == "War · You vs 2× easy · 2 tricks played"


def test_a_finished_game_is_kept_as_a_replay_and_replays_exactly():
    match = played(None)
    path = ReplayStore().keep(GameRecord.of(SPEC, match, SEATS))
    loaded = load_game(path)
    assert not isinstance(loaded, Exception)
    record, again = loaded
    assert record.seat_list == SEATS
    assert again.actions == match.actions and again.state == match.state
    assert again.outcome == match.outcome


def test_the_options_model_builds_the_rules_config_and_refuses_what_does_not_fit():
    model = options_model("war")
    assert model(hand_size="3").to_config(4) == WarConfig(4, 3)
    with pytest.raises(ValueError, match="a hand holds 1 to 10 cards, not 11"):
        model(hand_size=11).to_config(2)  # the rules' config checks what it holds
    with pytest.raises(ValidationError):
        model(jokers=True)
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        model().to_config(5)
