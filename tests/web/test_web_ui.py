"""The screen-text mirror that lets a browser test read what the page shows, run headless."""

from __future__ import annotations

import os

from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.web import SCREEN_TEXT
from tests.waits import until


async def test_the_mirror_holds_the_screen_as_text(tmp_path, monkeypatch):
    monkeypatch.setenv(SCREEN_TEXT, str(tmp_path))
    app = CardtableApp(lambda app: HomeScreen())
    async with app.run_test(size=(100, 30)) as pilot:
        mirror = tmp_path / f"{os.getpid()}.txt"
        await until(
            lambda: mirror.exists() and "choose a game" in mirror.read_text(encoding="utf-8"),
            "the home screen in the mirror file",
            pilot=pilot,
        )
        lines = mirror.read_text(encoding="utf-8").splitlines()
        assert "choose a game" in "\n".join(lines)
        assert len(lines) == 30 and max(len(line) for line in lines) == 100
