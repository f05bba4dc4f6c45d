"""An SSH visitor as the tests see one: an asyncssh client on a 100×30 pty whose output is drawn
by the pyte terminal emulator, so a test reads the screen a person would see."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import asyncssh
import pyte

from tests.waits import until

#: seconds any one thing on screen may take to appear
PATIENCE = 30.0
#: seconds between two keys
KEY_GAP = 0.2
KEYS = {"Enter": "\r", "Escape": "\x1b", "Tab": "\t", "Ctrl+Z": "\x1a"}


class Visitor:
    def __init__(self, conn: asyncssh.SSHClientConnection, columns: int, rows: int) -> None:
        self.conn = conn
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self.ended = asyncio.Event()

    async def start(self) -> Visitor:
        columns, rows = self.screen.columns, self.screen.lines
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(columns, rows), encoding=None
        )
        self.readers = [
            asyncio.create_task(self._read(self.process.stdout)),
            asyncio.create_task(self._read(self.process.stderr)),
        ]
        return self

    async def _read(self, stream: asyncssh.SSHReader[bytes]) -> None:
        """What the server sends, on either stream, onto the screen (as a terminal does)."""
        while data := await stream.read(65536):
            self.stream.feed(data)
        self.ended.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(
        self, *wanted: str | Callable[[str], bool], patience: float = PATIENCE
    ) -> str:
        """The screen once it shows all that is ``wanted`` (texts, or tests of the screen's
        text). A frame arrives in pieces, so a test waits for everything it means to check."""

        def shown(text: str) -> bool:
            return all(want(text) if callable(want) else want in text for want in wanted)

        await until(
            lambda: shown(self.text), lambda: f"{wanted!r}; the screen:\n{self.text}", patience
        )
        return self.text

    async def code(self) -> str:
        found = re.search(r"Invite code: (\w{5}) ", await self.wait_for("Invite code: ", "Watch"))
        assert found is not None
        return found.group(1)

    async def press(self, *keys: str) -> None:
        """Keys one at a time, as a person types them (a Tab sent in one burst with the text
        after it can land after the text)."""
        assert self.process is not None
        for n, key in enumerate(keys):
            if n:  # a person's pace between keys is what this imitates: nothing to wait for
                await asyncio.sleep(KEY_GAP)
            self.process.stdin.write(KEYS.get(key, key).encode())

    async def click(self, text: str) -> None:
        """Click the middle of ``text`` where the screen shows it (SGR mouse reports, which
        Textual asks the terminal for)."""
        assert self.process is not None
        screen = await self.wait_for(text)
        row, line = next((n, line) for n, line in enumerate(screen.splitlines()) if text in line)
        x, y = line.index(text) + len(text) // 2 + 1, row + 1
        self.process.stdin.write(f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m".encode())
        await asyncio.sleep(KEY_GAP)  # a person's pace: the next key comes a moment later

    def resize(self, columns: int, rows: int) -> None:
        assert self.process is not None
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    async def leave(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        for reader in self.readers:
            reader.cancel()
