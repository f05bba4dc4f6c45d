"""The server's background jobs (bots thinking, hang-ups, releasing routes): stopped together
when the server stops, and a job that fails is logged rather than lost.

A task cancelled once does not always end. On Python 3.11, ``asyncio.wait_for`` drops a
cancellation that comes in the same turn of the loop as the end of what it waits for, and
returns that result instead (CPython gh-86296, fixed in 3.12); redis-py wraps every write in it.
A loop cancelled at that instant runs on as if nothing was asked. A node whose start failed (its
port taken) once waited for ever on its lobby's lease loop that way, heartbeating, never saying
why it did not listen: ``end`` is how the server stops its own loops.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterable
from typing import Any

log = logging.getLogger("cardtable.server")

#: how long ``end`` waits for a cancelled task before it cancels it again (its cancel was lost)
RECANCEL_AFTER = 0.25
#: how long ``end`` waits in all before it says which tasks did not end and stops waiting
END_PATIENCE = 5.0


async def end(
    tasks: Iterable[asyncio.Task[Any]], patience: float = END_PATIENCE, *, report: bool = True
) -> None:
    """Cancel ``tasks`` and wait until each has ended; one still running a moment after its
    cancel (the cancel was lost on the way) is cancelled again. After ``patience`` seconds the
    ones still running are named in the log and left: a stop never waits for ever. With
    ``report``, what an ended task had failed with is logged (without: its owner tells)."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + patience
    tasks = set(tasks)
    running = {task for task in tasks if not task.done()}
    while running and loop.time() < give_up:
        for task in running:
            task.cancel()
        wait = min(RECANCEL_AFTER, max(0.0, give_up - loop.time()))
        _, running = await asyncio.wait(running, timeout=wait)
    for task in running:
        log.warning("a task did not end when cancelled: %r", task)
    for task in tasks - running if report else ():  # what a task failed with is told
        if not task.cancelled() and task.exception() is not None:
            log.error("a task had failed before it was stopped", exc_info=task.exception())


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

    async def end_all(self) -> None:
        """Cancel every job and wait until each has ended (``end``): a loop whose cancel was
        lost (the lobby's waves) would run on, and hold up the process's exit for ever."""
        await end(self._tasks, report=False)  # ``_done`` tells their failures

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table job failed", exc_info=task.exception())
