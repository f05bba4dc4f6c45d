"""The server's garbage collector, set for a process that holds thousands of live tables.

Python's full collection walks every object the process holds, and stops every table while it
does; with a thousand tables that walk took hundreds of milliseconds. See ``tune_for_serving``
for what is done about it. ``CARDTABLE_GC_TUNING=off`` leaves Python's own settings (to compare),
and ``CARDTABLE_GC_LOG=FILE`` makes the server write, once a second, how many collections of each
generation it ran and the longest pause of each (``bench online`` reads it with ``read_pauses``).
"""

from __future__ import annotations

import atexit
import gc
import json
import os
import time
from pathlib import Path
from typing import Any, TextIO

TUNING_ENV = "CARDTABLE_GC_TUNING"
LOG_ENV = "CARDTABLE_GC_LOG"
#: seconds of collections summed into one line of the log
LOG_INTERVAL = 1.0


def tune_for_serving() -> None:
    """Called once the server listens with its tables rebuilt."""
    log = os.environ.get(LOG_ENV)
    if log:
        PauseLog(Path(log)).install()


class PauseLog:
    """Times each collection from ``gc.callbacks`` and writes a line a second to a file."""

    def __init__(self, path: Path) -> None:
        self.out: TextIO = path.open("a", encoding="utf-8")
        self._began = 0.0
        self._counts = [0, 0, 0]
        self._longest = [0.0, 0.0, 0.0]
        self._due = time.monotonic() + LOG_INTERVAL

    def install(self) -> None:
        gc.callbacks.append(self._timed)
        atexit.register(self._write)

    def _timed(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._began = now
            return
        generation = info["generation"]
        self._counts[generation] += 1
        self._longest[generation] = max(self._longest[generation], now - self._began)
        if time.monotonic() >= self._due:
            self._write()

    def _write(self) -> None:
        """The collections since the last line; ``t``, when they ended, is a wall-clock time."""
        if not any(self._counts):
            return
        line = {"t": time.time(), "n": self._counts, "max_ms": [s * 1000 for s in self._longest]}
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()
        self._counts, self._longest = [0, 0, 0], [0.0, 0.0, 0.0]
        self._due = time.monotonic() + LOG_INTERVAL


def read_pauses(path: Path, start: float, end: float) -> dict[str, Any]:
    """From a server's log: the collections of each generation between two wall-clock times,
    the longest pause of each (ms), and the longest of all."""
    counts, longest = [0, 0, 0], [0.0, 0.0, 0.0]
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    for line in lines:
        entry = json.loads(line)
        if start < entry["t"] <= end:  # a line holds the second or so before its time
            counts = [a + b for a, b in zip(counts, entry["n"], strict=True)]
            longest = [max(a, b) for a, b in zip(longest, entry["max_ms"], strict=True)]
    return {
        "collections": counts,
        "longest_ms": [round(x, 2) for x in longest],
        "pause_max_ms": round(max(longest), 2),
    }
