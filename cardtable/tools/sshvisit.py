"""One SSH visitor: a cardtable app of their own on a pseudo-terminal, in a fresh data folder.

The app runs as a child process whose controlling terminal is a pty the size of the visitor's
window, so it draws exactly as it would in their own terminal and a resize reaches it as
SIGWINCH. Its folder (saves, settings, stats, screenshots: it is also the child's HOME) is
deleted when the visit ends, and the child ends with the SSH session, whichever goes first.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import shutil
import signal
import struct
import sys
import tempfile
import termios
from pathlib import Path

import asyncssh

from cardtable.online.hosting import SERVER_ENV, VISIT_ENV
from cardtable.online.identity import DOOR_PASS_ENV

#: a login name that is also a fine player name; anything else leaves the name to be asked
PLAYER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,19}")
#: the host's own settings a visitor's app must not inherit
NOT_INHERITED = ("TEXTUAL_ALLOW_SIGNALS", "CARDTABLE_WEB_ROOT", "LINES", "COLUMNS", "TMUX")
#: leave the alternate screen, show the cursor, stop mouse reports and bracketed paste: what an
#: app stopped from outside has no chance to undo in the visitor's terminal itself
RESET_TERMINAL = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l"
#: seconds a stopped app gets to go before it is killed
GRACE = 2.0


def write_player_name(home: Path, login: str) -> None:
    """Make ``login`` the visitor's player name, in the settings file the app reads with
    ``CARDTABLE_HOME=home`` (persist/paths.py, persist/settings.py); odd names are left out."""
    if PLAYER_NAME.fullmatch(login) and login.casefold() != "you":
        config = home / "config"
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.json").write_text(json.dumps({"name": login}), encoding="utf-8")


def child_env(home: Path, term: str, server: str, door: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED and k != DOOR_PASS_ENV}
    env.update(CARDTABLE_HOME=str(home), HOME=str(home), TERM=term or "xterm-256color")
    env[SERVER_ENV] = server
    env[VISIT_ENV] = "ssh"
    if door is not None:
        env[DOOR_PASS_ENV] = door
    return env


def set_size(fd: int, columns: int, rows: int) -> None:
    """Give the pty the visitor's window size (the kernel tells the app with SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows or 24, columns or 80, 0, 0))


def open_terminal(columns: int, rows: int) -> tuple[int, int]:
    """A pty (master, slave) of that size that sends no signals for typed keys: Ctrl+Z or
    Ctrl+C never stop the app, even before it switches the terminal to raw mode itself."""
    master, slave = pty.openpty()
    set_size(master, columns, rows)
    attrs = termios.tcgetattr(slave)
    attrs[3] &= ~termios.ISIG
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    os.set_blocking(master, False)
    return master, slave


def take_terminal() -> None:
    """In the child, already a session leader: make its pty the controlling terminal, so a
    resize reaches it and a hang-up (the connection gone) ends it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def _ready(fd: int, writing: bool = False) -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    (loop.add_writer if writing else loop.add_reader)(fd, wake)
    try:
        await ready
    finally:
        (loop.remove_writer if writing else loop.remove_reader)(fd)


async def read_pty(fd: int) -> bytes:
    """What the app drew next; b"" once it has closed its terminal."""
    while True:
        try:
            return os.read(fd, 65536)
        except BlockingIOError:
            await _ready(fd)
        except OSError:  # EIO: no process holds the terminal any more
            return b""


async def write_pty(fd: int, data: bytes) -> None:
    while data:
        try:
            data = data[os.write(fd, data) :]
        except BlockingIOError:
            await _ready(fd, writing=True)


class Visit:
    """A visitor's app, from start to the removal of its folder."""

    def __init__(
        self,
        process: asyncssh.SSHServerProcess[bytes],
        root: Path,
        server: str,
        idle: float,
        door: str | None = None,
    ) -> None:
        """``door``: the lobby pass that signs the visitor in as the SSH key they used."""
        self.process = process
        self.root = root
        self.server = server
        self.idle = idle
        self.door = door
        self.last_key = 0.0

    async def run(self) -> int:
        """Play until the app quits, the visitor goes or sits idle; the exit status."""
        home = Path(tempfile.mkdtemp(prefix="visitor-", dir=self.root))
        try:
            write_player_name(home, self.process.get_extra_info("username") or "")
            columns, rows, *_ = self.process.get_terminal_size()
            master, slave = open_terminal(columns, rows)
            try:
                return await self._run_app(home, master, slave)
            finally:
                os.close(master)
        finally:
            shutil.rmtree(home, ignore_errors=True)

    async def _run_app(self, home: Path, master: int, slave: int) -> int:
        term = self.process.get_terminal_type() or ""
        try:
            app = await asyncio.create_subprocess_exec(
                *[sys.executable, "-m", "cardtable"],
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=home,
                env=child_env(home, term, self.server, self.door),
                start_new_session=True,
                preexec_fn=take_terminal,
            )
        finally:
            os.close(slave)
        try:
            return await self._play(app, master)
        finally:
            await stop(app)

    async def _play(self, app: asyncio.subprocess.Process, master: int) -> int:
        self.last_key = asyncio.get_running_loop().time()
        drawing = asyncio.create_task(self._draw(master))
        typing = asyncio.create_task(self._type(master))
        idling = asyncio.create_task(self._watch_idle())
        tasks = {drawing, typing, idling}
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
        if idling.done() and not drawing.done():
            minutes = f"{self.idle / 60:g} minute{'s' if self.idle != 60 else ''}"
            self.process.stdout.write(RESET_TERMINAL)
            self.process.stderr.write(
                f"\r\ncardtable: no key pressed for {minutes}, so the game was closed.\r\n".encode()
            )
            return 1
        if drawing.done() and drawing.result():  # the app closed its terminal: it has quit
            try:
                return await asyncio.wait_for(app.wait(), GRACE) or 0
            except TimeoutError:
                return 0
        return 0  # the visitor went

    async def _draw(self, master: int) -> bool:
        """The app's output to the visitor, at the pace the connection takes it; True once the
        app has quit, False when the visitor is gone."""
        while data := await read_pty(master):
            try:
                self.process.stdout.write(data)
                await self.process.stdout.drain()
            except (asyncssh.Error, OSError):
                return False
        return True

    async def _type(self, master: int) -> None:
        """The visitor's keys to the app, and their window size as it changes."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                set_size(master, change.width, change.height)
                continue
            except (asyncssh.SignalReceived, asyncssh.BreakReceived):
                continue  # a visitor does not signal the host's processes
            except (asyncssh.Error, OSError):
                return
            if not data:
                return
            self.last_key = loop.time()
            await write_pty(master, data)

    async def _watch_idle(self) -> None:
        loop = asyncio.get_running_loop()
        while (left := self.last_key + self.idle - loop.time()) > 0:
            await asyncio.sleep(left)


async def stop(app: asyncio.subprocess.Process) -> None:
    """Hang up on the app's process group, then kill what is left of it after a grace."""
    if app.returncode is not None:
        return
    try:
        os.killpg(app.pid, signal.SIGHUP)
        await asyncio.wait_for(app.wait(), GRACE)
    except ProcessLookupError:
        pass
    except TimeoutError:
        try:
            os.killpg(app.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    await app.wait()
