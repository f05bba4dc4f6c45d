"""One browser tab on ``cardtable web``: keys, clicks on text, page screenshots, and what the app
says is on its screen (its CARDTABLE_SCREEN_TEXT mirror: xterm.js draws on a canvas)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tests.waits import What, until_blocking

T = TypeVar("T")


class Mirrored:
    """A cardtable process whose screen is read from its mirror file."""

    def __init__(self, mirror: Path) -> None:
        self.mirror = mirror

    def text(self) -> str:
        return self.mirror.read_text(encoding="utf-8") if self.mirror.exists() else ""

    def pause(self) -> None:
        """Between two looks at the screen."""
        time.sleep(0.1)

    def ended(self) -> str:
        """Why the screen may never change again (a process that has ended), else ""."""
        return ""

    def press(self, key: str) -> None:
        raise NotImplementedError

    def step(self, key: str) -> None:
        """Press ``key`` and wait until the screen shows its effect."""
        before = self.text()
        self.press(key)
        self.wait_for(lambda text: text != before)

    def wait_until(self, found: Callable[[], T], what: What, seconds: float = 20) -> T:
        """``found()`` once it is truthy."""
        return until_blocking(found, what, seconds, between=self.pause)

    def wait_for(self, wanted: str | Callable[[str], bool], seconds: float = 20) -> str:
        """The screen text once it holds ``wanted`` (or ``wanted(text)`` is true)."""
        test = wanted if callable(wanted) else (lambda text: wanted in text)

        def screen() -> str:
            text = self.text()
            return text if test(text) else ""

        return self.wait_until(
            screen, lambda: f"{wanted!r}; screen:\n{self.text()}{self.ended()}", seconds
        )


class Tab(Mirrored):
    def __init__(self, page: Any, mirror: Path, shots: Path) -> None:
        super().__init__(mirror)
        self.page = page
        self.shots = shots
        self.seen_shots: set[str] = set()

    def pause(self) -> None:
        self.page.wait_for_timeout(100)  # Playwright handles the page's events meanwhile

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def click_text(self, words: str) -> None:
        """Click the middle of the first place ``words`` shows on the terminal."""
        lines = self.text().splitlines()
        row = next(i for i, line in enumerate(lines) if words in line)
        column = lines[row].index(words) + len(words) // 2
        box = self.page.locator(".xterm-screen").bounding_box()
        width = max(len(line) for line in lines)
        x = box["x"] + (column + 0.5) * box["width"] / width
        y = box["y"] + (row + 0.5) * box["height"] / len(lines)
        self.page.mouse.click(x, y)

    def shot(self, name: str) -> Path:
        """A page screenshot; each step's must differ from every earlier one (the page moved on)."""
        path = self.shots / f"{name}.png"

        def new_look() -> str | None:
            self.page.screenshot(path=str(path))
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            return None if digest in self.seen_shots else digest

        # the canvas may be a frame behind the app
        digest = self.wait_until(new_look, f"{name}: a page unlike every earlier step's")
        assert path.stat().st_size > 5_000, f"{name}: a blank page?"
        self.seen_shots.add(digest)
        return path
