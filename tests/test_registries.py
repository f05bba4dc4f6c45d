"""A game is registered in every layer or in none: a layer that lacks one fails here by name."""

from __future__ import annotations

import pytest

from cardtable.core.registry import Registry
from tests.layers import layer_registries, missing_registrations


def test_every_game_is_registered_in_every_layer():
    assert missing_registrations() == {}


def test_the_layers_list_the_games_in_one_order():
    orders = {layer: list(registry) for layer, registry in layer_registries().items()}
    assert len({tuple(order) for order in orders.values()}) == 1, orders


@pytest.mark.parametrize("layer", list(layer_registries()))
def test_a_game_registered_in_one_layer_alone_is_named_with_the_layers_it_lacks(layer):
    registry = layer_registries()[layer]
    with registry.registered("half-done", object()):
        missing = missing_registrations()
    others = [other for other in layer_registries() if other != layer]
    assert missing == {"half-done": others}
    assert "half-done" not in registry


def test_a_registry_refuses_a_taken_id_and_names_the_known_ones():
    registry: Registry[int] = Registry("a number")
    registry.register("one", 1)
    with pytest.raises(ValueError, match="'one' already has a number"):
        registry.register("one", 2)
    with pytest.raises(KeyError, match="unknown game 'two'; choose from: one"):
        registry["two"]
    assert dict(registry) == {"one": 1}
