"""One table on the server: the match, who sits where, and what each seat is told.

The table applies every action through the rules and tells each connection only what its seat
may see: the observation, the log lines and events filtered for that seat, and the legal actions
when it is to move. The seed and the actions stay here until the game is over.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, Protocol

from cardtable.core.codec import Decoder, encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.names import distinct_name
from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat, grown_seats
from cardtable.games.registry import GameSpec
from cardtable.online.protocol import CODE_LETTERS
from cardtable.online.store import TableRecord
from cardtable.online.wirejson import Moment


class Peer(Protocol):
    """A connection as a table sees it."""

    seat: int | None
    #: how many of the match's event groups this connection has been sent
    sent: int
    #: how many of the table's absences it has been told of
    noted: int

    def send(self, data: str | bytes) -> None: ...


class Refusal(Exception):
    """A message the table will not act on: ``code`` for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(5))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """Tokens are kept hashed: the store alone cannot seat anyone."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Absence:
    """A person gone past the grace period (a bot plays their seat from here) or back after
    it, told in every log at the point where it happened: ``at`` event groups into the game."""

    at: int
    seat: int
    back: bool
    #: back: the moves the stand-in made for them
    moves: int = 0

    def line(self, viewer: int | None) -> str:
        """What ``viewer`` reads of it; "Player N" is named by the reader's table."""
        if self.seat != viewer:
            who = f"Player {self.seat + 1}"
            return f"{who} is back" if self.back else f"{who} is away: a bot plays for them"
        if not self.back:
            return "You were away: a bot played for you from here"
        if not self.moves:
            return "You are back: the bot made no move for you while you were away"
        moves = "1 move" if self.moves == 1 else f"{self.moves} moves"
        return f"A bot played for you while you were away: {moves}, each marked {BOT_MARK!r}"


#: what begins a log line of a move a stand-in made for an absent person
BOT_MARK = "(bot)"


@cache
def wire_decoder(spec: GameSpec) -> Decoder:
    """Decodes everything of ``spec`` that travels: actions, events, config, observations.
    One a game, shared: a server held one a table, for every full collection to walk."""
    rules = spec.rules
    state, _ = rules.new_game(rules.default_config(rules.min_seats), 0)
    view = type(rules.observe(state, None))
    return Decoder((*rules.action_types, *rules.event_types, rules.config_type, view))


@dataclass(eq=False)
class Table:
    """A match and its seats; ``tokens`` hold a token hash per human seat ("" for bots)."""

    id: str
    spec: GameSpec
    match: Match
    seats: tuple[Seat, ...]
    tokens: list[str]
    invite: str
    watch: str
    peers: set[Any] = field(default_factory=set)
    #: human seats somebody has sat down in
    claimed: set[int] = field(default_factory=set)
    #: seats a quick match holds for its matched players until each has sat down
    expected: set[int] = field(default_factory=set)
    #: human seats whose player left for longer than the grace period: a bot plays them
    stand_ins: dict[int, Any] = field(default_factory=dict)
    bots: dict[int, Any] = field(default_factory=dict)
    #: seats that asked for a rematch
    again: set[int] = field(default_factory=set)
    #: who went away and came back during this game, in order
    absences: list[Absence] = field(default_factory=list)
    #: the event groups a stand-in made, and for which seat
    by_stand_in: dict[int, int] = field(default_factory=dict)
    #: the plies a stand-in played this game (its record keeps them: ``TableRecord.stood_in``)
    stood_in: list[int] = field(default_factory=list)
    #: what the lobby opened this table for (a quick match), kept in its record so that a
    #: restarted server knows it; the table itself never reads it
    quick: dict[str, Any] | None = None
    #: the rules version this game's first actions were kept under (an older one than these
    #: rules' when the table was rebuilt from an old journal): its record keeps saying so
    rules_version: int = 0

    def __post_init__(self) -> None:
        self.decoder = wire_decoder(self.spec)
        self.rules_version = self.rules_version or self.spec.rules.rules_version
        self.grow()

    @classmethod
    def rebuild(cls, spec: GameSpec, record: TableRecord, actions: list[dict[str, Any]]) -> Table:
        """A table from its record and actions, as it was when it was last written."""
        decoder = wire_decoder(spec)
        config = decoder.decode(record.config)
        moves = map(decoder.decode, actions)
        match = Match.replay(spec.rules, config, record.seed, moves, record.rules_version)
        seats = tuple(Seat(s["name"], s.get("bot")) for s in record.seats)
        table = cls(record.id, spec, match, seats, record.tokens, record.invite, record.watch)
        table.rules_version = record.rules_version
        table.claimed = {i for i, t in enumerate(record.tokens) if t}
        table.quick = record.quick
        table.stood_in = list(record.stood_in)
        return table

    def record(self) -> TableRecord:
        return TableRecord(
            id=self.id,
            game=self.spec.id,
            config=encode(self.match.config),
            seed=self.match.seed,
            seats=[{"name": s.name, "bot": s.bot} for s in self.seats],
            tokens=self.tokens,
            invite=self.invite,
            watch=self.watch,
            quick=self.quick,
            rules_version=self.rules_version,
            stood_in=list(self.stood_in),
        )

    # -- seats ---------------------------------------------------------------------------------

    def grow(self) -> None:
        """Seats bots took during play (Pazu-Pazaak) join the list, each with its bot."""
        game = self.match.game
        self.seats = grown_seats(
            self.seats, game.joined_bots(self.match.events), game.seat_count(self.match.state)
        )
        while len(self.tokens) < len(self.seats):
            self.tokens.append("")
        for seat, who in enumerate(self.seats):
            if who.bot is not None and seat not in self.bots:
                self.bots[seat] = self.spec.bots[who.bot]()

    def newcomer_seat(self) -> int:
        """The first human seat nobody has taken; else, at a game that seats newcomers while it
        is played (Pazu-Pazaak, between sets), the seat its rules make for one now: the arrival
        is played (the caller keeps it) and the new seat, the last, waits for its ``claim``."""
        for seat, who in enumerate(self.seats):
            if who.is_human and seat not in self.claimed:
                return seat
        game = self.match.game
        try:
            arrival = game.arrival(self.match.state)
        except IllegalAction as refusal:
            reason = f"{refusal.reason} (the watch code {self.watch} lets you look on)"
            raise Refusal("full", reason) from None
        self.match.play(arrival)
        self.seats += (Seat("Newcomer"),)
        self.grow()
        return game.seat_count(self.match.state) - 1

    def claim(self, seat: int, name: str) -> str:
        """Give ``seat`` to a person called ``name`` ("Ann (2)" if an Ann sits here already);
        returns its secret token."""
        token = new_token()
        self.tokens[seat] = token_hash(token)
        self.claimed.add(seat)
        taken = (s.name for i, s in enumerate(self.seats) if i != seat and i in self.claimed)
        name = distinct_name(name, (*taken, *(s.name for s in self.seats if s.bot)))
        self.seats = tuple(Seat(name) if i == seat else s for i, s in enumerate(self.seats))
        return token

    @property
    def waiting(self) -> bool:
        """A person's seat nobody has taken (or sat down at) yet: the game waits, nobody (not
        even a bot) moves."""
        unclaimed = any(s.is_human and i not in self.claimed for i, s in enumerate(self.seats))
        return unclaimed or bool(self.expected)

    def present(self, seat: int) -> bool:
        return any(peer.seat == seat for peer in self.peers)

    def stand_in(self, seat: int, bot: Any) -> None:
        """``bot`` plays ``seat`` until its person is back; every log is told."""
        self.stand_ins[seat] = bot
        self.absences.append(Absence(len(self.match.events), seat, back=False))

    def returned(self, seat: int) -> None:
        """The person of ``seat`` sat down again: a stand-in playing for them stops, and every
        log is told how long it played."""
        if self.stand_ins.pop(seat, None) is None:
            return
        went = max(a.at for a in self.absences if a.seat == seat and not a.back)
        moves = sum(1 for k, s in self.by_stand_in.items() if s == seat and k >= went)
        self.absences.append(Absence(len(self.match.events), seat, back=True, moves=moves))

    def player_for(self, seat: int) -> Any:
        """The bot to move for ``seat`` now, if the server plays it."""
        return self.bots.get(seat) or self.stand_ins.get(seat)

    @cached_property
    def _opening(self) -> int:
        """How many seats a new game at this table has (its config is the same for every
        game: dealing one to count them is done once, not at each rematch request)."""
        game = self.match.game
        return game.seat_count(game.new_game(self.match.config, 0)[0])

    def may_start_again(self) -> None:
        """Refuse the next game while a person sits in a seat that grew during this one
        (a Pazu-Pazaak newcomer): the next game has the opening seats only."""
        game, opening = self.match.game, self._opening
        newcomers = [
            who.name
            for seat, who in enumerate(self.seats[opening:], opening)
            if who.is_human and (self.present(seat) or not game.has_left(self.match.state, seat))
        ]
        if newcomers:
            raise Refusal(
                "rematch",
                f"{' and '.join(newcomers)} sat down during this game and a new one starts with "
                "the opening seats only: open a new table to play on together",
            )

    def start_again(self, seed: int) -> None:
        """The next game, with the seats this table opened with: those that grew during the
        last one (Pazu-Pazaak's added bots) are not in it."""
        opening = self._opening
        self.match = Match.new(self.match.game, self.match.config, seed)
        self.rules_version = self.spec.rules.rules_version
        self.seats, self.tokens = self.seats[:opening], self.tokens[:opening]
        self.claimed = {seat for seat in self.claimed if seat < opening}
        self.absences, self.by_stand_in, self.stood_in = [], {}, []
        for seats in (self.bots, self.stand_ins):
            for seat in [seat for seat in seats if seat >= opening]:
                del seats[seat]

    # -- playing -------------------------------------------------------------------------------

    def play(self, seat: int | None, ply: int, raw: dict[str, Any]) -> Any:
        """Check and decode a person's move; returns the action (not yet applied)."""
        match = self.match
        if seat is None:
            raise Refusal("spectator", "you are watching this table: spectators cannot move")
        if match.is_over:
            raise Refusal("over", "the game is over")
        if self.waiting:
            raise Refusal("waiting", "the game starts once everyone has sat down: wait for them")
        if ply != len(match.actions):
            raise Refusal(
                "stale",
                f"stale move: it was sent for move {ply}, the table is at move {len(match.actions)}",
            )
        mover = match.to_move
        if mover is None:  # a set has ended: the server deals the next one itself
            raise Refusal("turn", "the next deal is on its way: nobody moves until it is made")
        if mover != seat:
            raise Refusal("turn", f"it is not your turn: Player {mover + 1} is to move")
        try:
            return self.decoder.decode(raw)
        except (ValueError, TypeError, KeyError) as error:
            raise Refusal("action", f"cannot read that action: {error}") from None

    # -- what each seat is told ----------------------------------------------------------------

    def updates_for(self, peers: list[Peer]) -> list[bytes]:
        """Everything each of ``peers`` has not been told yet, as its seat may know it: one
        update made for every peer in the same seat told as much so far (an audience), so a
        hundred spectators cost one update, not a hundred, and all of them are sent the same
        bytes. What every audience is told alike is written once, and so is each part of the
        game that their views share (``wirejson.Moment``)."""
        made: dict[tuple[int | None, int, int], bytes] = {}
        shared = self._told_to_all()
        moment = Moment()
        # the JSON object every update begins with, left open: an audience's own part follows
        opening = moment.dumps(shared)[:-1] + b","
        texts = []
        for peer in peers:
            audience = (peer.seat, peer.sent, peer.noted)
            if audience not in made:
                own = moment.dumps(self._own_part(peer, shared["waiting"]))
                made[audience] = opening + own[1:]
            peer.sent, peer.noted = len(self.match.events), len(self.absences)
            texts.append(made[audience])
        return texts

    def update_for(self, peer: Peer) -> bytes:
        """Everything ``peer`` alone has not been told yet, as its seat may know it."""
        return self.updates_for([peer])[0]

    def _told_to_all(self) -> dict[str, Any]:
        """The part of an update that is the same for every seat and spectator (game values as
        they are: ``wirejson`` writes them as ``encode`` would)."""
        match, rules = self.match, self.match.game
        outcome, state = match.outcome, match.state
        present = {peer.seat for peer in self.peers}
        return {
            "type": "update",
            "game_id": self.id,
            "ply": len(match.actions),
            "to_move": match.to_move,
            "seats": [
                {
                    "name": who.name,
                    "bot": who.bot,
                    "connected": who.bot is None and i in present,
                    "stand_in": i in self.stand_ins,
                    "left": rules.has_left(state, i),
                    "again": i in self.again,
                }
                for i, who in enumerate(self.seats)
            ],
            "waiting": self.waiting,
            "outcome": None if outcome is None else _result(outcome),
            "seed": match.seed if outcome is not None else None,
            "actions": match.actions if outcome is not None else None,
            "config": match.config if outcome is not None else None,
        }

    def _own_part(self, peer: Peer, waiting: bool) -> dict[str, Any]:
        """What ``peer`` has not been told yet, as its seat may know it, but for what every
        audience is told alike (``_told_to_all``); game values as they are, for ``wirejson``."""
        match, seat, rules = self.match, peer.seat, self.match.game
        told = self.absences[peer.noted :]
        moves = [
            {
                "events": [rules.event_for(e, seat) for e in events],
                "lines": self._lines(k, events, seat, told),
            }
            for k, events in enumerate(match.events[peer.sent :], peer.sent)
        ]
        notes = [a.line(seat) for a in told if not peer.sent <= a.at < len(match.events)]
        mine = seat is not None and match.to_move == seat and not waiting
        # plain data and game values as they are (the ``Update`` model is the schema the client
        # checks it with), written by ``wirejson`` straight from the values, not through
        # pydantic: this runs for every audience on every move
        return {
            "fresh": peer.sent == 0,
            "observation": match.observe(seat),
            "legal": match.legal_actions() if mine else (),
            "moves": moves,
            "notes": notes,
        }

    def _lines(
        self, group: int, events: tuple[Any, ...], seat: int | None, told: list[Absence]
    ) -> list[str]:
        """The log lines of event group ``group`` for ``seat``: an absence that came before it
        first, and a stand-in's move marked as the bot's."""
        rules = self.match.game
        lines = [line for e in events if (line := rules.describe(e, seat))]
        if not told and not self.by_stand_in:  # nearly always: nothing to add
            return lines
        absent = self.by_stand_in.get(group)
        if absent is not None and lines:
            subject = "You " if absent == seat else f"Player {absent + 1} "
            theirs = [i for i, line in enumerate(lines) if line.startswith(subject)] or [0]
            for i in theirs:
                lines[i] = f"{BOT_MARK} {lines[i]}"
        return [a.line(seat) for a in told if a.at == group] + lines


def _result(outcome: Outcome) -> dict[str, Any]:
    stats = {k: list(v) if isinstance(v, tuple) else v for k, v in outcome.stats.items()}
    return {"winners": list(outcome.winners), "scores": list(outcome.scores), "stats": stats}
