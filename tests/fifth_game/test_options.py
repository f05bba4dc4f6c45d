"""War's options through the suite every game's options pass."""

from __future__ import annotations

from tests.fifth_game.layers import SPEC
from tests.persist.test_game_options import (  # noqa: F401 (collected here, for War)
    test_a_seat_count_the_game_does_not_take_is_refused_by_the_rules_words,
    test_the_options_defaults_make_the_rules_default_config,
)

GAME_SPECS = (SPEC,)
