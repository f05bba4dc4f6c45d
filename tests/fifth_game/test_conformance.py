"""War through the games' conformance suite: every test there that runs for each game."""

from __future__ import annotations

from tests.conformance import test_conformance as suite
from tests.fifth_game.layers import SPEC

GAME_SPECS = (SPEC,)

globals().update(
    {
        name: test
        for name, test in vars(suite).items()
        if name.startswith("test_")
        and any(mark.name == "every_game" for mark in getattr(test, "pytestmark", ()))
    }
)


def test_the_registry_states_wars_seat_limits_and_bot_levels_as_its_rules_do():
    suite.test_the_registry_states_each_games_seat_limits_and_bot_levels_as_its_rules_do()
