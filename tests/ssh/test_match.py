"""Two SSH visitors play a Pazaak match against each other through the game server that
``cardtable ssh`` started: one hosts from Play online, the other joins by the invite code."""

from __future__ import annotations

import re

from tests.ssh.conftest import SshServer
from tests.ssh.visitor import Visitor
from tests.waits import until

#: seconds the match may take (each player stands at once, so a set takes a few presses; first
#: to 3 sets, and a tie voids a set)
MATCH_SECONDS = 180
#: the match result's score line
SETS = re.compile(r"Sets (\d) – (\d)")


async def host_and_join(ann: Visitor, bob: Visitor) -> None:
    for visitor in (ann, bob):
        await visitor.wait_for("choose a game")
        await visitor.press("o")
    await ann.wait_for("host a table", "ws://127.0.0.1:")  # its own game server, offered first
    await ann.click("Host")  # Pazaak, two people
    code = await ann.code()
    await bob.wait_for("host a table")
    await bob.click("invite or watch code")
    await bob.press(code)
    await bob.click("Join")


async def play_on(visitor: Visitor) -> bool:
    """Stand whenever it is this player's turn and go on after each set; True once the match
    result is on screen."""
    text = visitor.text
    if "won the match" in text and SETS.search(text):
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
        # each sits across from the other, named by their SSH login
        await ann.wait_for("Your hand", "bob")
        await bob.wait_for("Your hand", "ann")

        async def both_see_the_end() -> bool:
            return all([await play_on(ann), await play_on(bob)])

        def screens() -> str:
            return "\n".join(v.text for v in (ann, bob))

        # a tenth of a second between looks: a key's effect shows before the next key is chosen
        await until(
            both_see_the_end,
            lambda: f"the match's end on both screens:\n{screens()}",
            MATCH_SECONDS,
            every=0.1,
        )
        screens = screens()
        scores = [SETS.search(v.text) for v in (ann, bob) if "won the match" in v.text]
        assert len(scores) == 2 and all(scores), screens
        # both see the one result: three sets to the winner
        (score,) = {found.groups() for found in scores if found}
        assert "3" in score, screens
        assert sum("You won the match!" in v.text for v in (ann, bob)) == 1, screens
    finally:
        await ann.leave()
        await bob.leave()
