"""Sitting down: opening a table, joining one by its invite code, resuming a seat by its token,
watching by the watch code; and getting up again.

Every refusal is a ``Refusal`` naming the problem (an unknown code, a full table, a seat taken);
the gate counts tables opened and codes guessed by address.
"""

from __future__ import annotations

import secrets
from typing import Any, NoReturn

from pydantic import ValidationError

from cardtable.core.codec import encode
from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec
from cardtable.online.absence import Absences
from cardtable.online.connection import Connection
from cardtable.online.directory import TableDirectory
from cardtable.online.gate import Gate
from cardtable.online.journal import Journal
from cardtable.online.lifecycle import Lifecycle
from cardtable.online.placement import Placement
from cardtable.online.play import TablePlay
from cardtable.online.protocol import Create, Join, Resume, Watch, Welcome, plain_problem
from cardtable.online.store import SharedStore, TableStore
from cardtable.online.tables import Refusal, Table
from cardtable.persist.options import options_model

#: tries at codes no other node has, before a new table is refused
CODE_TRIES = 5


class Seating:
    """Seats connections at the tables of ``tables``, and takes them away again."""

    def __init__(
        self,
        tables: TableDirectory,
        store: TableStore | SharedStore,
        journal: Journal,
        gate: Gate,
        placement: Placement,
        absences: Absences,
        play: TablePlay,
        lifecycle: Lifecycle,
    ) -> None:
        self.tables = tables
        self.store = store
        self.journal = journal
        self.gate = gate
        self.placement = placement
        self.absences = absences
        self.play = play
        self.lifecycle = lifecycle

    async def sit(self, conn: Connection, hello: Create | Join | Resume | Watch) -> None:
        """Seat ``conn`` as its first message asks, tell it so, and tell the table."""
        if conn.table is not None or self.placement.following(conn):
            raise Refusal("seated", "this connection already sits at a table")
        if conn.visitor is not None:
            raise Refusal(
                "seated", "this is a lobby connection: sit down on a connection of its own"
            )
        if isinstance(hello, Create):
            table, seat, token = await self._open(conn, hello)
            self.journal.write(self.store.create, table.record())
        elif isinstance(hello, Resume):
            table, seat = self._resume(conn, hello)
            token = None
        elif isinstance(hello, Watch):
            found = self._known(conn, hello.code)
            if found is None:
                if await self.placement.watch(conn, hello):  # a table another node holds
                    return
                self._missed(conn, hello.code)
            table, seat, token = found, None, None
            conn.name = hello.name
        else:
            table, seat, token = self._join(conn, hello)
            # its seat kept with any arrival, before the token goes
            self.journal.write(self.store.seated, table.record())
        conn.table, conn.seat = table, seat
        table.peers.add(conn)
        self.tables.touch(table)
        if seat is not None:
            table.expected.discard(seat)  # a quick match's player has sat down
            self.absences.back(table, seat)
        conn.send(self._welcome(table, seat, token))
        self.play.changed(table)

    def leave(self, conn: Connection) -> None:
        """``conn`` has gone: its seat is empty (a stand-in may come) and the table is told."""
        table, seat = conn.table, conn.seat
        if table is None or not self.tables.holds(table):  # or given up
            return
        table.peers.discard(conn)
        self.tables.touch(table)
        if seat is not None and not table.present(seat):
            self.absences.away(table, seat)
        if table.match.is_over and not table.peers:
            self.lifecycle.let_go(table)
            return
        self.play.broadcast(table)

    # -- each way of sitting down --------------------------------------------------------------

    async def _open(self, conn: Connection, hello: Create) -> tuple[Table, int, str]:
        self.gate.may_open(conn.address, len(self.tables))
        table = self.create(hello)
        self.tables.add(table)  # its codes are held here while other nodes are asked
        for _ in range(CODE_TRIES):
            if await self.placement.place(table):
                break
            self.tables.recode(table)
        else:
            self.lifecycle.forget(table)
            raise Refusal("busy", "no free table code was found: try again")
        self.gate.opened(conn.address)
        self.tables.opened_by(table, conn.address)
        seat = table.newcomer_seat()
        return table, seat, table.claim(seat, hello.name)

    def _resume(self, conn: Connection, hello: Resume) -> tuple[Table, int]:
        self.gate.may_guess(conn.address)
        found = self.tables.by_token(hello.token)
        if found is None:
            self.gate.missed(conn.address)
            raise Refusal("token", "that seat token is not known here (the table may be over)")
        table, seat = found
        if table.present(seat):
            raise Refusal("taken", "another connection sits in that seat now")
        if table.match.game.has_left(table.match.state, seat):
            raise Refusal("left", "you have left that seat: join again with the invite code")
        return table, seat

    def _join(self, conn: Connection, hello: Join) -> tuple[Table, int, str]:
        table = self._known(conn, hello.code)
        if table is None:
            self._missed(conn, hello.code)
        if hello.code != table.invite:
            raise Refusal("code", f"{hello.code} is a watch code: use 'watch' with it")
        ply = len(table.match.actions)
        seat = table.newcomer_seat()
        token = table.claim(seat, hello.name)
        for n, action in enumerate(table.match.actions[ply:], ply):  # an arrival
            self.journal.write(self.store.append, table.id, n, encode(action))
        return table, seat, token

    def _known(self, conn: Connection, code: str) -> Table | None:
        self.gate.may_guess(conn.address)
        return self.tables.by_code.get(code)

    def _missed(self, conn: Connection, code: str) -> NoReturn:
        self.gate.missed(conn.address)
        raise Refusal("code", f"no table has the code {code}")

    @staticmethod
    def _welcome(table: Table, seat: int | None, token: str | None) -> str:
        return Welcome(
            type="welcome",
            game=table.spec.id,
            seat=seat,
            token=token,
            invite=None if seat is None else table.invite,
            watch=table.watch,
            config=None if table.spec.rules.secret_config else encode(table.match.config),
        ).model_dump_json()

    # -- a new table ---------------------------------------------------------------------------

    def create(self, hello: Create) -> Table:
        """A table as ``hello`` asks for it, with codes no table here has (not yet added)."""
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
        config = rules.seat_people(_config(spec, hello), humans)
        seats = tuple(
            Seat(f"Player {i + 1}") if w == "human" else Seat(f"Bot {i + 1}", w)
            for i, w in enumerate(hello.seats)
        )
        match = Match.new(rules, config, secrets.randbelow(2**31))
        return Table(secrets.token_hex(8), spec, match, seats, [], *self.tables.free_codes())


def _config(spec: GameSpec, hello: Create) -> Any:
    """The rules' config from the table's options, refused in words if they are wrong."""
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
    except ValidationError as error:  # the option named, and what it takes
        raise Refusal("options", f"bad option {plain_problem(error)}") from None
    except ValueError as error:  # options that do not go together, in the rules' words
        raise Refusal("options", f"bad options: {error}".splitlines()[0]) from None
