"""A match in progress: rules, config, seed and the actions taken, with the events they made.

``(game, rules version, config, seed, actions)`` is all a save or a replay needs: replaying the
actions from the seed rebuilds every state exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.protocol import GameRules, Outcome


@dataclass
class Match:
    """Mutable wrapper around immutable states: the UI and saves hold one of these."""

    game: GameRules[Any, Any]
    config: Any
    seed: int
    state: Any
    actions: list[Any] = field(default_factory=list)
    #: the events of the opening deal, then of each action in turn
    events: list[tuple[Any, ...]] = field(default_factory=list)

    @classmethod
    def new(cls, game: GameRules[Any, Any], config: Any, seed: int) -> Match:
        state, opening = game.new_game(config, seed)
        return cls(game=game, config=config, seed=seed, state=state, events=[opening])

    @classmethod
    def replay(
        cls,
        game: GameRules[Any, Any],
        config: Any,
        seed: int,
        actions: Iterable[Any],
        version: int | None = None,
    ) -> Match:
        """Rebuild a match by replaying ``actions``; raises IllegalAction if one does not fit.

        ``actions`` kept under an older rules ``version``, from before the next deal was a
        step of its own, come without those steps: each is taken where it comes due, as that
        version took it inside the action that ended a set, so the match is the same. (A
        server's table rebuilt from an old journal goes on under these rules, so the same
        list may go on with the steps written out.)
        """
        match = cls.new(game, config, seed)
        since = game.chance_steps_since
        fill = version is not None and since is not None and version < since
        for action in actions:
            if fill and match.chance not in (None, action):
                match.take_chance_steps()
            match.play(action)
        if fill:
            match.take_chance_steps()
        return match

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def chance(self) -> Any:
        """The step nobody chooses that is due now (the next deal), else None."""
        return self.game.chance(self.state)

    def take_chance_steps(self) -> None:
        """Take every step nobody chooses that is due now."""
        while (step := self.game.chance(self.state)) is not None:
            self.play(step)

    def legal_actions(self) -> tuple[Any, ...]:
        return self.game.legal_actions(self.state)

    def observe(self, seat: int | None) -> Any:
        return self.game.observe(self.state, seat)

    def play(self, action: Any) -> tuple[Any, ...]:
        """Apply ``action``; on IllegalAction nothing changes."""
        state, events = self.game.apply(self.state, action)
        self.state = state
        self.actions.append(action)
        self.events.append(events)
        return events
