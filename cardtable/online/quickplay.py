"""The lobby's hands on the server: lobby connections, quick-match tables, rated endings, listings.

``LobbyService`` (lobby.py) knows pools, players and ratings but no tables; the server's parts
(seating, play, absences) know tables but no lobby. This part joins them:

- the handlers of a lobby connection's messages (``lobby`` first, then its requests);
- ``QuickTables`` for the lobby: a quick-match table opened with a seat claimed per player;
- around seating and play: a matched seat taken (``resume``), moves refused until every matched
  player sits, the seats that moved (a game abandoned before that is not rated);
- a game's end: the result and ratings journalled in the same commit as the table's end, the
  ``rated`` message sent once that commit is kept;
- the listed tables' rows, refreshed whenever a listed table is told of a change: a table opened
  with ``listed``, and a quick-match table while it plays. A seat shows its player's tag and
  rating when its player is known: a quick-match member, or a table connection that asked to be
  identified (``identify`` in ``create``/``join``) and signed the same nonce challenge as the lobby.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Awaitable, Collection, Sequence
from weakref import WeakKeyDictionary

from pydantic import ValidationError

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.levelratings import level_rating
from cardtable.online.connection import Connection
from cardtable.online.directory import TableDirectory
from cardtable.online.identity import Challenge
from cardtable.online.jobs import Jobs
from cardtable.online.journal import Journal
from cardtable.online.ladder import RatingChange
from cardtable.online.lifecycle import Lifecycle
from cardtable.online.lobby import LobbyService, Visitor
from cardtable.online.meeting import Meeting, best_scores_for
from cardtable.online.placement import Placement
from cardtable.online.play import TablePlay
from cardtable.online.protocol import (
    PROTOCOL,
    Create,
    Join,
    ListedTable,
    Lobby,
    LobbyRequest,
    Move,
    Opponent,
    Resume,
    SignIn,
    error_message,
)
from cardtable.online.quicktables import Member, QuickSetup
from cardtable.online.seating import Seating
from cardtable.online.signin import SIGNED_ONCE, challenge_text, proven
from cardtable.online.store import SharedStore, TableStore
from cardtable.online.tables import Refusal, Table

log = logging.getLogger("cardtable.lobby")


class QuickPlay:
    """The lobby of one server, wired to its tables."""

    def __init__(
        self,
        tables: TableDirectory,
        store: TableStore | SharedStore,
        journal: Journal,
        placement: Placement,
        seating: Seating,
        play: TablePlay,
        lifecycle: Lifecycle,
        jobs: Jobs,
        meeting: Meeting,
    ) -> None:
        self.tables = tables
        self.store = store
        self.journal = journal
        self.placement = placement
        self.seating = seating
        self.play = play
        self.lifecycle = lifecycle
        self.jobs = jobs
        #: solo games' best scores, beside the tables in their store
        self.best = best_scores_for(store)
        self.lobby = LobbyService(meeting, self, jobs.spawn, publish=self._publish, best=self.best)
        #: the player each signed-in seat of a table is (``identify``), by seat
        self.signed: WeakKeyDictionary[Table, dict[int, str]] = WeakKeyDictionary()
        #: each lobby connection, by the visitor it is
        self.visiting: dict[Visitor, Connection] = {}
        #: the human seats of each quick-match table that have moved
        self.moved: dict[Table, set[int]] = {}
        #: tables listed in the lobby: opened with ``listed``, or quick-match tables playing
        self.listed: set[Table] = set()
        #: the identified seats of listed tables, as their rows show them
        self.identified: dict[Table, dict[int, Opponent]] = {}
        play.ended = self.ended
        play.told = self.told
        lifecycle.rebuilt = self.rebuilt

    # -- a lobby connection ----------------------------------------------------------------------

    async def greet(self, conn: Connection, hello: Lobby) -> None:
        if conn.visitor is not None or conn.table is not None:
            raise Refusal("seated", "this connection is in use already")
        request = conn.ws.request
        host = request.headers.get("Host", "") if request is not None else ""
        conn.visitor = self.lobby.greet(conn.send, host, hello)
        self.visiting[conn.visitor] = conn

    async def request(self, conn: Connection, message: LobbyRequest) -> None:
        if conn.visitor is not None:
            await self.lobby.receive(conn.visitor, message)
        elif conn.signing is not None and isinstance(message, SignIn):
            await self._sign_in_at_table(conn, conn.signing, message)
        else:
            raise Refusal("hello", "open the lobby first: send 'lobby'")

    def gone(self, conn: Connection) -> None:
        """A connection closed: a lobby visitor's seek goes with it; a seat becomes empty."""
        if conn.visitor is not None:
            self.jobs.spawn(self.lobby.gone(conn.visitor))
            self.visiting.pop(conn.visitor, None)
        self.seating.leave(conn)

    def _publish(self, watchers: list[Visitor], text: str) -> None:
        """A listing change goes to every watcher here once it is kept, encoded once: one
        callback at the commit, and each watcher that keeps up has it written at once."""
        peers = [self.visiting[v] for v in watchers if v in self.visiting]
        data = text.encode()

        def tell() -> None:
            for peer in peers:
                peer.send(data)

        self.journal.when_kept(tell)

    # -- around seating and play -----------------------------------------------------------------

    async def create(self, conn: Connection, hello: Create) -> None:
        await self.seating.sit(conn, hello)
        if hello.listed and conn.table is not None:
            self.listed.add(conn.table)
            self.told(conn.table)
        self._seated(conn, hello.identify)

    async def join(self, conn: Connection, hello: Join) -> None:
        await self.seating.sit(conn, hello)
        self._seated(conn, hello.identify)

    def _seated(self, conn: Connection, identify: bool) -> None:
        """Someone new took a seat: whoever was known there before is not; if they asked to be
        identified, they are sent a nonce to sign."""
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            return
        self.signed.get(table, {}).pop(seat, None)
        if self.identified.get(table, {}).pop(seat, None) is not None:
            self.told(table)
        if identify:
            request = conn.ws.request
            conn.signing = Challenge(request.headers.get("Host", "") if request else "")
            conn.send(challenge_text(conn.signing))

    async def _sign_in_at_table(
        self, conn: Connection, challenge: Challenge, message: SignIn
    ) -> None:
        """A seated player proved their key: their seat's row shows their tag and rating."""
        if conn.table is not None and conn.seat in self.signed.get(conn.table, {}):
            raise Refusal("sign_in", SIGNED_ONCE)
        try:
            player = proven(challenge, message)
        except Refusal as refusal:  # the error first, then a fresh nonce for another try
            conn.send(error_message(refusal.code, refusal.message))
            conn.send(challenge_text(challenge))
            return
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            return
        name = table.seats[seat].name
        self.signed.setdefault(table, {})[seat] = player
        conn.send((await self.lobby.standings.you_as(player, name, bot=False)).model_dump_json())
        if table in self.listed:
            shown = await self.lobby.opponent(name, player, False, table.spec.id)
            self.identified.setdefault(table, {})[seat] = shown
            self.told(table)

    async def resume(self, conn: Connection, hello: Resume) -> None:
        await self.seating.sit(conn, hello)
        table = conn.table
        if table is not None and conn.seat is not None and self.lobby.is_quick(table.invite):
            if await self.lobby.seat_taken(table.invite, conn.seat) and table not in self.listed:
                self.listed.add(table)  # playing: a quick-match table is listed for watchers
                self.told(table)

    async def move(self, conn: Connection, message: Move) -> None:
        await self.play.move(conn, message)
        table = conn.table
        if table is not None and table in self.moved and conn.seat is not None:
            self.moved[table].add(conn.seat)

    # -- QuickTables -----------------------------------------------------------------------------

    async def open_table(
        self, game: str, rated: bool, members: list[Member]
    ) -> tuple[str, list[str]]:
        """A table with a seat claimed for each member, in order: its invite and the tokens."""
        hello = Create(type="create", version=PROTOCOL, game=game, seats=["human"] * len(members))
        table = self.seating.create(hello)
        self.tables.add(table)
        while not await self.placement.place(table):
            self.tables.recode(table)
        tokens = [table.claim(seat, member.name) for seat, member in enumerate(members)]
        table.expected = set(range(len(members)))
        await self._identify(table, members)
        self.moved[table] = set()
        table.quick = QuickSetup(rated=rated, members=members).model_dump(mode="json")
        self.journal.write(self.store.create, table.record())
        return table.invite, tokens

    async def _identify(self, table: Table, members: list[Member]) -> None:
        """The lobby rows of a quick-match table's seats: each member's tag and rating."""
        self.identified[table] = {
            seat: await self.lobby.opponent(
                table.seats[seat].name, member.player, member.bot, table.spec.id
            )
            for seat, member in enumerate(members)
        }

    def rebuilt(self, table: Table) -> None:
        """A restarted server rebuilt ``table`` from the store: a quick-match table plays on
        as it was set up (rated or not), knowing which seats had moved."""
        if table.quick is None:
            return
        try:
            setup = QuickSetup.model_validate(table.quick)
        except ValidationError as error:
            log.error("table %s: its quick-match setup cannot be read: %s", table.id, error)
            return
        self.lobby.restored(table.invite, table.spec.id, setup)
        self.moved[table] = movers(table.match, table.stood_in)
        self.jobs.spawn(self._identify(table, setup.members))

    def drop_table(self, invite: str) -> None:
        table = self.tables.by_code.get(invite)
        if table is None:
            return
        self.moved.pop(table, None)
        self.identified.pop(table, None)
        self.lifecycle.forget(table)  # its game never began: over, and its codes free
        self.journal.write(self.store.finish, table.id)
        self.jobs.spawn(self.placement.release(table))
        for peer in list(table.peers):
            peer.close()
            self.jobs.spawn(peer.ws.close(1000, "the match was called off"))

    # -- what play tells -------------------------------------------------------------------------

    def ended(self, table: Table) -> None:
        """A game ended (its finish is journalled): a quick-match table's result goes in the
        same commit, and its players hear of it once that commit is kept."""
        if table in self.moved:
            outcome = table.match.outcome
            assert outcome is not None
            kept = self.lobby.keep_result(
                table.invite,
                table.id,
                finishing_order(outcome.winners, outcome.scores),
                self.moved.pop(table, set()),
                set(table.stand_ins),
            )
            self.jobs.spawn(self._rated(table, kept))
        self._keep_best(table)
        self._unlist(table)

    def _keep_best(self, table: Table) -> None:
        """A solo game whose seat is signed in: its result joins the best scores, in the
        commit that finishes the table. (Flip 7's solo race, the one solo game, has no
        options to vary: every race is the standard one.)"""
        outcome, player = table.match.outcome, self.signed.get(table, {}).get(0)
        if self.best is None or outcome is None or player is None or len(table.seats) != 1:
            return
        rounds = outcome.stats.get("rounds")
        if not isinstance(rounds, float):  # a solo game not scored in rounds
            return
        score = int(outcome.scores[0])
        name, game = table.seats[0].name, table.spec.id
        self.journal.write(
            self.best.keep, table.id, player, name, game, int(rounds), score, time.time()
        )

    async def _rated(
        self, table: Table, kept: Awaitable[tuple[list[RatingChange], str | None]]
    ) -> None:
        """Once the result is kept: the ``rated`` message to the table, its players free."""
        changes, reason = await kept
        text = self.lobby.rated_message(table.invite, changes, reason)
        await self.lobby.table_over(table.invite)
        if text is not None:
            for peer in table.peers:
                peer.send(text)

    def told(self, table: Table) -> None:
        """A table was told of a change: a listed one's lobby row follows it."""
        if table not in self.listed:
            return
        if table.match.is_over or not table.peers or not self.tables.holds(table):
            self._unlist(table)
        else:
            known = self.identified.get(table, {})
            row = listing(table, known, self.lobby.is_rated(table.invite))
            self.jobs.spawn(self.lobby.list_table(row))

    def _unlist(self, table: Table) -> None:
        self.identified.pop(table, None)
        if table in self.listed:
            self.listed.discard(table)
            self.jobs.spawn(self.lobby.unlist(table.watch))


def listing(table: Table, known: dict[int, Opponent], rated: bool) -> ListedTable:
    """A listed table's lobby row: seats, names and codes, the known players' tags and ratings
    (``known`` by seat); never a token, never a card."""
    free = [i for i, seat in enumerate(table.seats) if seat.is_human and i not in table.claimed]
    return ListedTable(
        watch=table.watch,
        invite=table.invite if free else None,
        game=table.spec.id,
        seats=len(table.seats),
        taken=len(table.seats) - len(free),
        players=[
            known.get(i) or unknown_seat(table.spec.id, seat)
            for i, seat in enumerate(table.seats)
            if seat.bot is not None or i in table.claimed
        ],
        options={},
        rated=rated,
        spectators=sum(1 for peer in table.peers if peer.seat is None),
    )


def unknown_seat(game: str, seat: Seat) -> Opponent:
    """A seat nobody signed in at, as a lobby row shows it: a person by the bare name, a
    built-in bot with its level's place on the rating scale ("≈ 1,591") once measured."""
    if seat.bot is None:
        return Opponent(name=seat.name, tag=None, rating=None)
    rating = level_rating(game, seat.bot)
    return Opponent(
        name=seat.name, tag=None, rating=None if rating is None else f"≈ {rating:,}", bot=True
    )


def movers(match: Match, stood_in: Collection[int] = ()) -> set[int]:
    """The seats whose own person played an action in ``match``, found by replaying it from its
    seed: the plies in ``stood_in`` were a stand-in bot's, not its seat's."""
    replay, skipped = Match.new(match.game, match.config, match.seed), set(stood_in)
    seats = set()
    for ply, action in enumerate(match.actions):
        if replay.to_move is not None and ply not in skipped:
            seats.add(replay.to_move)
        replay.play(action)
    return seats


def finishing_order(winners: Sequence[int], scores: Sequence[float]) -> list[list[int]]:
    """Seats in finishing order, ties grouped: the winners, then the rest by score, highest first."""
    rest = sorted((s for s in range(len(scores)) if s not in winners), key=lambda s: -scores[s])
    groups = [list(group) for _score, group in itertools.groupby(rest, key=lambda s: scores[s])]
    return [group for group in (sorted(winners), *groups) if group]
