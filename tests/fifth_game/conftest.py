"""The fifth game is registered in every layer while this package's tests run, and taken away
after them, so no other test ever meets it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fifth_game.layers import SPEC, registered_everywhere

#: the conformance suites' cases: War at its smallest, middle and largest table
GAME_SPECS = (SPEC,)


@pytest.fixture(scope="package", autouse=True)
def war_in_every_layer() -> Iterator[None]:
    with registered_everywhere():
        yield
