"""One SSH visitor: the home screen, a game against a bot, Ctrl+Z, a resize, and what is left
once they go (nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.persist.settings import settings_path
from tests.ssh.conftest import SshServer
from tests.ssh.visitor import Visitor
from tests.waits import until

#: seconds the app and its folder may take to go once the visitor has gone
CLEAN_UP = 15.0


async def test_a_visitor_lands_on_the_home_screen_and_plays_a_bot(ann: Visitor) -> None:
    await ann.wait_for("choose a game", "Pazaak", "Play online (o)")
    await ann.press("Ctrl+Z")  # no shell to suspend to: the app must not stop
    await ann.press("Enter")
    await ann.wait_for("New game of Pazaak", "bot: hard")
    await ann.press("Enter")
    await ann.wait_for("Your hand", "Pazaak · ", "Revan (hard)", "Stand")


async def test_a_resize_reaches_the_app(ann: Visitor) -> None:
    await ann.wait_for(lambda text: "q Quit" in text.splitlines()[29])  # the footer: last row
    ann.resize(80, 24)
    await ann.wait_for(lambda text: "q Quit" in text.splitlines()[23])


async def test_leaving_ends_the_app_and_removes_its_folder(
    ssh_server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    apps, folders = ssh_server.apps(), ssh_server.visitor_folders()
    visitor = await ssh_server.visit("ann")
    await visitor.wait_for("choose a game")
    (app,) = ssh_server.apps() - apps
    (folder,) = set(ssh_server.visitor_folders()) - set(folders)
    monkeypatch.setenv("CARDTABLE_HOME", str(folder))
    assert json.loads(settings_path().read_text())["name"] == "ann"  # the login is their name
    await visitor.leave()
    await until(
        lambda: not Path(f"/proc/{app}").exists() and not folder.exists(),
        "the app to end and its folder to go",
        CLEAN_UP,
    )
