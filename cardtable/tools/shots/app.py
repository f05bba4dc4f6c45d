"""Scenes of the screens around the games: home."""

from __future__ import annotations

from typing import Any

from cardtable.tools.shots import Shot, settle


def home_app() -> Any:
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.screens.home import HomeScreen

    return CardtableApp(lambda app: HomeScreen(), bot_pause=0)


SHOTS = (Shot("home", home_app, settle, size=(100, 30)),)
