"""Each game's options are declared once, in its rules' config: the options model takes its
defaults from there and leaves the config to check itself."""

from __future__ import annotations

import pytest

from cardtable.games.pazaak.state import PazaakConfig
from cardtable.games.pixies.state import PixiesConfig
from cardtable.games.registry import GAMES
from cardtable.persist.options import options_model, rules_default


def chosen_mode(model, seats: int) -> dict[str, str]:
    """A game with modes (Flip 7) is played alone or at a table by the seat count."""
    return {"mode": "solo" if seats == 1 else "table"} if "mode" in model.model_fields else {}


@pytest.mark.every_game
def test_the_options_defaults_make_the_rules_default_config(game_id, seats):
    model = options_model(game_id)
    config = model(**chosen_mode(model, seats)).to_config(seats)
    assert config == GAMES[game_id].rules.default_config(seats)


@pytest.mark.every_game(middle=False)
def test_a_seat_count_the_game_does_not_take_is_refused_by_the_rules_words(game_id, seats):
    spec, model = GAMES[game_id], options_model(game_id)
    too_many = spec.max_seats + 1
    with pytest.raises(ValueError, match=f"not {too_many}"):
        model(**chosen_mode(model, too_many)).to_config(too_many)


def test_a_default_is_read_from_the_rules_config_by_its_name():
    assert rules_default(PixiesConfig, "special_counts_itself") is False
    assert rules_default(PazaakConfig, "opener") == "alternate"  # an enum by its value
    with pytest.raises(ValueError, match="PazaakConfig gives 'decks' no default"):
        rules_default(PazaakConfig, "decks")
