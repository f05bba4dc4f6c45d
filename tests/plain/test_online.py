"""A plain client and a Textual client finish a Pazaak match together through a real server on
127.0.0.1: the plain one types numbers (and says hello), the other presses keys through Pilot."""

from __future__ import annotations

import asyncio
import io

from cardtable.plain.console import Console, ScriptLines
from cardtable.plain.lobby import sit_down
from cardtable.plain.table import PlainTable
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.apps import ANN_HOSTS, play_match, shows_final_result, table_of
from tests.online.conftest import PATIENCE, Running, until


async def test_a_plain_client_and_a_textual_client_finish_a_match(server: Running) -> None:
    host = server.session("pazaak", ANN_HOSTS)
    host_app = CardtableApp(lambda app: WaitingRoomScreen(host), bot_pause=0)
    async with host_app.run_test(size=(120, 40)) as pilot:
        await until(lambda: bool(host.invite), "the invite code")
        guest = server.session("pazaak", {"type": "join", "code": host.invite, "name": "Bob"})
        out = io.StringIO()
        console = Console(out, 40, echo=True)
        # Bob says hello, then ends every turn; at the match's end, 1 leaves
        script = ScriptLines(["say hello \x1b[31mAnn", *["1"] * 400])

        async def plain() -> int:
            assert await sit_down(guest, console)
            return await PlainTable(guest, console, script).play()

        bob = asyncio.ensure_future(plain())
        await until(lambda: table_of(host_app) is not None, "Ann's table")
        await play_match((pilot,))
        status = await asyncio.wait_for(bob, PATIENCE)
        assert status == 0 and shows_final_result(host_app)
        assert host.outcome == guest.outcome and max(host.outcome.scores) == 3
    text = out.getvalue()
    assert "\x1b" not in text
    assert "You say: hello Ann" in text.replace("\n", " "), (
        "chat is data, escape sequences gone whole"
    )
    lines = text.splitlines()
    assert lines[-1] == "> 1" and lines[-2] == "1 quit, 2 play again"
