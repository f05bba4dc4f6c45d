"""The rules options model: defaults, seat counts per mode, and what reaches the core."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Flip7Config, Mode
from cardtable.persist.options.flip7 import Options


def test_defaults_are_the_first_values_rulings_list():
    options = Options()
    assert options.mode == "solo"
    assert options.action_cards is True


def test_solo_is_one_seat_and_never_has_action_cards():
    assert Options().to_config(1) == Flip7Config(1, Mode.SOLO, action_cards=False)
    assert Options().to_config(1) == RULES.default_config(1)
    with pytest.raises(ValueError, match="solo challenge is for 1 player, not 2"):
        Options().to_config(2)


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_the_table_game_is_two_to_eight_seats(seats):
    options = Options(mode="table")
    assert options.to_config(seats) == Flip7Config(seats, Mode.TABLE, action_cards=True)
    assert options.to_config(seats) == RULES.default_config(seats)
    off = Options(mode="table", action_cards=False).to_config(seats)
    assert not off.action_cards


@pytest.mark.parametrize("seats", [0, 1, 9])
def test_a_bad_table_seat_count_is_refused_clearly(seats):
    with pytest.raises(ValueError, match=f"table game is for 2 to 8 players, not {seats}"):
        Options(mode="table").to_config(seats)


def test_unknown_fields_and_modes_are_refused_and_options_are_frozen():
    with pytest.raises(ValidationError):
        Options(mode="duel")
    with pytest.raises(ValidationError):
        Options(target=150)
    with pytest.raises(ValidationError):
        Options().mode = "table"


def test_the_core_config_refuses_impossible_combinations():
    with pytest.raises(ValueError, match="^the Flip 7 solo challenge is for 1 player, not 2$"):
        Flip7Config(2, Mode.SOLO, action_cards=False)
    with pytest.raises(ValueError, match="^the solo challenge has no action cards$"):
        Flip7Config(1, Mode.SOLO, action_cards=True)
    with pytest.raises(ValueError, match="^the Flip 7 table game is for 2 to 8 players, not 9$"):
        Flip7Config(9, Mode.TABLE)
