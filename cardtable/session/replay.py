"""A finished game stepped through move by move: the same seam as a live table, read-only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec
from cardtable.session.base import Refused, Session
from cardtable.session.local import LocalSession


class ReplaySession(LocalSession):
    """Every action of ``match``, shown from the start to any step; nothing can be played."""

    is_replay = True

    def __init__(self, spec: GameSpec, match: Match, seats: tuple[Seat, ...]) -> None:
        super().__init__(spec, match, seats)
        #: every action of the finished game; the match holds those up to the step shown
        self.actions: tuple[Any, ...] = tuple(match.actions)
        #: every move's events over the whole game (the opening deal first), to find sets in
        self.all_events: tuple[tuple[Any, ...], ...] = tuple(match.events)
        #: the steps at which a set or round was dealt by a step of its own (a chance step)
        self.deals: frozenset[int] = _deals(match)
        #: the game is over, so nothing in it is secret any more: the table may show every hand
        self.open_hands = match.is_over
        self.step_to(0)  # a replay is watched from the first deal

    @property
    def total(self) -> int:
        return len(self.actions)

    def step_to(self, step: int) -> None:
        """Rebuild the position after ``step`` actions (negative: the end)."""
        step = self.total if step < 0 else max(0, min(step, self.total))
        m = self.match
        self.match = Match.replay(m.game, m.config, m.seed, self.actions[:step])
        self._grow_seats()

    def open_hand(self, seat: int) -> Any | None:
        """What ``seat`` saw at the step shown, its own hand among it, once the game is over."""
        return self.match.observe(seat) if self.open_hands else None

    @property
    def my_turn(self) -> bool:
        """Nobody acts in a replay, whoever the step shown waits for."""
        return False

    def playable(self) -> tuple[Any, ...]:
        return ()

    def submit(self, action: Any) -> None:
        self.emit(Refused("this is a replay: step with ← and →"))

    def keep(self, save: Callable[[Session], None]) -> None:
        """A replay is already kept; stepping through it saves nothing."""

    def proceed(self) -> None:
        """Nobody moves in a replay."""


def _deals(match: Match) -> frozenset[int]:
    """The steps (actions applied) that end with a chance step: the next set's or round's deal."""
    position, deals = Match.new(match.game, match.config, match.seed), set()
    for step, action in enumerate(match.actions, 1):
        if position.chance is not None:
            deals.add(step)
        position.play(action)
    return frozenset(deals)
