"""Part of issue #13: a person in a browser joins a terminal player's online table by its invite
code, and the two finish a Pazaak match through a real game server."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys

import pytest

from tests.waits import until_blocking
from tests.web.conftest import ROOT, free_port
from tests.web.tab import Mirrored
from tests.web.terminal import Terminal
from tests.web.test_browser import RESULT, steady_key

# online play (`cardtable serve`, `host`, the home screen's "Play online") comes with its own branch
pytest.importorskip("cardtable.online", reason="online play is not in this build")

INVITE = re.compile(r"Invite code:\s*(\S+)")
VERDICT = re.compile(r"\S+ won the match")


def wait_listening(port: int) -> None:
    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    until_blocking(listening, f"a server listening on {port}")


def move(player: Mirrored, seat: int) -> bool:
    """One step for a player: dismiss a set result, or stand on 17+ and else end the turn.
    False when the match is over on that screen."""
    text = player.text()
    if "won the match" in text:
        return False
    if RESULT.search(text):
        player.step("Enter")
    elif "your turn" in text and (key := steady_key(text, seat)):
        player.step(key)
    return True


def test_a_browser_player_and_a_terminal_player_finish_an_online_match(served, tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path / "terminal-home")}
    serve = ["serve", "--port", str(port), "--db", str(tmp_path / "online.db")]
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", *serve],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    (tmp_path / "terminal").mkdir()
    try:
        wait_listening(port)  # before hosting: `host` gives up on a server not listening yet
    except BaseException:
        server.terminate()
        server.wait(10)
        raise
    terminal = Terminal(
        ["host", "pazaak", "--server", url, "--seats", "human,human", "--name", "Terminal"],
        tmp_path / "terminal",
        env,
    )
    try:
        code = INVITE.search(terminal.wait_for("Invite code")).group(1)
        tab = served.open()
        tab.wait_for("choose a game")
        tab.page.locator("#terminal").click(position={"x": 4, "y": 4})
        tab.press("o")
        tab.wait_for("Your name at online tables")  # asked once, before the first game
        tab.page.keyboard.type("Browser")
        tab.press("Enter")
        tab.wait_for("invite or watch code")
        tab.click_text("ws://127.0.0.1:7777")
        tab.press("End")
        for _ in "ws://127.0.0.1:7777":
            tab.press("Backspace")
        tab.wait_for(lambda text: "ws://" not in text)
        tab.page.keyboard.type(url)
        tab.wait_for(f" {url} ")
        tab.click_text("invite or watch code")
        tab.page.keyboard.type(code)
        tab.shot("online-form")
        tab.click_text("Join")
        tab.wait_for("Pazaak ·", seconds=30)
        terminal.wait_for("Pazaak ·", seconds=30)
        tab.shot("online-table")
        until_blocking(
            lambda: not (move(terminal, 0) | move(tab, 1)),
            lambda: f"the match's end:\n{terminal.text()}\n{tab.text()}",
            120,
            between=tab.pause,
        )
        verdicts = {VERDICT.search(player.text()).group(0) for player in (terminal, tab)}
        # the winner reads "You", the other the winner's name
        assert verdicts in (
            {"You won the match", "Terminal won the match"},
            {"You won the match", "Browser won the match"},
        )
        result = tab.wait_for("Save picture")
        assert "Save replay" in result  # the server told the whole game at its end
        tab.shot("online-result")
    finally:
        terminal.close()
        server.terminate()
        server.wait(10)
