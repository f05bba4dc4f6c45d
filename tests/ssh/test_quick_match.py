"""An SSH visitor and a terminal player meet through Quick match: the visitor seeks from the app
``cardtable ssh`` gives them, the terminal player from the app on their own machine (Pilot),
both against the game server the SSH door started. They are paired, play the match, and each
sees both rating changes: the visitor under the key they logged in with, the terminal player
under the key their app made."""

from __future__ import annotations

import asyncio
import re

from textual.widgets import Input

from cardtable.online.identity import load_or_create, player_id_of_blob, tag
from cardtable.persist.paths import data_dir
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.online import PlayOnlineScreen
from cardtable.ui.screens.quickmatch import QuickMatchScreen, SeekingScreen
from cardtable.ui.screens.resultpanel import ResultPanel
from tests.online.apps import play_match, table_of
from tests.ssh.conftest import SshServer
from tests.ssh.test_match import MATCH_SECONDS, play_on
from tests.waits import until

#: the game server the SSH door started, as its Play online form offers it
SERVER = re.compile(r"ws://127\.0\.0\.1:\d+")


async def test_an_ssh_visitor_and_a_terminal_player_meet_through_quick_match(
    ssh_server: SshServer,
) -> None:
    ann = await ssh_server.visit("ann")
    ann_tag = tag(player_id_of_blob(ssh_server.key.public_data))
    try:
        await ann.wait_for("choose a game")
        await ann.press("o")
        found = SERVER.search(await ann.wait_for("Quick match", "ws://127.0.0.1:"))
        assert found is not None
        await ann.click("Quick match")
        await ann.click("Find a game")  # rated Pazaak, as the form offers
        await ann.wait_for("seeking Pazaak")
        app = CardtableApp(lambda app: PlayOnlineScreen(), bot_pause=0)
        async with app.run_test(size=(120, 40)) as pilot:
            app.screen.query_one("#server", Input).value = found.group(0)
            await pilot.click("#quick")
            await until(lambda: isinstance(app.screen, QuickMatchScreen), "the quick match form")
            await pilot.pause()
            await pilot.click("#find")
            await until(lambda: isinstance(app.screen, SeekingScreen), "the waiting screen")
            await until(lambda: table_of(app) is not None, "the matched table")
            bo_tag = tag(load_or_create(data_dir()).player)  # the key the first seek made
            await ann.wait_for("Your hand")
            # the visitor stands on every turn (a tenth of a second between looks), the
            # terminal player plays steadily: each waits for the other's moves
            visiting = asyncio.create_task(
                until(lambda: play_on(ann), "the match's end over SSH", MATCH_SECONDS, every=0.1)
            )
            await play_match((pilot,))
            await asyncio.wait_for(visiting, MATCH_SECONDS)
            panel = app.screen
            assert isinstance(panel, ResultPanel)

            def notes() -> str:
                return " ".join(str(note.render()) for note in panel.query(".result-note"))

            await until(lambda: notes().count("→") == 2, "both rating changes on the panel")
            assert f"#{ann_tag}" in notes() and f"#{bo_tag}" in notes()
        # the visitor's own result shows the same two changes, under the same two keys
        screen = await ann.wait_for("Ratings", f"#{ann_tag}", f"#{bo_tag}")
        assert screen.count("→") >= 2 and "1,500? → " in screen
    finally:
        await ann.leave()
