"""The lobby's side of the server: sign-in, quick match, the listed tables, ratings and leaderboards.

A lobby connection sits at no table. It is greeted with a nonce to sign (identity.py), may seek
a quick match (matchmaking.py), subscribe to the listed tables, and read leaderboards (ladder.py).
The server's table side is reached only through :class:`QuickTables` (open a table for a formed
match, drop one that was called off) and tells this module when a matched seat is taken, when a
quick-match table ends, and when a listed table changes: so this module knows nothing of how
tables are played, and the table code nothing of pools or ratings.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.identity import Challenge, IdentityError, tag
from cardtable.online.ladder import BoardRow, RatingChange, Seat, SqliteLadder
from cardtable.online.matchmaking import WAVE_EVERY, Clock, Match, Matchmaker, SeekRefused
from cardtable.online.ratings import (
    NEW_RATING,
    PAIR_GAMES_PER_DAY,
    Rating,
    change_text,
    places_from_order,
)
from cardtable.online.tables import Refusal

log = logging.getLogger("cardtable.lobby")

# Why a rated game moved nobody's rating: the ``reason`` of its ``rated`` message.
NO_LADDER = "this server keeps no ratings"
ABANDONED = "the game was abandoned before every player had moved"
DAILY_LIMIT = (
    f"the daily limit of {PAIR_GAMES_PER_DAY} rated games between the same two players was reached"
)


def quick_match_sizes() -> dict[str, tuple[int, int]]:
    """The table sizes quick match forms for each game: never one (that is solo play)."""
    return {
        game: (max(2, spec.rules.min_seats), spec.rules.max_seats) for game, spec in GAMES.items()
    }


@dataclass(eq=False)
class Visitor:
    """One lobby connection: who it is (``player`` None until signed in), and what it hears."""

    send: Callable[[str], None]
    name: str
    bot: bool
    challenge: Challenge
    player: str | None = None

    @property
    def key(self) -> str:
        """Who seeks: a player id, or for anonymous casual seeks this connection alone."""
        return self.player or f"anonymous:{id(self)}"


@dataclass(frozen=True)
class Member:
    """A seat of a quick-match table as the table side opens it."""

    player: str | None
    name: str
    bot: bool


class QuickTables(Protocol):
    """What the lobby asks of the server's table side."""

    async def open_table(
        self, game: str, rated: bool, members: list[Member]
    ) -> tuple[str, list[str]]:
        """Open a table with these members in seat order: its invite code and each seat's token."""
        ...

    def drop_table(self, invite: str) -> None:
        """Close a table whose match was called off before it was played."""
        ...


@dataclass
class QuickTable:
    """A quick-match table the lobby opened: which match, and who holds which seat."""

    match: int
    game: str
    rated: bool
    members: list[Member]
    visitors: list[Visitor]
    started: bool = False


def challenge_text(challenge: Challenge) -> str:
    """The ``challenge`` message with a fresh nonce of ``challenge`` (any earlier one is void)."""
    nonce = base64.b64encode(challenge.issue()).decode()
    return wire.Challenge(type="challenge", nonce=nonce, host=challenge.host).model_dump_json()


def proven(challenge: Challenge, message: wire.SignIn) -> str:
    """The player id a ``sign_in`` answer proves; a Refusal saying why it proves nothing."""
    try:
        signature = base64.b64decode(message.signature, validate=True)
        return challenge.answer(message.key, signature)
    except (IdentityError, binascii.Error) as error:
        raise Refusal("sign_in", f"not signed in: {error}") from None


def rating_info(rating: Rating) -> wire.RatingInfo:
    return wire.RatingInfo(
        shown=rating.shown(),
        display=rating.display,
        provisional=rating.provisional,
        mu=rating.mu,
        sigma=rating.sigma,
        games=rating.games,
        conservative=rating.conservative,
    )


def board_row(row: BoardRow) -> wire.BoardRow:
    return wire.BoardRow(
        rank=row.rank,
        player=row.player,
        name=row.name,
        tag=tag(row.player),
        bot=row.bot,
        rating=rating_info(row.rating),
        finish_rate=row.finish_rate,
    )


class LobbyService:
    """Every lobby connection, the pools, the quick-match tables and the listings of one server."""

    def __init__(
        self,
        ladder: SqliteLadder | None,
        tables: QuickTables,
        spawn: Callable[[Coroutine[Any, Any, Any]], None],
        clock: Clock = time.monotonic,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        """``spawn`` runs a coroutine as a task the server keeps (and cancels as it stops)."""
        #: players, results and ratings (None: a store without them, so no rated play)
        self.ladder = ladder
        self.tables = tables
        self.spawn = spawn
        self.now = now
        self.pools = Matchmaker(quick_match_sizes(), clock)
        self.visitors: dict[str, Visitor] = {}  # by key, while seeking or matched
        self.quick: dict[str, QuickTable] = {}  # by invite code
        self.by_match: dict[int, str] = {}  # invite codes of the tables not yet sat at
        self.listings: dict[str, wire.ListedTable] = {}  # by watch code
        self.watchers: set[Visitor] = set()
        #: SSH visitors' passes (``cardtable ssh`` on this server): pass → the SSH key's id
        self.door_passes: dict[str, str] = {}
        self._wave_due = False

    # -- a lobby connection ----------------------------------------------------------------------

    def greet(self, send: Callable[[str], None], host: str, hello: wire.Lobby) -> Visitor:
        """A new lobby connection: it is sent a nonce to sign."""
        visitor = Visitor(send, hello.name, hello.bot, Challenge(host))
        if hello.door is not None:
            visitor.player = self.door_passes.get(hello.door)  # None: not a pass given here
        self._challenge(visitor)
        return visitor

    def issue_pass(self, player: str) -> str:
        """A pass for an SSH visitor whose key (id ``player``) the door checked; it signs its
        lobby connections in as that player until revoked (the visit ends)."""
        token = secrets.token_urlsafe(24)
        self.door_passes[token] = player
        return token

    def revoke_pass(self, token: str) -> None:
        self.door_passes.pop(token, None)

    def receive(self, visitor: Visitor, message: wire.LobbyRequest) -> None:
        """Act on one request; raises Refusal (told to the visitor as an error)."""
        if isinstance(message, wire.SignIn):
            try:
                self.sign_in(visitor, message)
            except Refusal as refusal:  # the error first, then a fresh nonce for another try
                visitor.send(wire.error_message(refusal.code, refusal.message))
                self._challenge(visitor)
        elif isinstance(message, wire.WhoAmI):
            visitor.send(self.you(visitor).model_dump_json())
        elif isinstance(message, wire.Seek):
            self.seek(visitor, message)
        elif isinstance(message, wire.Cancel):
            self._leave_pool(visitor)
            visitor.send(
                wire.Cancelled(type="cancelled", message="you left the pool").model_dump_json()
            )
        elif isinstance(message, wire.Subscribe):
            self.watchers.add(visitor)
            listing = wire.Listing(type="listing", tables=list(self.listings.values()))
            visitor.send(listing.model_dump_json())
        else:
            visitor.send(self.board(visitor, message).model_dump_json())

    def gone(self, visitor: Visitor) -> None:
        """The connection closed: its seek goes (a match it is in is called off)."""
        self.watchers.discard(visitor)
        if self.visitors.get(visitor.key) is visitor:
            self._leave_pool(visitor)

    def _leave_pool(self, visitor: Visitor) -> None:
        """The visitor's ticket goes; a match it was in and not yet sat at is called off."""
        called_off = self.pools.cancel(visitor.key)
        if called_off is not None:
            self._match_called_off(called_off)
        if visitor.key not in self.pools.seated:
            self.visitors.pop(visitor.key, None)

    def sign_in(self, visitor: Visitor, message: wire.SignIn) -> None:
        player = proven(visitor.challenge, message)
        if visitor.key in self.pools.waiting or visitor.key in self.pools.seated:
            raise Refusal("sign_in", "sign in before seeking, not while in the pool")
        visitor.player = player
        visitor.send(self.you(visitor).model_dump_json())

    def _challenge(self, visitor: Visitor) -> None:
        """Send the visitor a fresh nonce to sign (any earlier one is void)."""
        visitor.send(challenge_text(visitor.challenge))

    def you(self, visitor: Visitor) -> wire.You:
        return self.you_as(visitor.player, visitor.name, visitor.bot)

    def you_as(self, player: str | None, name: str, bot: bool) -> wire.You:
        """Who a connection is: the name a signed-in player is known by here, and their ratings."""
        ratings = self.ladder.ratings(player) if self.ladder and player else {}
        known = self.ladder.name(player) if self.ladder and player else None
        return wire.You(
            type="you",
            player=player,
            tag=tag(player) if player else None,
            name=known or name,
            bot=bot,
            ratings={game: rating_info(r) for game, r in ratings.items()},
            finish_rate=self.ladder.finish_rate(player) if self.ladder and player else None,
        )

    def board(self, visitor: Visitor, message: wire.Top) -> wire.Board:
        if message.game not in GAMES:
            raise Refusal("game", f"unknown game {message.game!r}; choose from: {', '.join(GAMES)}")
        if self.ladder is None:
            raise Refusal("unrated", "this server keeps no ratings")
        now = self.now()
        if message.everyone:
            rows = self.ladder.everyone(message.game, now)[
                message.offset : message.offset + message.limit
            ]
        else:
            rows = self.ladder.top(message.game, now, message.limit, message.offset)
        mine = self.ladder.standing(visitor.player, message.game, now) if visitor.player else None
        return wire.Board(
            type="board",
            game=message.game,
            offset=message.offset,
            rows=[board_row(row) for row in rows],
            you=board_row(mine) if mine else None,
        )

    # -- quick match -----------------------------------------------------------------------------

    def seek(self, visitor: Visitor, message: wire.Seek) -> None:
        if message.rated and visitor.player is None:
            raise Refusal("sign_in", "rated play needs you signed in with your key first")
        if message.rated and self.ladder is None:
            raise Refusal("unrated", "this server keeps no ratings: seek a casual game")
        earlier = self.visitors.get(visitor.key)
        if visitor.player is not None and self.ladder is not None:
            # the name a player seeks under is the one leaderboards show
            self.ladder.seen(visitor.player, visitor.name, visitor.bot)
        rating = self._rating(visitor.player, message.game).display
        seats = message.seats or (1, 8)
        try:
            self.pools.seek(visitor.key, message.game, seats, message.rated, rating)
        except SeekRefused as refusal:
            raise Refusal("seek", str(refusal)) from None
        if earlier is not None and earlier is not visitor:  # the newer connection hears of it
            self.gone_quietly(earlier)
        self.visitors[visitor.key] = visitor
        self._tell_status(visitor)
        if self.pools.table_ready(message.game, message.rated):
            self._soon()

    def gone_quietly(self, visitor: Visitor) -> None:
        """An older connection of the same player stops hearing about the seek."""
        visitor.send(
            wire.Cancelled(
                type="cancelled", message="you seek from another connection now"
            ).model_dump_json()
        )

    def _rating(self, player: str | None, game: str) -> Rating:
        return self.ladder.rating(player, game) if self.ladder and player else NEW_RATING

    def _soon(self) -> None:
        """A table's worth is waiting: run a wave now rather than at its time (once)."""
        if not self._wave_due:
            self._wave_due = True
            self.spawn(self.wave())

    async def run(self) -> None:
        """Waves every few seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(WAVE_EVERY)
            await self.wave()

    async def wave(self) -> list[Match]:
        """Call off late matches, form tables, tell every seeker where they stand."""
        self._wave_due = False
        for match in self.pools.called_off():
            self._match_called_off(match)
        formed = self.pools.wave()
        for match in formed:
            await self._open(match)
        for ticket in self.pools.due_a_bot_offer():
            visitor = self.visitors.get(ticket.player)
            if visitor is not None:
                self._tell_status(visitor, bot_offer=True)
        for key in list(self.pools.waiting):
            visitor = self.visitors.get(key)
            if visitor is not None:
                self._tell_status(visitor)
        return formed

    def _tell_status(self, visitor: Visitor, bot_offer: bool = False) -> None:
        ticket = self.pools.waiting.get(visitor.key)
        status = self.pools.status(visitor.key)
        if ticket is None or status is None:
            return
        visitor.send(
            wire.Seeking(
                type="seeking",
                game=ticket.game,
                rated=ticket.rated,
                seats=ticket.seats,
                waited=round(status.waited, 1),
                seeking=status.seeking,
                range=round(status.range),
                bot_offer=bot_offer or ticket.offered_bot,
            ).model_dump_json()
        )

    async def _open(self, match: Match) -> None:
        # seats in a random order: who waited longest must not always move first
        visitors = sorted(
            (self.visitors[player] for player in match.players), key=lambda _v: secrets.randbits(32)
        )
        members = [Member(v.player, v.name, v.bot) for v in visitors]
        invite, tokens = await self.tables.open_table(match.game, match.rated, members)
        self.quick[invite] = QuickTable(match.id, match.game, match.rated, members, visitors)
        self.by_match[match.id] = invite
        if match.id not in self.pools.matches:  # called off while the table was being opened
            self._match_called_off(match)
            return
        opponents = [self.opponent(m.name, m.player, m.bot, match.game) for m in members]
        within = max(0.0, match.deadline - self.pools.clock())
        for seat, (visitor, token) in enumerate(zip(visitors, tokens, strict=True)):
            matched = wire.Matched(
                type="matched",
                match=match.id,
                game=match.game,
                rated=match.rated,
                seat=seat,
                token=token,
                invite=invite,
                within=within,
                players=opponents,
            )
            visitor.send(matched.model_dump_json())

    def opponent(self, name: str, player: str | None, bot: bool, game: str) -> wire.Opponent:
        """A player as the lobby shows them: a signed-in one with their tag, their rating in
        ``game`` and their finish rate; an anonymous one by the bare name."""
        if player is None:
            return wire.Opponent(name=name, tag=None, rating=None, bot=bot)
        return wire.Opponent(
            name=name,
            tag=tag(player),
            rating=self._rating(player, game).shown() if self.ladder else None,
            bot=bot,
            finish_rate=self.ladder.finish_rate(player) if self.ladder else None,
        )

    def _match_called_off(self, match: Match) -> None:
        """A match whose seats were not all taken: its table goes, the visitors hear why, and
        those back at the front of the pool hear where they stand."""
        invite = self.by_match.pop(match.id, None)
        table = self.quick.pop(invite, None) if invite else None
        if invite is None or table is None:
            return
        self.tables.drop_table(invite)
        for visitor in table.visitors:
            requeued = visitor.key in self.pools.waiting
            if not requeued:
                self.visitors.pop(visitor.key, None)
            called_off = wire.CalledOff(type="called_off", match=match.id, requeued=requeued)
            visitor.send(called_off.model_dump_json())
            self._tell_status(visitor)

    # -- what the table side tells ---------------------------------------------------------------

    def is_quick(self, invite: str) -> bool:
        return invite in self.quick

    def player_at(self, invite: str, seat: int) -> str | None:
        """The player id holding a seat of a quick-match table (None: not one, or anonymous)."""
        table = self.quick.get(invite)
        return table.members[seat].player if table and seat < len(table.members) else None

    def seat_taken(self, invite: str, seat: int) -> bool:
        """A matched player sat down; True once every seat is taken (the game may begin)."""
        table = self.quick.get(invite)
        if table is None:
            return False
        if table.started:
            return True
        if self.pools.confirm(table.match, table.visitors[seat].key):
            table.started = True
            del self.by_match[table.match]
            if table.rated and self.ladder is not None:
                self.ladder.started([m.player for m in table.members if m.player])
        return table.started

    def is_rated(self, invite: str) -> bool:
        table = self.quick.get(invite)
        return table is not None and table.rated

    def waiting_for_seats(self, invite: str) -> bool:
        """A quick-match table some matched player has not sat down at yet: no moves yet."""
        table = self.quick.get(invite)
        return table is not None and not table.started

    def keep_result(
        self,
        invite: str,
        table_id: str,
        order: list[list[int]],
        moved: set[int],
        leavers: set[int],
    ) -> tuple[list[RatingChange], str | None]:
        """A quick-match game ended: its seats in finishing order (tied groups, best first),
        the seats that moved at least once, and those whose player left and was not back.

        Rated, and every player moved: the result is kept and the ratings change, leavers
        ranked last (call inside the store transaction that finishes the table). Returns the
        changes, and for a rated game that moved nobody's rating the reason why.
        """
        table = self.quick.get(invite)
        if table is None or not table.rated:
            return [], None
        if self.ladder is None:
            return [], NO_LADDER
        if len(moved) < len(table.members):  # abandoned before everyone's first move
            return [], ABANDONED
        ids = [m.player or "" for m in table.members]
        gone = [ids[seat] for seat in leavers]
        places = dict(places_from_order([[ids[s] for s in group] for group in order], gone))
        seats = [
            Seat(player, places[player], left=seat in leavers) for seat, player in enumerate(ids)
        ]
        changes = self.ladder.record(table.game, table_id, self.now(), seats)
        return changes, None if changes else DAILY_LIMIT

    def rated_message(
        self, invite: str, changes: list[RatingChange], reason: str | None
    ) -> str | None:
        """The ``rated`` message for a quick-match table's players (None: not a rated table)."""
        table = self.quick.get(invite)
        if table is None or not table.rated:
            return None
        names = {m.player: m.name for m in table.members}
        return wire.Rated(
            type="rated",
            counted=bool(changes),
            reason=reason,
            changes=[
                wire.RatingChange(
                    player=c.player,
                    tag=tag(c.player),
                    name=names.get(c.player, "?"),
                    before=rating_info(c.before),
                    after=rating_info(c.after),
                    text=change_text(c.before, c.after),
                )
                for c in changes
            ],
        ).model_dump_json()

    def table_over(self, invite: str) -> None:
        """A quick-match table closed: its players may seek again."""
        table = self.quick.pop(invite, None)
        if table is not None:
            self.pools.finished(v.key for v in table.visitors)
            for visitor in table.visitors:
                if self.visitors.get(visitor.key) is visitor:
                    del self.visitors[visitor.key]

    # -- listings --------------------------------------------------------------------------------

    def list_table(self, row: wire.ListedTable) -> None:
        """A listed table opened or changed: every subscriber hears of it."""
        if self.listings.get(row.watch) == row:
            return
        self.listings[row.watch] = row
        self._publish(wire.Listed(type="listed", table=row).model_dump_json())

    def unlist(self, watch: str) -> None:
        if self.listings.pop(watch, None) is not None:
            self._publish(wire.Unlisted(type="unlisted", watch=watch).model_dump_json())

    def _publish(self, text: str) -> None:
        for visitor in self.watchers:
            visitor.send(text)
