"""A session's news reaches its table in the table's own message loop.

Textual sends a pushed box's answer to the message loop that pushed it. Online, news comes
from a websocket task begun on the lobby screen, which is gone by then: run there, the set
result box of an online match closed and nothing went on (found by the browser-vs-terminal test).
"""

from __future__ import annotations

import asyncio

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.calling import OwnLoop
from tests.waits import until

PAZAAK = GAMES["pazaak"]


def pazaak_app() -> CardtableApp:
    seats = (Seat("You"), Seat("Revan", "easy"))
    config = PAZAAK.rules.default_config(2)
    return CardtableApp(lambda app: app.table_for(PAZAAK, config, seats, 4), bot_pause=0)


async def test_news_from_another_loop_runs_in_the_tables_loop_and_boxes_answer_it():
    async with pazaak_app().run_test(size=(120, 40)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        loops, answers = [], []
        dispatch = OwnLoop(table)  # made on the app's thread, as the table makes its own at mount

        def news() -> None:
            loops.append(asyncio.current_task())
            box = ResultScreen("A set is over", "", (("next", "Next set"),))
            pilot.app.push_screen(box, answers.append)

        pilot.app.call_later(dispatch, news)  # from the app's loop, not the table's
        await until(lambda: loops, "the news to be told", pilot=pilot)
        assert loops == [table.task]
        await pilot.press("enter")
        await pilot.pause()
        assert answers == ["next"]
