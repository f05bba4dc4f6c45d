"""Tests wait for what they are waiting for, never for a fixed time: a condition is looked at
again and again until it holds, up to a deadline that only a broken test reaches, and a test
that reaches it fails with a message naming the condition it waited for."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: every wait in the tests gives up after this many seconds (a loaded machine needs a few)
PATIENCE = 30.0
#: seconds between two looks at a condition that nothing announces
LOOK_AGAIN = 0.01

#: what a wait was for: words, or a function giving them at the moment it gave up (to say
#: what there was instead)
What = str | Callable[[], str]


def _gave_up(what: What, patience: float) -> AssertionError:
    said = what() if callable(what) else what
    return AssertionError(f"waited {patience:g} s for {said}")


async def until(
    holds: Callable[[], T | Awaitable[T]],
    what: What,
    patience: float = PATIENCE,
    *,
    pilot: Any = None,
    every: float = LOOK_AGAIN,
) -> T:
    """``holds()`` (awaited if it is a coroutine) once it is truthy. With a Textual ``pilot``,
    each look comes after the app has handled the messages it had (``pilot.pause()``), as a
    person would see it; without one, ``every`` seconds (longer for a look that costs a query
    or a connection)."""
    deadline = asyncio.get_running_loop().time() + patience
    while True:
        if pilot is not None:
            await pilot.pause()
        value = holds()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value  # type: ignore[return-value]
        if asyncio.get_running_loop().time() > deadline:
            raise _gave_up(what, patience)
        if pilot is None:
            await asyncio.sleep(every)


def until_blocking(
    holds: Callable[[], T],
    what: What,
    patience: float = PATIENCE,
    *,
    between: Callable[[], object] | None = None,
) -> T:
    """``until`` for a test outside an event loop (a browser, a child process): ``holds()``
    once it is truthy, with ``between()`` between two looks (a tenth of a second's sleep
    unless the caller has something to keep turning meanwhile, such as a browser page)."""
    deadline = time.monotonic() + patience
    while not (value := holds()):
        if time.monotonic() > deadline:
            raise _gave_up(what, patience)
        if between is None:
            time.sleep(0.1)
        else:
            between()
    return value
