"""A seat played headless by one of our bots over the network: ``cardtable join CODE --bot``,
the tests and ``bench online`` play through it exactly as a person's client would."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.core.rng import derive_rng
from cardtable.core.seating import PolicyError, is_policy, make_bot
from cardtable.online.remote import RemoteSession
from cardtable.session.base import Change, Refused, Status


class BotSeat:
    """Plays ``level`` in the seat ``session`` sits in, whenever it is that seat's turn."""

    def __init__(self, session: RemoteSession, level: str, think: float = 0.0) -> None:
        """``think``: seconds to wait before each move."""
        self.session = session
        self.level = level
        self.bot: Any = None  # made at the first move: a joiner learns its game from the server
        self.think = think
        self.done = asyncio.Event()
        self._asked = -1
        #: why the bot stopped before the game ended (an illegal move from a policy)
        self.failure: str | None = None
        session.connect(self._changed, lambda callback: callback())

    def _changed(self, change: Change | None = None) -> None:
        session = self.session
        if session.problem is not None or (session.ready.is_set() and session.is_over):
            self.done.set()
            return
        if not session.ready.is_set():
            return
        session.proceed()  # nothing here to show: take what the server sent after a set ended
        if isinstance(change, Status):
            self._asked = -1  # back online: a move sent as the line dropped may be lost
        if isinstance(change, Refused):
            # refused (too fast, say): ask the bot again in a moment
            self._asked = -1
            asyncio.get_running_loop().call_later(0.25, self._changed)
            return
        if session.my_turn and session.ply != self._asked:
            self._asked = session.ply
            asyncio.get_running_loop().call_later(self.think, self._move, session.ply)

    def _move(self, ply: int) -> None:
        session = self.session
        if session.ply != ply or not session.my_turn:
            return
        if self.bot is None:
            if self.level not in session.spec.bots and not is_policy(self.level):
                self.failure = f"{session.spec.title} has no {self.level!r} bot"
                self.done.set()
                return
            self.bot = make_bot(session.spec.bots, self.level)
        # the table's code in the purpose: each table's bot samples its own way
        rng = derive_rng(ply, f"online:{session.invite}:{session.viewer}")
        try:
            action = self.bot.choose(session.observe(), session.playable(), rng)
        except PolicyError as error:  # a user's policy chose an illegal move: stop, saying so
            self.failure = str(error)
            self.done.set()
            return
        session.submit(action)

    async def play(self, timeout: float) -> RemoteSession:
        """Play until the game ends (or ``timeout`` seconds pass: TimeoutError)."""
        self.session.start()
        async with asyncio.timeout(timeout):
            await self.session.ready.wait()
            self._changed()
            await self.done.wait()
        return self.session
