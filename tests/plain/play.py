"""A plain table played in this process: scripted input in, the transcript out."""

from __future__ import annotations

import io

from cardtable.core.seats import Seat, default_seats
from cardtable.games.registry import get
from cardtable.plain.console import Console, ScriptLines
from cardtable.plain.table import PlainTable
from cardtable.session import LocalSession, Session
from cardtable.tools.setup import build_options, make_config


def local_session(game: str, seats: tuple[Seat, ...], seed: int, solo: bool = False) -> Session:
    """A game as ``cardtable play GAME --plain`` starts it: the rules' default options."""
    spec = get(game)
    config = make_config(spec, build_options(spec, [], solo, len(seats)), len(seats))
    return LocalSession.new(spec, config, seats, seed)


def against_bots(game: str, bots: int, level: str = "easy") -> tuple[Seat, ...]:
    return default_seats(1, (level,) * bots)


async def transcript(session: Session, script: list[str], width: int = 40) -> tuple[str, int]:
    """What the player reads, with each typed line echoed after its prompt, and the exit
    status; input ends after the last scripted line."""
    out = io.StringIO()
    console = Console(out, width, echo=True, bell=False)

    def again(finished: Session) -> Session:
        return LocalSession.new(finished.spec, finished.config, finished.seats, 0)

    status = await PlainTable(session, console, ScriptLines(script), again).play()
    return out.getvalue(), status
