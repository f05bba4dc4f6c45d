"""Two SSH visitors play a Pazaak match against each other through the game server that
``cardtable ssh`` started: one hosts from Play online, the other joins by the invite code."""

from __future__ import annotations

import asyncio
import re

from tests.ssh.conftest import SshServer
from tests.ssh.visitor import Visitor

#: rounds of looking at both screens before the match must be over (each player stands at once,
#: so a set takes a few presses; first to 3 sets, and a tie voids a set)
MOST_ROUNDS = 400
MATCH_SECONDS = 180


async def host_and_join(ann: Visitor, bob: Visitor) -> None:
    for visitor in (ann, bob):
        await visitor.wait_for("choose a game")
        await visitor.press("o")
    form = await ann.wait_for("host a table")
    assert "ws://127.0.0.1:" in form  # the server's own game server, offered first
    await ann.press("Tab", "Tab", "Tab", "Tab", "Tab", "Enter")  # Pazaak, human,human: Host
    code = await ann.code()
    await bob.wait_for("host a table")
    await bob.press("Tab", "Tab", "Tab", "Tab", code, "Tab", "Tab", "Enter")  # the code: Join


async def play_on(visitor: Visitor) -> bool:
    """Stand whenever it is this player's turn and go on after each set; True once the match
    result is on screen."""
    text = visitor.text
    if "won the match" in text:
        return True
    if "won the set" in text or "No point to anyone" in text:
        await visitor.press("Enter")
    elif "your turn" in text:
        await visitor.press("s")
    return False


async def test_two_visitors_play_a_match_by_invite_code(ssh_server: SshServer) -> None:
    ann, bob = await ssh_server.visit("ann"), await ssh_server.visit("bob")
    try:
        await host_and_join(ann, bob)
        for visitor in (ann, bob):
            await visitor.wait_for("Your hand")
        async with asyncio.timeout(MATCH_SECONDS):
            for _ in range(MOST_ROUNDS):
                if all([await play_on(ann), await play_on(bob)]):
                    break
                await asyncio.sleep(0.1)
        screens = "\n".join(v.text for v in (ann, bob))
        assert all("won the match" in v.text for v in (ann, bob)), screens
        # both see the one result: three sets to the winner
        scores = {re.search(r"Sets (\d) – (\d)", v.text).groups() for v in (ann, bob)}  # type: ignore[union-attr]
        assert len(scores) == 1 and "3" in scores.pop(), screens
    finally:
        await ann.leave()
        await bob.leave()
