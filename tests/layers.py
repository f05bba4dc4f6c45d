"""Every layer's registry of games, for the completeness test and for a game registered by tests."""

from __future__ import annotations

from cardtable.core.registry import Registry


def layer_registries() -> dict[str, Registry[object]]:
    """Layer -> its registry of games (importing them all: only tests look at every layer)."""
    from cardtable.env.games import ENV_GAMES
    from cardtable.games.registry import GAMES
    from cardtable.persist.options import OPTIONS
    from cardtable.plain.games import READERS
    from cardtable.tools.shots import GAME_SHOTS
    from cardtable.ui.games import GAME_UIS
    from cardtable.ui.tablescreens import TABLE_SCREENS

    registries: dict[str, Registry[object]] = {
        "rules (cardtable.games.registry)": GAMES,
        "options (cardtable.persist.options)": OPTIONS,
        "blurb, progress and cues (cardtable.ui.games)": GAME_UIS,
        "table and form (cardtable.ui.tablescreens)": TABLE_SCREENS,
        "screenshots (cardtable.tools.shots)": GAME_SHOTS,
        "environment (cardtable.env.games)": ENV_GAMES,
        "plain-text reader (cardtable.plain.games)": READERS,
    }
    return registries


def missing_registrations() -> dict[str, list[str]]:
    """Game id -> the layers it is missing from, for each game some layer has and another lacks."""
    registries = layer_registries()
    every_game = {game for registry in registries.values() for game in registry}
    missing = {
        game: [layer for layer, registry in registries.items() if game not in registry]
        for game in sorted(every_game)
    }
    return {game: layers for game, layers in missing.items() if layers}
