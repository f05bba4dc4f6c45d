"""Quick match: who is seeking which game, and the tables formed from them in waves.

Pure bookkeeping with an injectable clock, no I/O: the server feeds it seeks, cancellations,
departures and seat confirmations, runs :meth:`Matchmaker.wave` every ``WAVE_EVERY`` seconds (or at
once when :meth:`Matchmaker.table_ready` says a table's worth is waiting), and creates the tables
it returns. The rules it keeps:

- one ticket per player: seeking again replaces the player's ticket, keeping their place;
- nobody is at two quick-match tables: a player matched (confirming or playing) cannot seek;
- players are matched with others near their rating, within a range that widens as they wait;
- a table is the size every member asked for and the game allows;
- a matched table whose seats are not all taken within ``CONFIRM_WITHIN`` seconds is called off:
  who did take a seat goes back to the front of the pool, who did not loses the ticket;
- after ``OFFER_BOT_AFTER`` seconds unmatched, a seeker is offered a casual table against a bot.
"""

from __future__ import annotations

import bisect
import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

#: seconds between waves
WAVE_EVERY = 3.0
#: seconds a matched player has to take the seat
CONFIRM_WITHIN = 15.0
#: seconds unmatched before a casual table against a bot is offered
OFFER_BOT_AFTER = 45.0
#: the rating range (display points either side) a fresh seeker is matched within…
RANGE_START = 100.0
#: …widening by this much per second of waiting…
RANGE_GROWTH = 10.0
#: …up to this (wide enough to span any two real players)
RANGE_MAX = 1500.0

Clock = Callable[[], float]

#: why a seek is refused while its player is at a quick-match table
SEATED = "you are already at a quick-match table"


class SeekRefused(ValueError):
    """A seek the pool cannot take; the message says why in a line."""


@dataclass
class Ticket:
    """One player's seek."""

    player: str
    game: str
    rated: bool
    seats: tuple[int, int]  # the table sizes they accept, inclusive
    rating: float  # their displayed rating in the game (1,500 for a newcomer)
    since: float  # when they started waiting (kept when they return to the front)
    offered_bot: bool = False

    def accepts(self, size: int) -> bool:
        return self.seats[0] <= size <= self.seats[1]

    def range_at(self, now: float) -> float:
        """How far from their rating (display points) they may be matched, now."""
        return min(RANGE_MAX, RANGE_START + RANGE_GROWTH * max(0.0, now - self.since))


@dataclass
class Match:
    """A table formed by a wave, waiting for its players to take their seats."""

    id: int
    game: str
    rated: bool
    tickets: list[Ticket]
    deadline: float
    confirmed: set[str] = field(default_factory=set)
    invite: str = ""  # its table's invite code, once the table is open

    @property
    def players(self) -> list[str]:
        return [ticket.player for ticket in self.tickets]


@dataclass(frozen=True)
class Status:
    """What a waiting screen says: "searching 12 s · 7 people seeking Pazaak · range ±150"."""

    waited: float
    seeking: int  # players seeking this game (rated and casual alike)
    range: float


class Matchmaker:
    """The pools of every game, and the tables formed but not yet sat at."""

    def __init__(self, sizes: dict[str, tuple[int, int]], clock: Clock = time.monotonic) -> None:
        #: the legal table sizes of each game, inclusive
        self.sizes = sizes
        self.clock = clock
        self.waiting: dict[str, Ticket] = {}
        self.matches: dict[int, Match] = {}
        #: players at a quick-match table (confirming or playing), and which
        self.seated: dict[str, int] = {}
        self._ids = itertools.count(1)

    # -- the seekers' side -----------------------------------------------------------------------

    def seek(
        self, player: str, game: str, seats: tuple[int, int], rated: bool, rating: float
    ) -> Ticket:
        """Add a player to the game's pool, or update their ticket (keeping their place)."""
        if player in self.seated:
            raise SeekRefused(SEATED)
        if game not in self.sizes:
            raise SeekRefused(f"no game called {game!r} here")
        low, high = self.sizes[game]
        wanted = (max(low, seats[0]), min(high, seats[1]))
        if wanted[0] > wanted[1]:
            raise SeekRefused(f"{game} is played by {low}–{high}, not {seats[0]}–{seats[1]}")
        earlier = self.waiting.get(player)
        since = earlier.since if earlier else self.clock()
        ticket = Ticket(player, game, rated, wanted, rating, since)
        self.waiting[player] = ticket
        return ticket

    def cancel(self, player: str) -> Match | None:
        """The player stops seeking (or disconnected): their ticket goes; a table formed for
        them and not yet sat at is called off (and returned), the others back to the front."""
        self.waiting.pop(player, None)
        match = self.matches.get(self.seated.get(player, 0))
        if match is not None:
            self._call_off(match, keep=match.confirmed - {player})
        return match

    def status(self, player: str) -> Status | None:
        ticket = self.waiting.get(player)
        if ticket is None:
            return None
        now = self.clock()
        seeking = sum(1 for other in self.waiting.values() if other.game == ticket.game)
        return Status(now - ticket.since, seeking, ticket.range_at(now))

    def due_a_bot_offer(self) -> list[Ticket]:
        """Tickets that have waited ``OFFER_BOT_AFTER`` seconds, each returned once."""
        now = self.clock()
        due = [
            t
            for t in self.waiting.values()
            if not t.offered_bot and now - t.since >= OFFER_BOT_AFTER
        ]
        for ticket in due:
            ticket.offered_bot = True
        return due

    # -- the tables' side ------------------------------------------------------------------------

    def table_ready(self, game: str, rated: bool) -> bool:
        """Whether a table's worth is waiting in one pool (the largest table anyone there wants),
        so a wave need not wait for its turn."""
        pool = [t for t in self.waiting.values() if t.game == game and t.rated == rated]
        return bool(pool) and len(pool) >= max(t.seats[1] for t in pool)

    def wave(self) -> list[Match]:
        """Form every table it can from the pools, oldest seekers first."""
        now = self.clock()
        self._expire(now)
        pools: dict[tuple[str, bool], list[Ticket]] = {}
        for ticket in self.waiting.values():
            pools.setdefault((ticket.game, ticket.rated), []).append(ticket)
        formed: list[Match] = []
        for (game, rated), pool in pools.items():
            for tickets in _tables(pool, now):
                match = Match(next(self._ids), game, rated, tickets, now + CONFIRM_WITHIN)
                self.matches[match.id] = match
                for ticket in tickets:
                    del self.waiting[ticket.player]
                    self.seated[ticket.player] = match.id
                formed.append(match)
        return formed

    def confirm(self, match_id: int, player: str) -> bool:
        """``player`` took their seat; True once every seat of the match is taken."""
        match = self.matches.get(match_id)
        if match is None or player not in match.players:
            return False
        match.confirmed.add(player)
        if len(match.confirmed) == len(match.tickets):
            del self.matches[match_id]  # in play now: its players stay in ``seated``
            return True
        return False

    def finished(self, players: Iterable[str]) -> None:
        """The quick-match table of these players is over: they may seek again."""
        for player in players:
            self.seated.pop(player, None)

    def called_off(self) -> list[Match]:
        """Matches past their deadline, called off now (the server tells their players)."""
        return self._expire(self.clock())

    def _expire(self, now: float) -> list[Match]:
        late = [match for match in self.matches.values() if match.deadline <= now]
        for match in late:
            self._call_off(match, keep=match.confirmed)
        return late

    def _call_off(self, match: Match, keep: set[str]) -> None:
        """Undo a match: ``keep`` go back to the pool with their old place (the front)."""
        self.matches.pop(match.id, None)
        for ticket in match.tickets:
            self.seated.pop(ticket.player, None)
            if ticket.player in keep:
                self.waiting[ticket.player] = ticket


def _tables(pool: list[Ticket], now: float) -> list[list[Ticket]]:
    """Tables from one pool: the longest-waiting ticket first, with the nearest ratings that
    accept a size it accepts, each pair within both players' ranges."""
    by_rating = sorted(pool, key=lambda t: (t.rating, t.since, t.player))
    ratings = [t.rating for t in by_rating]
    matched: set[str] = set()
    tables: list[list[Ticket]] = []
    for anchor in sorted(pool, key=lambda t: (t.since, t.player)):
        if anchor.player in matched:
            continue
        table = _largest_table(
            anchor, _nearest(anchor, by_rating, ratings, now), len(by_rating) - 1
        )
        if table is None:
            continue
        tables.append(table)
        matched.update(t.player for t in table)
        for ticket in table:  # out of the sorted lists, so later anchors never walk past them
            index = bisect.bisect_left(ratings, ticket.rating)
            while by_rating[index] is not ticket:
                index += 1
            del by_rating[index], ratings[index]
    return tables


def _nearest(
    anchor: Ticket, by_rating: list[Ticket], ratings: list[float], now: float
) -> list[Ticket]:
    """Unmatched tickets nearest the anchor's rating, within both ranges, nearest first: walking
    outward from the anchor only until every size it accepts could be filled."""
    reach = anchor.range_at(now)
    wanted = {size: size - 1 for size in range(anchor.seats[0], anchor.seats[1] + 1)}
    below = bisect.bisect_left(ratings, anchor.rating) - 1
    above = below + 1
    near: list[Ticket] = []
    while any(count > 0 for count in wanted.values()):
        down = by_rating[below] if below >= 0 else None
        up = by_rating[above] if above < len(by_rating) else None
        if down is None and up is None:
            break
        if up is None or (
            down is not None and anchor.rating - down.rating <= up.rating - anchor.rating
        ):
            candidate, below = down, below - 1
        else:
            candidate, above = up, above + 1
        assert candidate is not None
        gap = abs(candidate.rating - anchor.rating)
        if gap > reach:
            break  # the nearer side is already out of range, so is everyone further out
        if candidate is anchor or gap > candidate.range_at(now):
            continue
        near.append(candidate)
        for size in wanted:
            if candidate.accepts(size):
                wanted[size] -= 1
    return near


def _largest_table(anchor: Ticket, near: list[Ticket], left: int) -> list[Ticket] | None:
    """The anchor's table at the largest size everyone in it accepts, preferring a size that
    does not strand fewer seekers than the smallest table; None when no size can be filled."""
    fits: list[list[Ticket]] = []
    for size in range(anchor.seats[1], anchor.seats[0] - 1, -1):
        others = [t for t in near if t.accepts(size)][: size - 1]
        if len(others) == size - 1:
            fits.append([anchor, *others])
    if not fits:
        return None
    smallest = anchor.seats[0]
    for table in fits:
        stranded = left - (len(table) - 1)
        if stranded == 0 or stranded >= smallest:
            return table
    return fits[0]
