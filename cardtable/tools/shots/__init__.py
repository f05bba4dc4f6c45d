"""Scripted scenes of the app's main screens, for the screenshot command and snapshot tests.

Each game contributes its scenes to ``GAME_SHOTS`` (``cardtable/tools/shots/<package>.py`` with a
``SHOTS`` tuple, imported when the scenes are asked for); a ``Shot`` builds an app on a fixed seed, drives it with a Textual pilot to the moment worth showing, and the
caller captures the screen (an SVG file, or a snapshot comparison).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from textual.widgets import Input
from textual.worker import WorkerCancelled

from cardtable.core.registry import Registry

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
    """Let workers, screen switches and messages finish, and a bot's move land once it has
    decided: a loaded machine may need more than ``rounds`` rounds for that."""
    for done in range(rounds + 100):
        while True:
            try:
                await pilot.app.workers.wait_for_complete()
                break
            except WorkerCancelled:  # a bot's worker ended by the next one: its move is posted
                continue
        await pilot.pause(0.05)
        if done + 1 >= rounds and not bots_thinking(pilot.app):
            break
    await next_refresh(pilot)
    # a blinking cursor would make a capture depend on the clock: hold it steady, shown
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False


async def ask_hint(pilot: Any) -> None:
    """Settle, then press the hint key and let the hard bot's answer show."""
    await settle(pilot)
    await pilot.press("i")
    await settle(pilot)


async def next_refresh(pilot: Any) -> None:
    """Until every screen has laid out and drawn its last change: a table under a result
    panel lays itself out for the panel's place on its own clock."""
    for screen in pilot.app.screen_stack:
        refreshed = asyncio.Event()
        screen.call_after_refresh(refreshed.set)
        await asyncio.wait_for(refreshed.wait(), timeout=10)


def bots_thinking(app: Any) -> bool:
    """Whether a bot at a table on the screen stack is still deciding or its move is on its way."""
    return any(
        getattr(getattr(screen, "session", None), "thinking", None) is not None
        for screen in app.screen_stack
    )


#: game id -> a loader of its scenes
GAME_SHOTS: Registry[Callable[[], tuple[Shot, ...]]] = Registry("screenshot scenes")


def all_shots() -> list[Shot]:
    """The app-wide scenes, then each game's, in registry order."""
    from cardtable.tools.shots import app

    shots = list(app.SHOTS)
    for load in GAME_SHOTS.values():
        shots.extend(load())
    return shots


def _pazaak() -> tuple[Shot, ...]:
    from cardtable.tools.shots.pazaak import SHOTS

    return SHOTS


def _pazu() -> tuple[Shot, ...]:
    from cardtable.tools.shots.pazu import SHOTS

    return SHOTS


def _pixies() -> tuple[Shot, ...]:
    from cardtable.tools.shots.pixies import SHOTS

    return SHOTS


def _flip7() -> tuple[Shot, ...]:
    from cardtable.tools.shots.flip7 import SHOTS

    return SHOTS


GAME_SHOTS.register("pazaak", _pazaak)
GAME_SHOTS.register("pazu-pazaak", _pazu)
GAME_SHOTS.register("pixies", _pixies)
GAME_SHOTS.register("flip7", _flip7)
