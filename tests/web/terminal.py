"""A cardtable command in a real pseudo-terminal, as a person at a terminal runs it: keys go in
through the pty, the screen comes back through the app's CARDTABLE_SCREEN_TEXT mirror."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

from tests.web.tab import Mirrored

KEYS = {"Enter": b"\r", "Escape": b"\x1b"}


class Terminal(Mirrored):
    def __init__(self, words: list[str], folder: Path, env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *words],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**env, "TERM": "xterm-256color", "CARDTABLE_SCREEN_TEXT": str(folder)},
            start_new_session=True,
        )
        os.close(slave)
        super().__init__(folder / f"{self.process.pid}.txt")
        self.master = master
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        """Read and drop what the app draws, so its writes never block on a full pty."""
        try:
            while os.read(self.master, 65536):
                pass
        except OSError:
            pass

    def press(self, key: str) -> None:
        os.write(self.master, KEYS.get(key, key.encode()))

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        os.close(self.master)
