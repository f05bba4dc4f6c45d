"""A policy seat at a table: it plays like a bot, and an illegal choice is refused in words."""

from __future__ import annotations

from cardtable.core.seats import Seat
from cardtable.games.registry import get
from cardtable.tools.shots import settle
from cardtable.ui.app import CardtableApp

SPEC = get("flip7")
STAYS = "policy:tests.tools.policies:resigns"


def table_with_policy() -> CardtableApp:
    config = SPEC.options_model(mode="table").to_config(2)
    seats = (Seat("You"), Seat("Agent", STAYS))
    app = CardtableApp(lambda app: app.table_for(SPEC, config, seats, 3), bot_pause=0)
    app.animation_level = "none"
    return app


async def test_an_illegal_policy_move_is_refused_and_changes_nothing():
    async with table_with_policy().run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        messages: list[str] = []
        table.notify = lambda message, **kw: messages.append(message)
        before = table.match.state
        table.think(1, len(table.match.actions))
        await table.workers.wait_for_complete()
        await settle(pilot)
        assert table.match.state == before
        assert any(
            "tests.tools.policies:resigns" in m and "not a legal move" in m for m in messages
        )
