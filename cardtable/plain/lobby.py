"""Sitting down at a table held elsewhere: a name if none was given, the codes to send a
friend, and the wait until every seat is taken."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from cardtable.core.names import clean_name
from cardtable.online.reach import join_line
from cardtable.online.remote import RemoteSession
from cardtable.plain.console import Console, Lines
from cardtable.session import Change


async def ask_name(console: Console, lines: Lines) -> str | None:
    """The player's name, asked until it is one a table takes; None if input ends."""
    while True:
        console.ask("Your name at the table:")
        typed = await lines.next()
        console.heard(typed)
        if typed is None:
            return None
        try:
            return clean_name(typed)
        except ValueError as problem:
            console.say(f"Not a name here: {problem}.")


async def sit_down(session: RemoteSession, console: Console, codes: bool = True) -> bool:
    """Connect, tell the codes (``codes``: a table of friends, not a quick match's), and wait for
    the table to fill; False if it cannot be played."""
    changed = asyncio.Event()

    def heard(change: Change) -> None:
        changed.set()

    loop = asyncio.get_running_loop()

    def dispatch(callback: Callable[[], None]) -> None:
        loop.call_soon_threadsafe(callback)

    session.connect(heard, dispatch)
    console.say(f"Connecting to {session.url}.")
    session.start()
    try:
        await session.ready.wait()
        if codes and session.problem is None and not session.spectating:
            console.say(f"{session.spec.title}. Invite code: {session.invite}.")
            console.say(f"A friend joins with: {join_line(session.shared_url, session.invite)}")
            watch = join_line(session.shared_url, session.watch, "watch")
            console.say(f"and looks on with: {watch}")
        told = False
        while session.problem is None and session.waiting:
            if not told:
                console.say("Waiting for every seat to be taken.")
                told = True
            changed.clear()
            await changed.wait()
    finally:
        session.disconnect(heard)
    if session.problem is not None:
        console.say(f"Cannot play: {session.problem}.")
        return False
    return True
