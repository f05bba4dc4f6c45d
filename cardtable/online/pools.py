"""Where the lobby's pools are kept: in this process, or in Redis for every node of a cluster.

The lobby asks a ``Pools`` for what the quick-match rules say (matchmaking.py) and never
whether there are other nodes. ``LocalPools`` keeps one ``Matchmaker`` in memory and runs every
wave itself; ``sharedpools.RedisPools`` keeps each game's pool in Redis, and only the node holding
the waves' lease runs them. Either way a wave comes back as a ``Wave``: what the lobby must tell
whom, and the tables it must open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from cardtable.online.matchmaking import Clock, Match, Matchmaker, Status, Ticket


@dataclass(frozen=True)
class Seeker:
    """Who holds a ticket: enough to seat them at a table and to reach their connection."""

    key: str  # a player id, or "anonymous:…" for one connection
    player: str | None  # the signed-in player id (None: anonymous, casual only)
    name: str
    bot: bool
    node: str = ""  # the node their lobby connection is on ("" on a server on its own)


@dataclass
class Standing:
    """One waiting seeker's line after a wave: their ticket and where they stand."""

    seeker: Seeker
    ticket: Ticket
    status: Status


@dataclass
class Wave:
    """What one wave did: matches called off (with who went back to the pool), tables formed,
    and every seeker still waiting (``offer``: offered a bot table for the first time now)."""

    called_off: list[tuple[Match, list[Seeker], set[str]]] = field(default_factory=list)
    formed: list[tuple[Match, list[Seeker]]] = field(default_factory=list)
    waiting: list[Standing] = field(default_factory=list)
    offers: set[str] = field(default_factory=set)


class Pools(Protocol):
    """The quick-match pools as the lobby sees them (every method may wait on Redis)."""

    clock: Clock

    async def seek(
        self, seeker: Seeker, game: str, seats: tuple[int, int], rated: bool, rating: float
    ) -> Standing:
        """Add or update the seeker's one ticket; raises ``SeekRefused``."""
        ...

    async def cancel(self, key: str) -> tuple[Match, list[Seeker], set[str]] | None:
        """The seeker's ticket goes; a match of theirs not yet sat at is called off and
        returned, with its seekers and the keys that went back to the pool."""
        ...

    async def busy(self, key: str) -> bool:
        """Whether the key is waiting or at a quick-match table."""
        ...

    async def standing(self, key: str) -> Standing | None:
        """Where a waiting seeker stands (None: not waiting)."""
        ...

    async def table_ready(self, game: str, rated: bool) -> bool:
        """A table's worth waits in one pool: a wave should run now."""
        ...

    async def confirm(self, match: int, key: str) -> bool:
        """The seeker took their seat; True once every seat of the match is taken."""
        ...

    async def finished(self, keys: list[str]) -> None:
        """Their quick-match table is over: they may seek again."""
        ...

    async def wave(self) -> Wave | None:
        """Call off late matches, form tables, say where everyone stands; None when another
        node runs the waves now."""
        ...

    async def opened(self, match: Match, invite: str) -> bool:
        """The table of a formed match is open here with ``invite``; False if the match was
        called off meanwhile (the table is to be dropped)."""
        ...


class LocalPools:
    """Every pool in this process: one ``Matchmaker``, and the seeker behind each ticket."""

    def __init__(self, sizes: dict[str, tuple[int, int]], clock: Clock) -> None:
        self.matchmaker = Matchmaker(sizes, clock)
        self.clock = clock
        self.seekers: dict[str, Seeker] = {}

    async def seek(
        self, seeker: Seeker, game: str, seats: tuple[int, int], rated: bool, rating: float
    ) -> Standing:
        ticket = self.matchmaker.seek(seeker.key, game, seats, rated, rating)
        self.seekers[seeker.key] = seeker
        status = self.matchmaker.status(seeker.key)
        assert status is not None
        return Standing(seeker, ticket, status)

    async def cancel(self, key: str) -> tuple[Match, list[Seeker], set[str]] | None:
        match = self.matchmaker.cancel(key)
        called_off = None if match is None else self._undone(match)
        if key not in self.matchmaker.seated:
            self.seekers.pop(key, None)
        return called_off

    def _undone(self, match: Match) -> tuple[Match, list[Seeker], set[str]]:
        seekers = [self.seekers[p] for p in match.players]
        back = {p for p in match.players if p in self.matchmaker.waiting}
        for player in set(match.players) - back:
            self.seekers.pop(player, None)
        return match, seekers, back

    async def busy(self, key: str) -> bool:
        return key in self.matchmaker.waiting or key in self.matchmaker.seated

    async def standing(self, key: str) -> Standing | None:
        ticket = self.matchmaker.waiting.get(key)
        status = self.matchmaker.status(key)
        if ticket is None or status is None:
            return None
        return Standing(self.seekers[key], ticket, status)

    async def table_ready(self, game: str, rated: bool) -> bool:
        return self.matchmaker.table_ready(game, rated)

    async def confirm(self, match: int, key: str) -> bool:
        return self.matchmaker.confirm(match, key)

    async def finished(self, keys: list[str]) -> None:
        self.matchmaker.finished(keys)
        for key in keys:
            if key not in self.matchmaker.waiting:
                self.seekers.pop(key, None)

    async def wave(self) -> Wave:
        wave = Wave()
        wave.called_off = [self._undone(m) for m in self.matchmaker.called_off()]
        wave.formed = [(m, [self.seekers[p] for p in m.players]) for m in self.matchmaker.wave()]
        wave.offers = {t.player for t in self.matchmaker.due_a_bot_offer()}
        wave.waiting = [s for k in self.matchmaker.waiting if (s := await self.standing(k))]
        return wave

    async def opened(self, match: Match, invite: str) -> bool:
        match.invite = invite
        return match.id in self.matchmaker.matches
