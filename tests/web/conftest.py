"""Browser tests: ``cardtable web`` on a free 127.0.0.1 port, driven by Playwright in Debian's
chromium (never a browser Playwright downloads). Without chromium or the web extra the tests are
skipped with the reason, except under CI, where they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.waits import until_blocking
from tests.web.tab import Tab

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def find_chromium() -> str | None:
    for candidate in (
        os.environ.get("CARDTABLE_CHROMIUM"),
        shutil.which("chromium"),
        "/usr/bin/chromium",
    ):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def missing(reason: str) -> None:
    """Skip where the browser truly is not there; under CI that is a failure, never a skip."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    chromium = find_chromium()
    if chromium is None:
        missing("no chromium found (Debian: apt-get install chromium)")
    try:
        import textual_serve  # noqa: F401
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        missing(f"{error.name} is not installed: pip install '.[web]' playwright")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Served:
    """A running ``cardtable web``; ``open()`` gives a new browser tab on it."""

    def __init__(self, browser: object, url: str, folder: Path) -> None:
        self.browser = browser
        self.url = url
        self.mirror = folder / "screens"
        self.shots = folder
        self.tmp = folder / "tmp"

    def visitor_homes(self) -> list[Path]:
        """The per-tab data folders the server's app processes made (under its TMPDIR)."""
        return sorted(self.tmp.glob("cardtable-web-*/visitor-*"))

    def open(self) -> Tab:
        before = set(self.mirror.iterdir())
        context = self.browser.new_context(  # type: ignore[attr-defined]
            viewport={"width": 1280, "height": 800}, accept_downloads=True
        )
        page = context.new_page()
        page.goto(self.url, wait_until="domcontentloaded")
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        new = until_blocking(
            lambda: set(self.mirror.iterdir()) - before,
            "the app in the new tab to write its screen",
        )
        return Tab(page, new.pop(), self.shots)


@pytest.fixture
def served(browser: object, tmp_path: Path) -> Iterator[Served]:
    port = free_port()
    for folder in ("screens", "tmp"):
        (tmp_path / folder).mkdir()
    env = {
        **os.environ,
        "CARDTABLE_BOT_PAUSE": "0.05",
        "CARDTABLE_SCREEN_TEXT": str(tmp_path / "screens"),
        "TMPDIR": str(tmp_path / "tmp"),
        "TEXTUAL_ANIMATIONS": "none",
    }
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "web", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"

    def answers() -> bool:
        assert server.poll() is None, (tmp_path / "server.log").read_text()
        try:
            urllib.request.urlopen(url, timeout=1).close()
        except OSError:
            return False
        return True

    try:
        until_blocking(answers, f"cardtable web to answer on {url}")
        yield Served(browser, url, tmp_path)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
        log.close()
