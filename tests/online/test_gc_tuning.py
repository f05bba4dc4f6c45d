"""The server's collector settings, and the log of its pauses that ``bench online`` reads.

The settings change the whole process (a frozen heap stays frozen), so they are checked in a
child process, never in the test run's own."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable.online.gc_tuning import (
    LOG_ENV,
    MIDDLE,
    OLD,
    TUNING_ENV,
    YOUNG,
    PauseLog,
    read_pauses,
)

TUNED = """
import gc, json
from cardtable.online.gc_tuning import tune_for_serving
before = gc.get_threshold()
tune_for_serving()
tune_for_serving()
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count()}))
"""


def _settings_in_a_child(**env: str) -> dict[str, Any]:
    environment = {k: v for k, v in os.environ.items() if k not in (TUNING_ENV, LOG_ENV)}
    run = subprocess.run(
        [sys.executable, "-c", TUNED],
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def test_serving_freezes_start_up_and_makes_collections_rarer() -> None:
    settings = _settings_in_a_child()
    assert settings["after"] == [YOUNG, MIDDLE, OLD] and OLD > settings["before"][2]
    # the modules and classes start-up made are out of every collection's walk
    assert settings["frozen"] > 1000


def test_tuning_off_keeps_pythons_settings() -> None:
    settings = _settings_in_a_child(**{TUNING_ENV: "off"})
    assert settings["after"] == settings["before"] and settings["frozen"] == 0


def test_the_pause_log_counts_each_generation_and_times_it(tmp_path: Path) -> None:
    path = tmp_path / "gc.jsonl"
    started = time.time()
    log = PauseLog(path)
    log.install()
    try:
        gc.collect(0)
        gc.collect(2)
        gc.collect(2)
    finally:
        log.close()
    assert log._timed not in gc.callbacks
    pauses = read_pauses(path, started, time.time() + 1)
    assert pauses["collections"][0] >= 1 and pauses["collections"][2] >= 2
    assert pauses["longest_ms"][2] > 0 and pauses["pause_max_ms"] == max(pauses["longest_ms"])
    assert all(cpu >= 0 for cpu in pauses["longest_cpu_ms"])
    # nothing of it outside the window asked for
    assert read_pauses(path, time.time() + 5, time.time() + 10)["collections"] == [0, 0, 0]


@pytest.mark.parametrize("content", [None, ""])
def test_no_log_means_no_collections(tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "gc.jsonl"
    if content is not None:
        path.write_text(content)
    assert read_pauses(path, 0, time.time()) == {
        "collections": [0, 0, 0],
        "longest_ms": [0.0, 0.0, 0.0],
        "longest_cpu_ms": [0.0, 0.0, 0.0],
        "pause_max_ms": 0.0,
    }
