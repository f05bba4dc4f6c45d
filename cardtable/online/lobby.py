"""The lobby's side of the server: sign-in, quick match, the listed tables, ratings and leaderboards.

A lobby connection sits at no table. It is greeted with a nonce to sign (identity.py), may seek
a quick match (matchmaking.py), subscribe to the listed tables, and read leaderboards (ladder.py).
The server's table side is reached only through :class:`QuickTables` (open a table for a formed
match, drop one that was called off) and tells this module when a matched seat is taken, when a
quick-match table ends, and when a listed table changes: so this module knows nothing of how
tables are played, and the table code nothing of pools or ratings.

What other nodes share (the pools, the ladder, the listings, word to a connection elsewhere)
goes through a ``meeting.Meeting``: this module never asks whether there are other nodes.

This module keeps the connections, the pools' news and the quick-match tables it opened; the
rest is in parts of its own: ``signin`` (the nonce and the answer that proves a key),
``standings`` (what a visitor reads: who they are, leaderboards, best scores), ``quicktables``
(a quick-match table as the lobby knows it) and ``ratedgames`` (a rated game's result and the
``rated`` message).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.bestscores import BestScores
from cardtable.online.identity import Challenge, tag
from cardtable.online.ladder import Ladder, RatingChange
from cardtable.online.matchmaking import WAVE_EVERY, Match, SeekRefused
from cardtable.online.meeting import Meeting
from cardtable.online.pools import Seeker, Standing
from cardtable.online.quicktables import (
    RESTORED,
    Member,
    QuickSetup,
    QuickTable,
    QuickTables,
)
from cardtable.online.ratedgames import keep_result, rated_message
from cardtable.online.ratings import NEW_RATING, Rating
from cardtable.online.signin import SIGNED_ONCE, challenge_text, proven
from cardtable.online.standings import Standings
from cardtable.online.tables import Refusal

log = logging.getLogger("cardtable.lobby")


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
    #: this connection's own name in the pools while nobody is signed in: never reused, on
    #: any node (a departed visitor's ticket and match news must not reach a newer one)
    anonymous: str = field(default_factory=lambda: "anonymous:" + secrets.token_urlsafe(12))

    @property
    def key(self) -> str:
        """Who seeks: a player id, or for anonymous casual seeks this connection alone."""
        return self.player or self.anonymous


class LobbyService:
    """Every lobby connection, the pools, the quick-match tables and the listings of one server."""

    def __init__(
        self,
        meeting: Meeting,
        tables: QuickTables,
        spawn: Callable[[Coroutine[Any, Any, Any]], None],
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        publish: Callable[[list[Visitor], str], None] | None = None,
        best: BestScores | None = None,
    ) -> None:
        """``spawn`` runs a coroutine as a task the server keeps (and cancels as it stops);
        ``publish(watchers, text)`` tells every watcher here of a listing change (by default,
        each in turn); ``best``: the solo games' best scores (None: none kept here)."""
        self.meeting = meeting
        #: players, results and ratings (None: a store without them, so no rated play)
        self.ladder: Ladder | None = meeting.ladder
        #: what visitors read of the ladder and the best scores
        self.standings = Standings(self.ladder, best, now)
        self.pools = meeting.pools
        self.tables = tables
        self.spawn = spawn
        self.now = now
        self.visitors: dict[str, Visitor] = {}  # by key, while seeking or matched here
        self.quick: dict[str, QuickTable] = {}  # by invite code: the tables opened here
        self.by_match: dict[int, str] = {}  # invite codes of the tables not yet sat at
        self.listings: dict[str, wire.ListedTable] = {}  # by watch code: rows of tables here
        self.watchers: set[Visitor] = set()
        #: SSH visitors' passes (``cardtable ssh`` on this server): pass → the SSH key's id
        self.door_passes: dict[str, str] = {}
        #: a nudged wave is waiting to run
        self._wave_due = False
        self._one_wave = asyncio.Lock()
        self._publish = publish or _each
        #: tables waves gave this node that it has not opened yet (part of the load it
        #: publishes: a node still opening a wave's tables must not look idle to the next)
        self.opening = 0

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

    async def receive(self, visitor: Visitor, message: wire.LobbyRequest) -> None:
        """Act on one request; raises Refusal (told to the visitor as an error)."""
        if isinstance(message, wire.SignIn):
            if visitor.player is not None:  # no fresh nonce: there is nothing to sign again
                raise Refusal("sign_in", SIGNED_ONCE)
            try:
                await self.sign_in(visitor, message)
            except Refusal as refusal:  # the error first, then a fresh nonce for another try
                visitor.send(wire.error_message(refusal.code, refusal.message))
                self._challenge(visitor)
        elif isinstance(message, wire.WhoAmI):
            visitor.send((await self.you(visitor)).model_dump_json())
        elif isinstance(message, wire.Seek):
            await self.seek(visitor, message)
        elif isinstance(message, wire.Cancel):
            await self._leave_pool(visitor)
            visitor.send(
                wire.Cancelled(type="cancelled", message="you left the pool").model_dump_json()
            )
        elif isinstance(message, wire.Subscribe):
            self.watchers.add(visitor)
            listing = wire.Listing(type="listing", tables=await self.meeting.listings())
            visitor.send(listing.model_dump_json())
        else:
            board = await self.standings.board(visitor.player, message)
            visitor.send(board.model_dump_json())

    async def gone(self, visitor: Visitor) -> None:
        """The connection closed: its seek goes (a match it is in is called off)."""
        self.watchers.discard(visitor)
        if self.visitors.get(visitor.key) is visitor:
            await self._leave_pool(visitor)

    async def _leave_pool(self, visitor: Visitor) -> None:
        """The visitor's ticket goes; a match it was in and not yet sat at is called off."""
        called_off = await self.pools.cancel(visitor.key)
        if called_off is not None:
            await self._match_called_off(*called_off)
        if not await self.pools.busy(visitor.key) and self.visitors.get(visitor.key) is visitor:
            del self.visitors[visitor.key]

    async def sign_in(self, visitor: Visitor, message: wire.SignIn) -> None:
        player = proven(visitor.challenge, message)
        if await self.pools.busy(visitor.key):
            raise Refusal("sign_in", "sign in before seeking, not while in the pool")
        visitor.player = player
        visitor.send((await self.you(visitor)).model_dump_json())

    def _challenge(self, visitor: Visitor) -> None:
        """Send the visitor a fresh nonce to sign (any earlier one is void)."""
        visitor.send(challenge_text(visitor.challenge))

    async def you(self, visitor: Visitor) -> wire.You:
        return await self.standings.you_as(visitor.player, visitor.name, visitor.bot)

    # -- quick match -----------------------------------------------------------------------------

    async def seek(self, visitor: Visitor, message: wire.Seek) -> None:
        if message.rated and visitor.player is None:
            raise Refusal("sign_in", "rated play needs you signed in with your key first")
        if message.rated and self.ladder is None:
            raise Refusal("unrated", "this server keeps no ratings: seek a casual game")
        if visitor.player is not None and self.ladder is not None:
            # the name a player seeks under is the one leaderboards show
            await self.ladder.seen(visitor.player, visitor.name, visitor.bot)
        rating = (await self._rating(visitor.player, message.game)).display
        seats = message.seats or (1, 8)
        seeker = Seeker(visitor.key, visitor.player, visitor.name, visitor.bot, self.meeting.node)
        # the visitor hears its news from the moment its ticket is in the pool: a wave (another
        # node's, say) may match it before the pool has finished answering this seek
        earlier = self.visitors.get(visitor.key)
        self.visitors[visitor.key] = visitor
        try:
            standing = await self.pools.seek(seeker, message.game, seats, message.rated, rating)
        except BaseException as failure:
            if self.visitors.get(visitor.key) is visitor:  # no seek: whoever heard before does
                self.visitors.pop(visitor.key)
                if earlier is not None:
                    self.visitors[visitor.key] = earlier
            if isinstance(failure, SeekRefused):
                raise Refusal("seek", str(failure)) from None
            raise
        if earlier is not None and earlier is not visitor:  # the newer connection hears of it
            self.gone_quietly(earlier)
        visitor.send(seeking_text(standing))
        if await self.pools.table_ready(message.game, message.rated):
            self.meeting.nudge()

    def gone_quietly(self, visitor: Visitor) -> None:
        """An older connection of the same player stops hearing about the seek."""
        visitor.send(
            wire.Cancelled(
                type="cancelled", message="you seek from another connection now"
            ).model_dump_json()
        )

    async def _rating(self, player: str | None, game: str) -> Rating:
        return await self.ladder.rating(player, game) if self.ladder and player else NEW_RATING

    # -- what the meeting place tells ------------------------------------------------------------

    def deliver(self, key: str, text: str) -> None:
        visitor = self.visitors.get(key)
        if visitor is not None:
            visitor.send(text)

    def drop_table(self, invite: str) -> None:
        """A match was called off (perhaps by a node elsewhere): its table here goes."""
        table = self.quick.pop(invite, None)
        if table is not None:
            self.by_match.pop(table.match, None)
            self.tables.drop_table(invite)

    def announce(self, text: str) -> None:
        if self.watchers:
            self._publish(list(self.watchers), text)

    def nudge(self) -> None:
        """A table's worth is waiting: run a wave now rather than at its time, or as soon as
        the one running ends (however many nudges come meanwhile)."""
        if not self._wave_due:
            self._wave_due = True
            self.spawn(self.wave())

    async def run(self) -> None:
        """Waves every few seconds, for as long as the server runs (a node that does not
        hold the waves' lease finds nothing to do)."""
        while True:
            await asyncio.sleep(WAVE_EVERY)
            try:
                await self.wave()
            except Exception as error:  # Redis or the database is away: try next time
                log.warning("a quick-match wave failed: %s", error)

    async def wave(self) -> list[Match]:
        """Call off late matches, form tables (each opened on the node the meeting place
        says: the others' first, so they open theirs meanwhile), tell every seeker where they
        stand. One wave forms tables at a time: the nudges that come meanwhile make one more
        after it (each reads every pool: waves side by side in a burst of seeks would each
        read the whole burst again, and slow its seeks)."""
        async with self._one_wave:
            self._wave_due = False
            wave = await self.pools.wave()
        if wave is None:
            return []
        for called_off in wave.called_off:
            await self._match_called_off(*called_off)
        hosts = await self.meeting.places([seekers for _, seekers in wave.formed])
        here = []
        for (match, seekers), host in zip(wave.formed, hosts, strict=True):
            if host == self.meeting.node:
                here.append((match, seekers))
            else:
                self.meeting.open_elsewhere(host, match, seekers)
        self.opening += len(here)
        await asyncio.gather(*(self._open_given(match, seekers) for match, seekers in here))
        for standing in wave.waiting:
            seeker = standing.seeker
            offer = seeker.key in wave.offers
            self.meeting.tell(seeker.node, seeker.key, seeking_text(standing, offer))
        return [match for match, _ in wave.formed]

    def open_match(self, match: Match, seekers: list[Seeker]) -> None:
        """A wave run on another node formed ``match`` for a table here. Were this never done
        (this node died first), the match is called off at its deadline, and its seekers, never
        told of it, go back to the front of the pool."""
        self.opening += 1
        self.spawn(self._open_given(match, seekers))

    async def _open_given(self, match: Match, seekers: list[Seeker]) -> None:
        """Open a table a wave gave this node (counted in ``opening`` until then)."""
        try:
            await self._open(match, seekers)
        finally:
            self.opening -= 1

    async def _open(self, match: Match, seekers: list[Seeker]) -> None:
        """Open a formed match's table here and tell each seeker their seat and token."""
        # seats in a random order: who waited longest must not always move first
        seekers = sorted(seekers, key=lambda _s: secrets.randbits(32))
        members = [Member(s.player, s.name, s.bot) for s in seekers]
        invite, tokens = await self.tables.open_table(match.game, match.rated, members)
        self.quick[invite] = QuickTable(match.id, match.game, match.rated, members, seekers)
        self.by_match[match.id] = invite
        if not await self.pools.opened(match, invite):  # called off while it was being opened
            self.drop_table(invite)
            return
        opponents = [await self.opponent(m.name, m.player, m.bot, match.game) for m in members]
        within = max(0.0, match.deadline - self.pools.clock())
        for seat, (seeker, token) in enumerate(zip(seekers, tokens, strict=True)):
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
            self.meeting.tell(seeker.node, seeker.key, matched.model_dump_json())

    async def opponent(self, name: str, player: str | None, bot: bool, game: str) -> wire.Opponent:
        """A player as the lobby shows them: a signed-in one with their tag, their rating in
        ``game`` and their finish rate; an anonymous one by the bare name."""
        if player is None:
            return wire.Opponent(name=name, tag=None, rating=None, bot=bot)
        return wire.Opponent(
            name=name,
            tag=tag(player),
            rating=(await self._rating(player, game)).shown() if self.ladder else None,
            bot=bot,
            finish_rate=await self.ladder.finish_rate(player) if self.ladder else None,
        )

    async def _match_called_off(self, match: Match, seekers: list[Seeker], back: set[str]) -> None:
        """A match whose seats were not all taken: its table goes (wherever it is), its
        seekers hear why, and those back at the front of the pool where they stand."""
        self.meeting.drop_table(match.invite)
        for seeker in seekers:
            requeued = seeker.key in back
            called_off = wire.CalledOff(type="called_off", match=match.id, requeued=requeued)
            self.meeting.tell(seeker.node, seeker.key, called_off.model_dump_json())
            if not requeued and self.visitors.get(seeker.key) is not None:
                del self.visitors[seeker.key]
        for seeker in seekers:
            standing = await self.pools.standing(seeker.key) if seeker.key in back else None
            if standing is not None:
                self.meeting.tell(seeker.node, seeker.key, seeking_text(standing))

    # -- what the table side tells ---------------------------------------------------------------

    def is_quick(self, invite: str) -> bool:
        return invite in self.quick

    def player_at(self, invite: str, seat: int) -> str | None:
        """The player id holding a seat of a quick-match table (None: not one, or anonymous)."""
        table = self.quick.get(invite)
        return table.members[seat].player if table and seat < len(table.members) else None

    async def seat_taken(self, invite: str, seat: int) -> bool:
        """A matched player sat down; True once every seat is taken (the game may begin)."""
        table = self.quick.get(invite)
        if table is None:
            return False
        if table.started:
            return True
        if await self.pools.confirm(table.match, table.seekers[seat].key):
            table.started = True
            self.by_match.pop(table.match, None)
            if table.rated and self.ladder is not None:
                await self.ladder.started([m.player for m in table.members if m.player])
        return table.started

    def restored(self, invite: str, game: str, setup: QuickSetup) -> None:
        """A quick-match table rebuilt from the store by a restarted server: the pools have
        forgotten its match, but it plays on as it was set up, rated or not."""
        self.quick[invite] = QuickTable(
            RESTORED, game, setup.rated, setup.members, [], started=True
        )

    def is_rated(self, invite: str) -> bool:
        table = self.quick.get(invite)
        return table is not None and table.rated

    def keep_result(
        self,
        invite: str,
        table_id: str,
        order: list[list[int]],
        moved: set[int],
        leavers: set[int],
    ) -> Awaitable[tuple[list[RatingChange], str | None]]:
        """A quick-match game ended (see ``ratedgames.keep_result``): call it right after the
        table's finish is journalled, so its result joins the same commit."""
        table = self.quick.get(invite)
        return keep_result(table, self.ladder, table_id, self.now(), order, moved, leavers)

    def rated_message(
        self, invite: str, changes: list[RatingChange], reason: str | None
    ) -> str | None:
        """The ``rated`` message for a quick-match table's players (None: not a rated table)."""
        return rated_message(self.quick.get(invite), changes, reason)

    async def table_over(self, invite: str) -> None:
        """A quick-match table closed: its players may seek again."""
        table = self.quick.pop(invite, None)
        if table is not None:
            # a table rebuilt after a restart or a takeover knows its players, not their seeks
            keys = [s.key for s in table.seekers] or [m.player for m in table.members if m.player]
            await self.pools.finished(keys)
            for key in keys:  # their lobby connections here stop following them
                self.visitors.pop(key, None)

    # -- listings --------------------------------------------------------------------------------

    async def list_table(self, row: wire.ListedTable) -> None:
        """A listed table here opened or changed: every subscriber, on every node, hears."""
        if self.listings.get(row.watch) == row:
            return
        self.listings[row.watch] = row
        await self.meeting.list_table(row, wire.Listed(type="listed", table=row).model_dump_json())

    async def unlist(self, watch: str) -> None:
        if self.listings.pop(watch, None) is not None:
            text = wire.Unlisted(type="unlisted", watch=watch).model_dump_json()
            await self.meeting.unlist(watch, text)


def _each(visitors: list[Visitor], text: str) -> None:
    for visitor in visitors:
        visitor.send(text)


def seeking_text(standing: Standing, bot_offer: bool = False) -> str:
    """The ``seeking`` message telling a waiting seeker where they stand."""
    ticket, status = standing.ticket, standing.status
    return wire.Seeking(
        type="seeking",
        game=ticket.game,
        rated=ticket.rated,
        seats=ticket.seats,
        waited=round(status.waited, 1),
        seeking=status.seeking,
        range=round(status.range),
        bot_offer=bot_offer or ticket.offered_bot,
    ).model_dump_json()
