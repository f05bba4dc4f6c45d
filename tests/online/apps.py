"""Textual apps at an online Pazaak table, driven through Pilot as steady players would."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.online.remote import RemoteSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.handplay import SignPicker
from cardtable.ui.tables.pazaak.table import Table
from tests.online.conftest import Running, until


def table_of(app: CardtableApp) -> Table | None:
    """The app's table, once it is on the screen (a screen is on the stack before it mounts)."""
    return next((s for s in app.screen_stack if isinstance(s, Table) and s.is_mounted), None)


def needs_key(app: CardtableApp) -> bool:
    """Whether this app waits for its player: a set's result box, a sign to pick, or their
    turn (the match's own result box waits for the test to choose what comes next)."""
    table = table_of(app)
    if table is None:
        return False
    screen = app.screen
    if isinstance(screen, ResultScreen):
        return not table.session.is_over
    return isinstance(screen, SignPicker) or (screen is table and table.my_turn)


def shows_final_result(app: CardtableApp) -> bool:
    table = table_of(app)
    return table is not None and table.session.is_over and isinstance(app.screen, ResultScreen)


async def step(pilot: Any, stand_at: int = 17) -> None:
    """One key as a steady player would press it: stand on ``stand_at`` or more (a hasty
    player's 0 ends a match in a few keys), else end the turn."""
    app, table = pilot.app, table_of(pilot.app)
    screen = app.screen
    if isinstance(screen, ResultScreen):
        await pilot.press("enter")
    elif isinstance(screen, SignPicker):
        await pilot.press("1")
    elif table is not None and table.my_turn:
        total = table.session.observe().boards[table.viewer].total
        await pilot.press("s" if stand_at <= total <= 20 else "e")
    await pilot.pause()


async def play_match(pilots: tuple[Any, ...], stand_at: int = 17, moves: int = 400) -> None:
    """Press keys for each player until every app shows the match's result box."""
    for _ in range(moves):
        if all(shows_final_result(p.app) for p in pilots):
            return
        await until(
            lambda: any(needs_key(p.app) or shows_final_result(p.app) for p in pilots),
            "a player's turn",
        )
        for pilot in pilots:
            if needs_key(pilot.app):
                await step(pilot, stand_at)
    session = table_of(pilots[0].app)
    pytest.fail(f"the match did not finish: at move {session and session.session.ply}")


#: Ann opens a Pazaak table for two people
ANN_HOSTS = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "Ann"}


async def joiner(server: Running, host: RemoteSession, name: str = "Bob") -> RemoteSession:
    """``name``'s session at ``host``'s table, once the server has given it an invite code."""
    await until(lambda: bool(host.invite), "the invite code")
    return server.session("pazaak", {"type": "join", "code": host.invite, "name": name})
