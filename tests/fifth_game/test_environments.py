"""War through PettingZoo's own checks (``api_test``, ``seed_test``) and the environments' suite:
masks equal legal moves, no hidden card in a vector, an episode replays as its match."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from tests.env import test_pettingzoo as suite  # noqa: E402
from tests.fifth_game.layers import SPEC  # noqa: E402

GAME_SPECS = (SPEC,)

globals().update(
    {
        name: test
        for name, test in vars(suite).items()
        if name.startswith("test_")
        and any(mark.name == "every_game" for mark in getattr(test, "pytestmark", ()))
    }
)
