"""Scripted scenes of the app's main screens, for the screenshot command and snapshot tests.

Each game contributes ``cardtable/tools/shots/<package>.py`` with a ``SHOTS`` tuple; a ``Shot``
builds an app on a fixed seed, drives it with a Textual pilot to the moment worth showing, and the
caller captures the screen (an SVG file, or a snapshot comparison).
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cardtable.games.registry import GAMES

Drive = Callable[[Any], Awaitable[None]]


@dataclass(frozen=True)
class Shot:
    name: str
    #: builds a fresh, deterministic app (fixed seed, no bot pause)
    build: Callable[[], Any]
    #: moves the pilot to the scene; may be a no-op
    drive: Drive
    size: tuple[int, int] = (120, 40)


async def settle(pilot: Any, rounds: int = 3) -> None:
    """Let workers, screen switches and messages finish."""
    for _ in range(rounds):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.05)


def all_shots() -> list[Shot]:
    """The app-wide scenes, then each game's, in registry order."""
    shots: list[Shot] = list(importlib.import_module("cardtable.tools.shots.app").SHOTS)
    for spec in GAMES.values():
        package = spec.rules_path.split(".")[2]
        try:
            module = importlib.import_module(f"cardtable.tools.shots.{package}")
        except ModuleNotFoundError:
            continue
        shots.extend(module.SHOTS)
    return shots
