"""What changes when the app is served to a browser, and a plain-text mirror of the screen.

In a browser the data folder is a temporary one on the server, so a finished game's replay and a
picture of the table are handed to the page as downloads (Textual's ``deliver_*``). The mirror
(``CARDTABLE_SCREEN_TEXT``, a folder) lets a test or an assistive tool read what a browser shows:
xterm.js draws on a canvas, so the page itself holds no text to read.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.app import App

SCREEN_TEXT = "CARDTABLE_SCREEN_TEXT"

#: the extra buttons of a match result in a browser, by choice id
DOWNLOADS = {"replay": "Save replay", "picture": "Save picture"}


def kept_replay(app: Any, session: object) -> Path | None:
    """The replay file the app kept when ``session`` finished (games held elsewhere have none)."""
    kept = getattr(app, "last_replay", None)
    return kept[1] if kept is not None and kept[0] is session else None


def downloads_for(app: Any, session: object) -> tuple[tuple[str, str], ...]:
    """The result buttons a browser adds: the game's replay when it was kept here, a picture."""
    if not app.is_web:
        return ()
    wanted = ("replay", "picture") if kept_replay(app, session) else ("picture",)
    return tuple((choice, DOWNLOADS[choice]) for choice in wanted)


def download(app: Any, session: object, choice: str) -> None:
    """Hand the page the finished game's replay file, or a picture of the screen (SVG)."""
    path = kept_replay(app, session)
    if choice == "replay" and path is not None:
        app.deliver_binary(path, mime_type="application/json")
    else:
        app.deliver_screenshot()


def screen_text(app: App[Any]) -> str:
    """The screen (modal boxes and what shows behind them) as plain text, one line a row."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        legacy_windows=False,
        safe_box=False,
    )
    # the same render Textual's own export_screenshot makes, recorded as text instead of SVG
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def mirror_screen(app: App[Any]) -> None:
    """With CARDTABLE_SCREEN_TEXT set, keep ``<folder>/<pid>.txt`` up to date with the screen."""
    folder = os.environ.get(SCREEN_TEXT)
    if not folder:
        return
    target = Path(folder) / f"{os.getpid()}.txt"
    last = [""]

    def write() -> None:
        text = screen_text(app)
        if text != last[0]:
            last[0] = text
            partial = target.with_suffix(".part")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, target)

    app.set_interval(0.2, write)
