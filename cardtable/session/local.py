"""A game held on this machine: a ``Match``, bots thinking in a thread, hot-seat, autosave."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardtable.core.bots import bot_rng
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.protocol import Outcome
from cardtable.core.seating import PolicyError, make_bot
from cardtable.core.seats import Seat, grown_seats
from cardtable.games.registry import GameSpec
from cardtable.session.base import HandOff, Moved, Refused, Session, Thinking


class LocalSession(Session):
    """Every seat of ``match`` at this keyboard or played by a bot here.

    With one person the table is drawn for them; with several (hot-seat) it is drawn for
    nobody until the person to move takes the keyboard, and the log is public.
    """

    match: Match

    def __init__(
        self,
        spec: GameSpec,
        match: Match,
        seats: tuple[Seat, ...],
    ) -> None:
        super().__init__()
        self.spec = spec
        self.match = match
        # "play again" after bots sat down: the new game opens with the opening seats
        self._seats = seats[: match.game.seat_count(match.state)]
        self.autosave: Callable[[Session], None] | None = None
        self.bots: dict[int, Any] = {}
        self._grow_seats()
        humans = [i for i, s in enumerate(self._seats) if s.is_human]
        self.hotseat = len(humans) > 1
        self.viewer = humans[0] if len(humans) == 1 else None
        self._thinking: int | None = None

    @classmethod
    def new(cls, spec: GameSpec, config: Any, seats: tuple[Seat, ...], seed: int) -> LocalSession:
        """A fresh game of ``spec``."""
        return cls(spec, Match.new(spec.rules, config, seed), seats)

    # -- reading -------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def to_move(self) -> int | None:
        return self.match.to_move

    @property
    def outcome(self) -> Outcome | None:
        return self.match.outcome

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def ply(self) -> int:
        return len(self.match.actions)

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def config(self) -> Any:
        return self.match.config

    @property
    def thinking(self) -> int | None:
        return self._thinking

    @property
    def log_viewer(self) -> int | None:
        """Hot-seat logs are public: every player at the keyboard can read them."""
        return None if self.hotseat else self.viewer

    def observe(self) -> Any:
        return self.match.observe(self.viewer)

    def playable(self) -> tuple[Any, ...]:
        return self.match.legal_actions() if self.my_turn else ()

    def history(self) -> tuple[tuple[Any, ...], ...]:
        return tuple(self.match.events)

    def log_lines(self) -> tuple[str, ...]:
        return tuple(line for events in self.match.events for line in self.lines(events))

    def lines(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        """The log lines ``events`` give the log's reader."""
        describe, viewer = self.match.game.describe, self.log_viewer
        return tuple(line for line in (describe(e, viewer) for e in events) if line)

    # -- playing -------------------------------------------------------------------------------

    def keep(self, save: Callable[[Session], None]) -> None:
        self.autosave = save

    def submit(self, action: Any) -> None:
        """Apply ``action``; an illegal one is refused with its reason and changes nothing."""
        try:
            events = self.match.play(action)
        except IllegalAction as refusal:
            self.emit(Refused(refusal.reason))
            return
        self._grow_seats()
        if self.autosave is not None:
            self.autosave(self)
        self.emit(Moved(events, self.lines(events), final=self.match.is_over))

    def proceed(self) -> None:
        """Deal the next set or round once one has ended (nobody chooses it: the table has
        shown how it ended); else start the bot to move thinking, or hand the keyboard to the
        person to move."""
        seat = self.to_move
        if seat is None:
            step = self.match.chance
            if step is not None:
                self.submit(step)
            return
        if self._thinking is not None:
            return
        if self._seats[seat].bot is not None:
            self._think(seat)
        elif self.hotseat and seat != self.viewer:
            self.viewer = None
            self.emit(HandOff(seat))

    def _think(self, seat: int) -> None:
        """The bot decides off the caller's thread; its move is applied through the listener's."""
        self._thinking = seat
        self.emit(Thinking(seat))
        ply = self.ply
        observation = self.match.game.observe(self.match.state, seat)
        legal = self.match.game.legal_actions(self.match.state)
        rng = bot_rng(self.match.seed, seat, ply)
        bot = self._bot(seat)

        def decide() -> None:
            started = time.perf_counter()
            try:
                action = bot.choose(observation, legal, rng)
            except PolicyError as refusal:  # a user's policy broke the rules: say so, stop there
                reason = str(refusal)
                self.dispatch(lambda: self._policy_refused(reason))
                return
            pause = self.bot_pause - (time.perf_counter() - started)
            if pause > 0:
                time.sleep(pause)
            self.dispatch(lambda: self._bot_moved(action, ply))

        self.background(decide)

    def _policy_refused(self, reason: str) -> None:
        self._thinking = None
        self.emit(Thinking(None))
        self.emit(Refused(reason))

    def _bot_moved(self, action: Any, ply: int) -> None:
        self._thinking = None
        self.emit(Thinking(None))
        if ply == self.ply and self._listeners:
            self.submit(action)

    def dispatch(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` on the table's thread (dropped once no table listens)."""
        if self._listeners:
            self._listeners[0][1](callback)

    def _grow_seats(self) -> None:
        """Name the seats that bots took during play."""
        game = self.match.game
        self._seats = grown_seats(
            self._seats, game.joined_bots(self.match.events), game.seat_count(self.match.state)
        )

    def _bot(self, seat: int) -> Any:
        """The seat's bot, made when it first has to move: importing a game's bots would cost
        a table's first frame a tenth of a bare Textual app's start-up."""
        if seat not in self.bots:
            level = self._seats[seat].bot
            assert level is not None, "only a bot seat thinks"
            self.bots[seat] = make_bot(self.spec.bots, level)
        return self.bots[seat]
