"""The game server: one asyncio process holding every table, on the ``websockets`` library.

A connection's first message sits it at a table (create, join, resume by token, or watch); after
that it sends moves and rematch requests. Every refusal is an ``error`` message naming the problem:
the connection, its table and the server carry on. Bots, and stand-ins for people who left for
longer than the grace period, are played here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.core.bots import bot_rng
from cardtable.core.codec import encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.online.chat import TableChat
from cardtable.online.connection import Connection, Limits
from cardtable.online.gate import Gate
from cardtable.online.journal import Journal
from cardtable.online.metrics import ServerMetrics
from cardtable.online.protocol import (
    MAX_FRAME,
    MAX_MESSAGE,
    PROTOCOL,
    Chat,
    Create,
    Join,
    Move,
    Rematch,
    Resume,
    Watch,
    Welcome,
    error_message,
    message_bytes,
    parse_client,
    plain_problem,
    stated_version,
    upgrade_message,
)
from cardtable.online.store import SharedStore, TableRecord, TableStore
from cardtable.online.tables import Refusal, Table, new_code, token_hash
from cardtable.persist.options import options_model

if TYPE_CHECKING:
    from cardtable.online.cluster import Node

log = logging.getLogger("cardtable.server")

#: the longest message the websockets library reads at all: it closes on a longer one itself
#: (1009, before any reply), so it is kept well above ``MAX_FRAME``, which is answered first
READ_CEILING = 4 * MAX_FRAME


class GameServer:
    """Every table, by id and by code, and the store they are written to."""

    def __init__(self, store: TableStore | SharedStore, limits: Limits | None = None) -> None:
        self.store = store
        #: actions and finished games, committed a loop turn's worth at a time
        self.journal = Journal(store, self.give_up)
        self.limits = limits or Limits()
        self.chat = TableChat()
        self.metrics = ServerMetrics()
        self.tables: dict[str, Table] = {}
        self.by_code: dict[str, Table] = {}
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: every open connection, so stopping ends their writers too
        self.connections: set[Connection] = set()
        self.gate = Gate(self.limits.quotas)
        #: who opened each table (rebuilt ones: nobody known), and when anyone last came or moved
        self._opener: dict[Table, str] = {}
        self._touched: dict[Table, float] = {}
        #: this server as one of several nodes (``serve --redis``), else None
        self.node: Node | None = None

    async def restore(self) -> None:
        """Rebuild every table still in play from the store (a shared store: claiming each)."""
        if isinstance(self.store, SharedStore):
            for table_id, _ in await self.store.unfinished():
                await self.take_over(table_id)
            return
        for record, actions in self.store.unfinished():
            self._rebuild(record, actions)

    async def take_over(self, table_id: str) -> Table | None:
        """Claim a table of the shared store (whoever held it may write no more) and play on
        from its log; None if it is over or cannot be rebuilt."""
        assert isinstance(self.store, SharedStore)
        claimed = await self.store.claim(table_id)
        if claimed is None:
            return None
        return self._rebuild(*claimed)

    def _rebuild(self, record: TableRecord, actions: list[dict[str, Any]]) -> Table | None:
        try:
            table = Table.rebuild(GAMES[record.game], record, actions)
        except (KeyError, ValueError, IllegalAction) as error:
            log.error("table %s could not be rebuilt: %s", record.id, error)
            return None
        self._add(table)
        for seat in table.claimed:  # nobody is back yet: bots stand in if they stay away
            self._absent(table, seat)
        self.wake(table)
        return table

    def give_up(self, table_ids: set[str], why: str = "its write was refused") -> None:
        """Another node claimed these tables: what this one did since is not kept, so it lets
        them go and hangs up on their players, who come back through the table's new owner."""
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is None:
                continue
            log.warning("table %s is another node's now (%s): giving it up", table.invite, why)
            self._forget(table)
            for peer in list(table.peers):
                peer.close()  # nothing more is sent: it may tell of writes refused
                self._spawn(peer.ws.close(1012, "the table moved to another node"))

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.by_code[table.invite] = self.by_code[table.watch] = table
        self._touched[table] = time.monotonic()

    def _close(self, table: Table) -> None:
        """Forget a table nobody has come back to: its game is abandoned, its codes freed."""
        self._forget(table)
        self.journal.write(self.store.finish, table.id)
        if self.node is not None:
            self._spawn(self.node.release(table))
        idle = self.limits.quotas.idle_minutes
        log.info("closed table %s: nobody there for %g minutes", table.invite, idle)

    def _forget(self, table: Table) -> None:
        """Drop a table from memory with its timers (its log stays as it is)."""
        if self.node is not None:
            self.node.forget(table)
        del self.tables[table.id]
        del self.by_code[table.invite], self.by_code[table.watch]
        del self._touched[table]
        for seat in range(len(table.seats)):
            timer = self._timers.pop((table.id, seat), None)
            if timer is not None:
                timer.cancel()
        opener = self._opener.pop(table, None)
        if opener is not None:
            self.gate.closed(opener)

    async def start(self, host: str = "127.0.0.1", port: int = 7777) -> Server:
        """Listen; the returned server's ``close()`` stops it. Bots of rebuilt tables resume."""
        await (self.restore() if self.node is None else self.node.start())
        server = await serve(
            self.handle,
            host,
            port,
            max_size=READ_CEILING,
            compression=None,
            process_request=None if self.node is None else self.node.process_request,
        )
        self._spawn(self._sweep())
        return server

    async def _sweep(self) -> None:
        """Now and then: close the tables left empty too long, forget spent-out guessers."""
        idle = self.limits.quotas.idle_minutes * 60
        while True:
            await asyncio.sleep(min(60.0, idle / 4))
            stale = time.monotonic() - idle
            for table in [t for t, seen in self._touched.items() if seen < stale]:
                if not table.peers:
                    self._close(table)
            self.gate.forget_idle()

    def stop(self) -> None:
        """Forget pending bot moves and grace timers (the listening server is closed apart)."""
        for timer in self._timers.values():
            timer.cancel()
        for task in tuple(self._tasks):
            task.cancel()
        for conn in self.connections:
            conn.close()
        self._timers.clear()

    # -- one connection ------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits, self.journal)
        self.connections.add(conn)
        overdue = asyncio.get_running_loop().call_later(
            self.limits.quotas.hello_deadline, self._overdue, conn
        )
        try:
            async for raw in ws:
                if not conn.allowed():
                    conn.strikes += 1
                    if conn.strikes > self.limits.burst * 5:  # it is not listening: hang up
                        await ws.close(1008, "too many messages")
                        break
                    self.refuse(conn, "rate", "too many messages: slow down")
                    continue
                size = message_bytes(raw)
                if size > MAX_FRAME:
                    over = f"message over {MAX_FRAME // 1024} KiB ({size} bytes)"
                    self.refuse(conn, "size", f"{over}: closing the connection")
                    await self._hang_up(conn, 1009, "message too big")
                    break
                if size > MAX_MESSAGE:
                    self.refuse(conn, "size", f"message too large: at most {MAX_MESSAGE} bytes")
                    continue
                await self.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            overdue.cancel()
            if self.node is not None:
                self.node.followers.remove(conn)
            conn.close()
            if conn.dropped is not None:
                self.metrics.dropped(conn.dropped)
            self.connections.discard(conn)
            self.leave(conn)

    def _overdue(self, conn: Connection) -> None:
        """A connection that never sat down is told why and hung up on."""
        if conn.table is None:
            deadline = f"{self.limits.quotas.hello_deadline:g}"
            self.refuse(conn, "hello", f"sit at a table within {deadline} s of connecting")
            self._spawn(self._hang_up(conn, 1008, "no hello"))

    async def _hang_up(self, conn: Connection, code: int, why: str) -> None:
        """Close once what ``conn`` was told has left (or after the send deadline)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.flushed(), self.limits.send_deadline)
        await conn.ws.close(code, why)

    async def receive(self, conn: Connection, raw: str | bytes) -> None:
        """Act on one message, answering a refusal with an error naming it."""
        read_at = time.perf_counter()
        stated = stated_version(raw)
        if conn.table is None and stated not in (None, PROTOCOL):
            self._upgrade(conn, stated)
            return
        try:
            message = parse_client(raw)
        except ValidationError as error:
            self.refuse(conn, "invalid", plain_problem(error))
            return
        try:
            if isinstance(message, Move | Rematch | Chat):
                if self.node is not None and self.node.followers.following(conn):
                    raise Refusal("spectator", "this table is played on another node: watch only")
                if conn.table is None:
                    raise Refusal("hello", "sit at a table first: create, join, resume or watch")
                if isinstance(message, Move):
                    await self.move(conn, conn.table, message)
                    self.metrics.kept(read_at, self.journal.commit_pending())
                elif isinstance(message, Chat):
                    self.chat.say(conn, conn.table, message.text)
                else:
                    await self.rematch(conn, conn.table)
            elif conn.table is not None or (self.node and self.node.followers.following(conn)):
                raise Refusal("seated", "this connection already sits at a table")
            elif message.version != PROTOCOL:
                self._upgrade(conn, message.version)
            else:
                await self.sit(conn, message)
        except Refusal as refusal:
            self.refuse(conn, refusal.code, refusal.message)

    def refuse(self, conn: Connection, code: str, text: str) -> None:
        """Tell ``conn`` why its message was refused, and count the refusal by its code."""
        self.metrics.refused(code)
        conn.send(error_message(code, text))

    def _upgrade(self, conn: Connection, stated: int | None) -> None:
        """An older (or newer) client is told to upgrade instead: a refusal of its own kind."""
        self.metrics.refused("upgrade")
        conn.send(upgrade_message(stated))

    async def sit(self, conn: Connection, hello: Create | Join | Resume | Watch) -> None:
        token = None
        if isinstance(hello, Create):
            self.gate.may_open(conn.address, len(self.tables))
            table = self.create(hello)
            await self._route(table)
            self.gate.opened(conn.address)
            self._opener[table] = conn.address
            seat = table.newcomer_seat()
            token = table.claim(seat, hello.name)
        elif isinstance(hello, Resume):
            self.gate.may_guess(conn.address)
            found = self._by_token(hello.token)
            if found is None:
                self.gate.missed(conn.address)
                raise Refusal("token", "that seat token is not known here (the table may be over)")
            table, seat = found
            if found[0].present(found[1]):
                raise Refusal("taken", "another connection sits in that seat now")
            if table.match.game.has_left(table.match.state, seat):
                raise Refusal("left", "you have left that seat: join again with the invite code")
        else:
            self.gate.may_guess(conn.address)
            known = self.by_code.get(hello.code)
            if known is None and isinstance(hello, Watch) and self.node is not None:
                if await self.node.watch(conn, hello):  # a table another node owns
                    return
            if known is None:
                self.gate.missed(conn.address)
                raise Refusal("code", f"no table has the code {hello.code}")
            table = known
            if isinstance(hello, Watch):
                seat, conn.name = None, hello.name
            else:
                if hello.code != table.invite:
                    raise Refusal("code", f"{hello.code} is a watch code: use 'watch' with it")
                ply = len(table.match.actions)
                seat = table.newcomer_seat()
                token = table.claim(seat, hello.name)
                for n, action in enumerate(table.match.actions[ply:], ply):  # an arrival
                    self.journal.write(self.store.append, table.id, n, encode(action))
        if isinstance(hello, Create):
            self.journal.write(self.store.create, table.record())
        elif token is not None:  # a join: its seat kept with any arrival, before the token goes
            self.journal.write(self.store.seated, table.record())
        conn.table, conn.seat = table, seat
        table.peers.add(conn)
        self._touched[table] = time.monotonic()
        if seat is not None:
            self._returned(table, seat)
        welcome = Welcome(
            type="welcome",
            game=table.spec.id,
            seat=seat,
            token=token,
            invite=table.invite,
            watch=table.watch,
            config=None if table.spec.rules.secret_config else encode(table.match.config),
        )
        conn.send(welcome.model_dump_json())
        self.broadcast(table)
        self.wake(table)

    def create(self, hello: Create) -> Table:
        spec = GAMES.get(hello.game)
        if spec is None:
            raise Refusal("game", f"unknown game {hello.game!r}; choose from: {', '.join(GAMES)}")
        rules = spec.rules
        for word in hello.seats:
            if word != "human" and word not in spec.bots:
                levels = ", ".join(spec.bots)
                raise Refusal("seats", f"unknown seat {word!r}: 'human' or one of {levels}")
        if "human" not in hello.seats:
            raise Refusal("seats", "a table needs at least one 'human' seat")
        if not rules.min_seats <= len(hello.seats) <= rules.max_seats:
            raise Refusal(
                "seats", f"{spec.title} takes {rules.min_seats} to {rules.max_seats} players"
            )
        humans = tuple(i for i, word in enumerate(hello.seats) if word == "human")
        config = rules.seat_people(self._config(spec, hello), humans)
        seats = tuple(
            Seat(f"Player {i + 1}") if w == "human" else Seat(f"Bot {i + 1}", w)
            for i, w in enumerate(hello.seats)
        )
        match = Match.new(rules, config, secrets.randbelow(2**31))
        table = Table(secrets.token_hex(8), spec, match, seats, [], *self._codes())
        self._add(table)
        return table

    def _config(self, spec: Any, hello: Create) -> Any:
        options = dict(hello.options)
        model = options_model(spec.id)
        fields = model.model_fields
        unknown = [k for k in options if k not in fields]
        if unknown:
            raise Refusal("options", f"unknown option {unknown[0]!r} for {spec.id}")
        if "mode" in fields and "mode" not in options:
            options["mode"] = "solo" if len(hello.seats) == 1 else "table"
        try:
            return model(**options).to_config(len(hello.seats))
        except (ValidationError, ValueError) as error:
            raise Refusal("options", f"bad options: {error}".splitlines()[0]) from None

    async def _route(self, table: Table) -> None:
        """Take a new table's routes (several nodes), new codes if another node has them."""
        for _ in range(5):
            if self.node is None or await self.node.place(table):
                return
            del self.by_code[table.invite], self.by_code[table.watch]
            table.invite, table.watch = self._codes()
            self.by_code[table.invite] = self.by_code[table.watch] = table
        self._forget(table)
        raise Refusal("busy", "no free table code was found: try again")

    def _codes(self) -> tuple[str, str]:
        while True:
            invite, watch = new_code(), new_code()
            if invite != watch and invite not in self.by_code and watch not in self.by_code:
                return invite, watch

    def _by_token(self, token: str) -> tuple[Table, int] | None:
        digest = token_hash(token)
        for table in self.tables.values():
            if digest in table.tokens:
                return table, table.tokens.index(digest)
        return None

    def leave(self, conn: Connection) -> None:
        table, seat = conn.table, conn.seat
        if table is None or self.tables.get(table.id) is not table:  # or given up
            return
        table.peers.discard(conn)
        self._touched[table] = time.monotonic()
        if seat is not None and not table.present(seat):
            self._absent(table, seat)
        self.broadcast(table)

    def _absent(self, table: Table, seat: int) -> None:
        """Nobody sits in ``seat`` now: a bot stands in if they are not back in time."""
        loop = asyncio.get_running_loop()
        key = (table.id, seat)
        self._timers[key] = loop.call_later(self.limits.grace, self._stand_in, table, seat)

    def _stand_in(self, table: Table, seat: int) -> None:
        """The grace period is over and the seat is still empty: a bot plays it for now."""
        self._timers.pop((table.id, seat), None)
        if table.present(seat) or table.id not in self.tables:
            return
        table.stand_in(seat, table.spec.bots[self.limits.stand_in]())
        self.broadcast(table)
        self.wake(table)

    def _returned(self, table: Table, seat: int) -> None:
        timer = self._timers.pop((table.id, seat), None)
        if timer is not None:
            timer.cancel()
        table.returned(seat)

    # -- playing -------------------------------------------------------------------------------

    async def move(self, conn: Connection, table: Table, message: Move) -> None:
        action = table.play(conn.seat, message.ply, message.action)
        await self.apply(table, action)

    async def apply(self, table: Table, action: Any, stand_in: int | None = None) -> None:
        """Apply through the rules, keep, then tell everyone. ``stand_in``: the seat a bot
        played this for while its person is away."""
        ply = len(table.match.actions)
        try:
            table.match.play(action)
        except IllegalAction as refusal:
            raise Refusal("illegal", f"illegal move: {refusal.reason}") from None
        if stand_in is not None:
            table.by_stand_in[len(table.match.events) - 1] = stand_in
        self.metrics.moved(table.spec.id)
        self.journal.write(self.store.append, table.id, ply, encode(action))
        table.grow()
        if table.match.is_over:
            self.journal.write(self.store.finish, table.id)
        self.broadcast(table)
        self.wake(table)

    def wake(self, table: Table) -> None:
        """If a bot (or a stand-in) is to move, let it think."""
        seat = table.match.to_move
        if seat is not None and table.player_for(seat) is not None:
            self._spawn(self._bot_move(table, seat, len(table.match.actions)))

    async def _bot_move(self, table: Table, seat: int, ply: int) -> None:
        await asyncio.sleep(self.limits.bot_pause)
        match = table.match
        bot = table.player_for(seat)
        if bot is None or len(match.actions) != ply or self.tables.get(table.id) is not table:
            return
        view, legal = match.observe(seat), match.legal_actions()
        action = await asyncio.to_thread(bot.choose, view, legal, bot_rng(match.seed, seat, ply))
        if len(match.actions) == ply:
            await self.apply(table, action, seat if seat in table.stand_ins else None)

    async def rematch(self, conn: Connection, table: Table) -> None:
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
            return
        table.start_again(secrets.randbelow(2**31))
        table.again.clear()
        del self.tables[table.id]
        self.journal.write(self.store.finish, table.id)
        table.id = secrets.token_hex(8)
        self.tables[table.id] = table
        self.journal.write(self.store.create, table.record())
        for peer in table.peers:
            peer.sent = peer.noted = 0
        self.broadcast(table)
        self.wake(table)

    def broadcast(self, table: Table) -> None:
        """Tell every peer what it has not heard (each message leaves once what it tells of
        is in the store: see ``Connection``)."""
        peers = list(table.peers)
        for peer, text in zip(peers, table.updates_for(peers), strict=True):
            peer.send(text)
        if self.node is not None:
            self.node.publish(table)

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table job failed", exc_info=task.exception())
