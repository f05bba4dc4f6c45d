"""The contract between a game's rules and everything else (UI, bots, sim, saves).

A game is a ``GameRules`` object: pure functions over immutable states. Legality lives in one
place, ``legal_actions``; ``apply`` refuses anything else with an ``IllegalAction`` reason, so
screens and bots never re-derive a rule.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from cardtable.core.errors import IllegalAction

State = TypeVar("State")
Config = TypeVar("Config")
Action = Any
Event = Any
Observation = Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winners`` holds several seats for a shared victory. ``scores`` is the game's own measure
    per seat (sets won, points, chips). ``stats`` carries extra figures the simulator averages:
    a number, or a tuple with one number per seat.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    stats: Mapping[str, float | tuple[float, ...]] = field(default_factory=dict)


class GameRules(ABC, Generic[State, Config]):
    """One game's rules. Subclasses are stateless; one module-level instance per game."""

    id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int] = 1
    #: the first rules version whose sets or rounds end in a state of their own, the next deal
    #: a step of its own (``chance``); the actions an older version kept replay with that
    #: step taken wherever it comes due (``core.match.Match.replay``). None: no such change
    chance_steps_since: ClassVar[int | None] = None
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    #: every action and event dataclass, so saves and replays can decode them
    action_types: ClassVar[tuple[type, ...]]
    event_types: ClassVar[tuple[type, ...]] = ()
    config_type: ClassVar[type]
    #: the rules options hold something a seat may not see (each player's own side deck), so
    #: a server tells the config only once the game is over, with the seed; views carry the
    #: public terms a table screen needs
    secret_config: ClassVar[bool] = False

    @abstractmethod
    def default_config(self, seats: int) -> Config:
        """A playable config for ``seats`` players with every option at its default."""

    @abstractmethod
    def new_game(self, config: Config, seed: int) -> tuple[State, tuple[Event, ...]]:
        """The opening state and its events (deals, first draws); all chance comes from ``seed``."""

    @abstractmethod
    def seat_count(self, state: State) -> int:
        """How many seats the game has."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat whose decision it is, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action in a stable order; empty once the game is over. While a chance
        step is due, that step alone."""

    def chance(self, state: State) -> Action | None:
        """The step nobody chooses that is due now, else None: the next set's or round's
        deal, once a set or round has ended and the boards stand as it left them. Nobody is
        to move then and the game is not over; whoever runs the game (a session, a server, a
        simulation) takes the step with ``apply``, and it is kept with the actions."""
        return None

    @abstractmethod
    def _apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def observe(self, state: State, seat: int | None) -> Observation:
        """What ``seat`` may see (``None``: a spectator, who sees no hidden card)."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def describe(self, event: Event, viewer: int | None) -> str | None:
        """A log line for ``event`` as ``viewer`` may read it; None if it says nothing to them.

        Name seats "Player N" (1-based) and the viewer "You": the UI swaps in the seats' names.
        """

    @abstractmethod
    def redeal_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell apart from ``state``: the hidden cards dealt afresh.

        Search bots sample with it, and the conformance suite checks ``observe`` against it.
        """

    def event_for(self, event: Event, seat: int | None) -> Event:
        """``event`` as ``seat`` may know it (``None``: a spectator), for a client that holds
        no state: a game whose events name a hidden card returns a copy without it."""
        return event

    def joined_bots(self, history: Iterable[tuple[Event, ...]]) -> Iterator[tuple[int, str]]:
        """``(seat, bot level)`` for each seat a bot took during play, from a match's events;
        a game whose table never grows has none."""
        return iter(())

    def seat_people(self, config: Config, people: tuple[int, ...]) -> Config:
        """``config`` for a table where people play the seats ``people`` and bots the rest,
        for a game whose rules treat the two apart; most games' rules do not care."""
        return config

    def arrival(self, state: State) -> Action:
        """The action that sits a person from outside down now, for a game whose table takes
        newcomers while it is played (a server plays it for someone with the invite code);
        IllegalAction says why nobody can sit down now."""
        raise IllegalAction("every seat at this table is taken")

    def has_left(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s player has left a game that goes on without them."""
        return False

    def is_over(self, state: State) -> bool:
        return self.to_move(state) is None and self.chance(state) is None

    def replays_version(self, version: int) -> bool:
        """Whether a game kept under rules ``version`` replays under these rules: this
        version, or one from before the chance steps (see ``chance_steps_since``)."""
        since = self.chance_steps_since
        return version == self.rules_version or (since is not None and 1 <= version < since)

    def is_legal(self, state: State, action: Action) -> bool:
        """Whether ``action`` is legal now; games may override with a faster check."""
        return action in self.legal_actions(state)

    def explain_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is refused; games override to give a specific reason."""
        if self.is_over(state):
            return "the game is over"
        return f"{action!r} is not a legal move now"

    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """The new state and what happened; raise IllegalAction (state untouched) if illegal."""
        if not self.is_legal(state, action):
            raise IllegalAction(self.explain_illegal(state, action))
        return self._apply(state, action)
