"""War through the checks every game passes for what a seat is told: the server's updates give
a seat nothing of the cards it cannot see, and each log line reads right for every viewer."""

from __future__ import annotations

from tests.fifth_game.layers import SPEC
from tests.online.test_noleak import test_a_seat_cannot_tell_the_hidden_cards_apart  # noqa: F401
from tests.ui.test_event_wording import test_every_event_reads_right_for_every_viewer  # noqa: F401

GAME_SPECS = (SPEC,)
