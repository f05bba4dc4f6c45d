"""The server's garbage collector, set for a process that holds thousands of live tables.

A full collection walks every object the process tracks while every table waits. A server
tracks about 100 objects a connection (the websockets connection, its tasks and buffers) and
some 50 a table (the match's events and state): with a thousand tables of two players and a
spectator, a walk of some 350,000 objects that stalled the server for 0.5 to 0.8 s, and
Python's default settings ran one every 12 to 15 seconds under play. ``tune_for_serving``
makes them rare and leaves out of them what never dies (see there).

Two environment variables serve ``bench online``: ``CARDTABLE_GC_TUNING=off`` keeps Python's
settings, to compare; ``CARDTABLE_GC_LOG=FILE`` has the server write, once a second, how many
collections of each generation it ran and the longest pause of each, in wall-clock and in CPU
time (on a busy machine the wall-clock pause holds time spent waiting for a core).
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
#: young and middle collections as Python has them (every 700 new objects, every 10 young ones):
#: under play a young one walks a few thousand objects, under a millisecond; at 5,000 it walked
#: ten times as many and took ten times as long, for no CPU saved worth having
YOUNG = 700
MIDDLE = 10
#: a full collection is considered after 1,000 middle ones instead of 10: with 1,000 tables at
#: people's pace (30 to 40 middle ones a minute) about every half hour rather than every 12 to 15
#: seconds; cycles left by closed connections wait that long
OLD = 1_000

_tuned = False


def tune_for_serving() -> None:
    """Once a process, when the server listens with its tables rebuilt: start-up's garbage is
    collected and what is left (modules, classes, rebuilt tables) is frozen, so no collection
    walks it again; then the thresholds above."""
    global _tuned
    log = os.environ.get(LOG_ENV)
    if log and not _tuned:
        PauseLog(Path(log)).install()
    if _tuned or os.environ.get(TUNING_ENV, "").lower() == "off":
        return
    _tuned = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)


class PauseLog:
    """Times each collection from ``gc.callbacks`` and writes a line a second to a file."""

    def __init__(self, path: Path) -> None:
        self.out: TextIO = path.open("a", encoding="utf-8")
        self._began = self._began_cpu = 0.0
        self._counts = [0, 0, 0]
        self._longest = [0.0, 0.0, 0.0]
        self._longest_cpu = [0.0, 0.0, 0.0]
        self._due = time.monotonic() + LOG_INTERVAL

    def install(self) -> None:
        gc.callbacks.append(self._timed)
        atexit.register(self.close)

    def close(self) -> None:
        """Stop timing and write what is left."""
        atexit.unregister(self.close)
        if self._timed in gc.callbacks:
            gc.callbacks.remove(self._timed)
        self._write()
        self.out.close()

    def _timed(self, phase: str, info: dict[str, Any]) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        if phase == "start":
            self._began, self._began_cpu = now, cpu
            return
        generation = info["generation"]
        self._counts[generation] += 1
        self._longest[generation] = max(self._longest[generation], now - self._began)
        self._longest_cpu[generation] = max(self._longest_cpu[generation], cpu - self._began_cpu)
        if time.monotonic() >= self._due:
            self._write()

    def _write(self) -> None:
        """The collections since the last line; ``t``, when they ended, is a wall-clock time."""
        if not any(self._counts):
            return
        line = {
            "t": time.time(),
            "n": self._counts,
            "max_ms": [s * 1000 for s in self._longest],
            "max_cpu_ms": [s * 1000 for s in self._longest_cpu],
        }
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()
        self._counts = [0, 0, 0]
        self._longest, self._longest_cpu = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
        self._due = time.monotonic() + LOG_INTERVAL


def read_pauses(path: Path, start: float, end: float) -> dict[str, Any]:
    """From a server's log: the collections of each generation between two wall-clock times,
    the longest pause of each (ms, wall-clock and CPU), and the longest of all."""
    counts, longest, longest_cpu = [0, 0, 0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    for line in lines:
        entry = json.loads(line)
        if start < entry["t"] <= end:  # a line holds the second or so before its time
            counts = [a + b for a, b in zip(counts, entry["n"], strict=True)]
            longest = [max(a, b) for a, b in zip(longest, entry["max_ms"], strict=True)]
            longest_cpu = [max(a, b) for a, b in zip(longest_cpu, entry["max_cpu_ms"], strict=True)]
    return {
        "collections": counts,
        "longest_ms": [round(x, 2) for x in longest],
        "longest_cpu_ms": [round(x, 2) for x in longest_cpu],
        "pause_max_ms": round(max(longest), 2),
    }
