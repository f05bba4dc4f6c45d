"""The pydantic options model: defaults from RULINGS.md, strict input, a core config out."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardtable.games.pixies.state import PixiesConfig
from cardtable.persist.options.pixies import Options


def test_default_is_the_first_ruling_value():
    assert Options().special_counts_itself is False
    assert Options().to_config(2) == PixiesConfig(seats=2, special_counts_itself=False)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_to_config_carries_seats_and_option(seats):
    config = Options(special_counts_itself=True).to_config(seats)
    assert config == PixiesConfig(seats=seats, special_counts_itself=True)


@pytest.mark.parametrize("seats", [0, 1, 6])
def test_bad_seat_count_is_a_clear_error(seats):
    with pytest.raises(ValueError, match="2 to 5 players"):
        Options().to_config(seats)


def test_unknown_options_are_refused_and_the_model_is_frozen():
    with pytest.raises(ValidationError):
        Options.model_validate({"special_counts_itself": False, "jokers": True})
    options = Options()
    with pytest.raises(ValidationError):
        options.special_counts_itself = True  # type: ignore[misc]


def test_round_trips_through_json():
    options = Options(special_counts_itself=True)
    assert Options.model_validate_json(options.model_dump_json()) == options


def test_core_config_refuses_a_bad_seat_count_too():
    with pytest.raises(ValueError, match="2 to 5 players"):
        PixiesConfig(seats=6)
