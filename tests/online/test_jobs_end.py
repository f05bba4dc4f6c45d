"""``jobs.end`` stops the server's loops for sure: a task whose cancel was lost on the way
(Python 3.11's ``asyncio.wait_for`` drops one that comes as what it waits for finishes) is
cancelled again, and one that will not end at all is named and left, never waited on for ever."""

from __future__ import annotations

import asyncio
import logging
import sys

import pytest

from cardtable.online.jobs import Jobs, end


async def test_a_loop_whose_cancel_was_lost_is_ended() -> None:
    """The loop loses its first cancel exactly as wait_for loses it: the write it waits for
    finishes in the turn the cancel comes."""
    written = asyncio.Event()
    turns = 0

    async def write() -> None:
        written.set()  # the stopper is woken before wait_for hears that the write is done

    async def loop() -> None:
        nonlocal turns
        while True:
            await asyncio.wait_for(write(), 5.0)
            turns += 1
            await asyncio.sleep(0.01)

    task = asyncio.get_running_loop().create_task(loop())
    await written.wait()
    await end([task], patience=30.0)
    assert task.cancelled()
    if sys.version_info < (3, 12):  # 3.12's wait_for no longer loses it
        assert turns >= 1, "the first cancel was not lost: the test did not test the loss"


async def test_a_task_that_will_not_end_is_named_and_left(
    caplog: pytest.LogCaptureFixture,
) -> None:
    holding = True

    async def stubborn() -> None:
        while holding:
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                continue

    task = asyncio.get_running_loop().create_task(stubborn(), name="stubborn")
    await asyncio.sleep(0)
    with caplog.at_level(logging.WARNING, logger="cardtable.server"):
        await end([task], patience=0.5)
    assert not task.done()
    assert "did not end when cancelled" in caplog.text and "stubborn" in caplog.text
    holding = False
    task.cancel()
    await asyncio.wait([task])


async def test_what_a_stopped_task_had_failed_with_is_told(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def fails() -> None:
        raise RuntimeError("the store went away")

    task = asyncio.get_running_loop().create_task(fails())
    await asyncio.wait([task])
    with caplog.at_level(logging.ERROR, logger="cardtable.server"):
        await end([task])
    assert "the store went away" in caplog.text


async def test_the_jobs_end_though_a_loop_lost_its_cancel() -> None:
    """The lobby's wave loop is a job: its lost cancel held up the process's exit, where
    asyncio.run waits for every task it cancels."""
    written = asyncio.Event()

    async def write() -> None:
        written.set()

    async def waves() -> None:
        while True:
            await asyncio.wait_for(write(), 5.0)
            await asyncio.sleep(0.01)

    jobs = Jobs()
    jobs.spawn(waves())
    await written.wait()
    await jobs.end_all()
    still = [
        t
        for t in asyncio.all_tasks()
        if getattr(t.get_coro(), "__qualname__", "") == waves.__qualname__
    ]
    assert not still, "the wave loop runs on"
