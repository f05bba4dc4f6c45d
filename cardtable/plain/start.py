"""The plain mode's two doors: a game held here (``play``) and one held by a server (``host``,
``join``, ``watch``), each run on its own asyncio loop at standard input and output."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TextIO

from cardtable.online.remote import RemoteSession
from cardtable.plain.console import Console, Lines, StreamLines
from cardtable.plain.lobby import ask_name, sit_down
from cardtable.plain.table import Again, PlainTable
from cardtable.session import Session

#: the exit status of a game left with Ctrl-C
INTERRUPTED = 130


def console_for(width: int, bell: bool, out: TextIO | None = None) -> Console:
    """Standard output; what is typed is echoed only when it comes from a pipe, not a person."""
    return Console(out or sys.stdout, width, echo=not sys.stdin.isatty(), bell=bell)


def run(play: Callable[[Console, Lines], Coroutine[Any, Any, int]], console: Console) -> int:
    try:
        return asyncio.run(play(console, StreamLines(sys.stdin.fileno())))
    except KeyboardInterrupt:
        console.say("Interrupted.")
        return INTERRUPTED


def play_here(session: Session, again: Again, console: Console) -> int:
    """A game held here, to its end (and the next, if asked for)."""

    async def play(console: Console, lines: Lines) -> int:
        return await PlainTable(session, console, lines, again).play()

    return run(play, console)


def play_online(session: RemoteSession, name_wanted: bool, console: Console) -> int:
    """Sit down at a table held elsewhere (asking a name first if none was given) and play."""

    async def play(console: Console, lines: Lines) -> int:
        if name_wanted:
            name = await ask_name(console, lines)
            if name is None:
                return 0
            session.hello["name"] = name
        if not await sit_down(session, console):
            session.hang_up()
            return 1
        return await PlainTable(session, console, lines).play()

    return run(play, console)
