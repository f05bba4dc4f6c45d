"""A cardtable command in a real pseudo-terminal, as a person at a terminal runs it: keys go in
through the pty, the screen comes back through the app's CARDTABLE_SCREEN_TEXT mirror."""

from __future__ import annotations

import fcntl
import os
import pty
import select
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
        #: the end of what the app wrote to its terminal, for a failure to show
        self.last_output = b""
        self._wake, self._stop = os.pipe()
        self._drainer = threading.Thread(target=self._drain, daemon=True)
        self._drainer.start()

    def _drain(self) -> None:
        """Read and drop what the app draws, so its writes never block on a full pty.

        It waits on the master and a wake-up pipe rather than in ``os.read``: a read blocked on
        the master holds the pty open however often the master's descriptor is closed, so an
        idle app would never see its terminal hang up (``hang_up`` wakes this thread first).
        """
        try:
            while True:
                ready, _, _ = select.select([self.master, self._wake], [], [])
                if self._wake in ready:
                    return
                chunk = os.read(self.master, 65536)
                if not chunk:
                    return
                self.last_output = (self.last_output + chunk)[-2000:]
        except OSError:
            pass

    def ended(self) -> str:
        status = self.process.poll()
        if status is None:
            return ""
        said = self.last_output.decode(errors="replace").rsplit("\x1b[?1049l", 1)[-1]
        return f"\n(the command ended with status {status}; it said: {said.strip()!r})"

    def hang_up(self) -> None:
        """Close the pty's master end, as a terminal window or web bridge that goes away does."""
        os.write(self._stop, b"x")
        self._drainer.join()
        os.close(self.master)
        os.close(self._wake)
        os.close(self._stop)

    def press(self, key: str) -> None:
        os.write(self.master, KEYS.get(key, key.encode()))

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.hang_up()
