"""Playing at a table: people's moves and chat, the bots' moves, rematches, and telling everyone.

Every action goes through the rules, then into the journal, then out to every connection at the
table (and whoever else the placement says hears of it). Each update is made once for each
audience (a seat, the spectators) and the same bytes go to everyone in it; each connection's
outbox holds it until the journal has kept the action (see ``Connection``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from cardtable.core.bots import bot_rng
from cardtable.core.codec import encode
from cardtable.core.errors import IllegalAction
from cardtable.online.chat import TableChat
from cardtable.online.connection import Connection
from cardtable.online.directory import TableDirectory
from cardtable.online.jobs import Jobs
from cardtable.online.journal import Journal
from cardtable.online.metrics import ServerMetrics
from cardtable.online.placement import Placement
from cardtable.online.protocol import Chat, Move, Rematch, RematchExpired
from cardtable.online.store import SharedStore, TableStore
from cardtable.online.tables import Refusal, Table


class TablePlay:
    """Moves, bots, chat and rematches at the tables of ``tables``."""

    def __init__(
        self,
        tables: TableDirectory,
        store: TableStore | SharedStore,
        journal: Journal,
        metrics: ServerMetrics,
        placement: Placement,
        jobs: Jobs,
        bot_pause: float,
        rematch_offer: float,
    ) -> None:
        self.tables = tables
        self.store = store
        self.journal = journal
        self.metrics = metrics
        self.placement = placement
        self.jobs = jobs
        self.bot_pause = bot_pause
        #: seconds a seat's rematch offer stands before it is withdrawn
        self.rematch_offer = rematch_offer
        self.chat = TableChat()
        #: told of a game's end right after its finish is journalled (a result may join it)
        self.ended: Callable[[Table], None] = _nothing
        #: told after every broadcast of a table (the lobby's listings follow it)
        self.told: Callable[[Table], None] = _nothing

    def _table(self, conn: Connection) -> Table:
        """The table ``conn`` sits at, or the refusal that says why it may not act."""
        if self.placement.following(conn):
            raise Refusal("spectator", "this table is played on another node: watch only")
        if conn.table is None:
            raise Refusal("hello", "sit at a table first: create, join, resume or watch")
        return conn.table

    # -- what people send ----------------------------------------------------------------------

    async def move(self, conn: Connection, message: Move) -> None:
        read_at = time.perf_counter()
        table = self._table(conn)
        await self.apply(table, table.play(conn.seat, message.ply, message.action))
        self.journal.when_kept(partial(self.metrics.kept, read_at))

    async def say(self, conn: Connection, message: Chat) -> None:
        self.chat.say(conn, self._table(conn), message.text)

    async def rematch(self, conn: Connection, message: Rematch) -> None:
        table = self._table(conn)
        if not table.match.is_over:
            raise Refusal("rematch", "a rematch can only start once the game is over")
        if conn.seat is None:
            raise Refusal("spectator", "spectators cannot ask for a rematch")
        table.may_start_again()
        asked_before = conn.seat in table.again
        table.again.add(conn.seat)
        present = {p.seat for p in table.peers if p.seat is not None}
        if not present <= table.again:
            if not asked_before:  # the others see who is ready for another game (once)
                self.broadcast(table)
                self.jobs.spawn(self._withdraw_offer(table, conn.seat, table.id))
            return
        table.start_again(secrets.randbelow(2**31))
        table.again.clear()
        self.journal.write(self.store.finish, table.id)
        self.tables.renumber(table, secrets.token_hex(8))
        self.journal.write(self.store.create, table.record())
        for peer in table.peers:
            peer.sent = peer.noted = 0
        self.broadcast(table)
        self.wake(table)

    async def _withdraw_offer(self, table: Table, seat: int, game: str) -> None:
        """A seat's rematch offer nobody took up in time is withdrawn, and the table told: an
        offer must not stand for ever, nor start a game long after its player walked away."""
        await asyncio.sleep(self.rematch_offer)
        if table.id != game or seat not in table.again or not self.tables.holds(table):
            return  # the rematch began, or the table is gone
        table.again.discard(seat)
        expired = RematchExpired(
            type="rematch_expired",
            seat=seat,
            name=table.seats[seat].name,
            after=self.rematch_offer,
        ).model_dump_json()
        for peer in table.peers:
            peer.send(expired)
        self.broadcast(table)

    # -- playing -------------------------------------------------------------------------------

    async def apply(self, table: Table, action: Any, stand_in: int | None = None) -> None:
        """Apply through the rules, keep, then tell everyone. ``stand_in``: the seat a bot
        played this for while its person is away."""
        ply = len(table.match.actions)
        try:
            table.match.play(action)
        except IllegalAction as refusal:
            raise Refusal("illegal", f"illegal move: {refusal.reason}") from None
        self.metrics.moved(table.spec.id)
        self.journal.write(self.store.append, table.id, ply, encode(action))
        if stand_in is not None:  # kept with the action: a replay must not count it the seat's
            table.by_stand_in[len(table.match.events) - 1] = stand_in
            table.stood_in.append(ply)
            self.journal.write(self.store.seated, table.record())
        table.grow()
        if table.match.is_over:
            self.journal.write(self.store.finish, table.id)
            self.ended(table)
        self.broadcast(table)
        self.wake(table)

    def changed(self, table: Table) -> None:
        """Someone sat down, left or is stood in for at ``table``: tell everyone, and let a
        bot move if one is to."""
        self.broadcast(table)
        self.wake(table)

    def wake(self, table: Table) -> None:
        """If a bot (or a stand-in) is to move, let it think (once every seat is taken); if a
        set or round has ended, deal the next one after the same pause, so the ended boards
        are seen a moment (clients hold it until their result is answered)."""
        if table.waiting:
            return
        seat = table.match.to_move
        if seat is None and table.match.chance is not None:
            self.jobs.spawn(self._deal(table, len(table.match.actions)))
        elif seat is not None and table.player_for(seat) is not None:
            self.jobs.spawn(self._bot_move(table, seat, len(table.match.actions)))

    async def _deal(self, table: Table, ply: int) -> None:
        await asyncio.sleep(self.bot_pause)
        step = table.match.chance
        if step is not None and len(table.match.actions) == ply and self.tables.holds(table):
            await self.apply(table, step)

    async def _bot_move(self, table: Table, seat: int, ply: int) -> None:
        await asyncio.sleep(self.bot_pause)
        match = table.match
        bot = table.player_for(seat)
        if bot is None or len(match.actions) != ply or not self.tables.holds(table):
            return
        view, legal = match.observe(seat), match.legal_actions()
        action = await asyncio.to_thread(bot.choose, view, legal, bot_rng(match.seed, seat, ply))
        if len(match.actions) == ply:
            await self.apply(table, action, seat if seat in table.stand_ins else None)

    def broadcast(self, table: Table) -> None:
        """Tell every connection at ``table``, and whoever else hears of it, what it has not
        heard: one update for each audience, the same bytes for all of it."""
        peers = [*table.peers, *self.placement.audience(table)]
        for peer, data in zip(peers, table.updates_for(peers), strict=True):
            peer.send(data)
        self.told(table)


def _nothing(table: Table) -> None:
    """No one listens (a server without a lobby)."""
