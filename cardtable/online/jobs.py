"""The server's background jobs (bots thinking, hang-ups, releasing routes): stopped together
when the server stops, and a job that fails is logged rather than lost."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger("cardtable.server")


class Jobs:
    """Tasks started for the server's parts on the running loop."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, job: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def cancel(self) -> None:
        for task in tuple(self._tasks):
            task.cancel()

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table job failed", exc_info=task.exception())
