"""A game on disk: the seed, config, seats and actions, from which every state replays.

Saves and replays share this schema-versioned file. Configs and actions go through
``core.codec`` (plain JSON), never pickle.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.core.codec import encode
from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec
from cardtable.persist.rebuild import rebuild_match, slot_name

SCHEMA_VERSION = 1


class SeatRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    bot: str | None = None


class GameRecord(BaseModel):
    """One game as saved: enough to rebuild every position exactly."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    game: str
    rules_version: int
    seed: int
    config: dict[str, Any]
    seats: list[SeatRecord] = Field(min_length=1)
    actions: list[dict[str, Any]]
    finished: bool = False
    saved_at: float = Field(default_factory=time.time)

    @field_validator("schema_version")
    @classmethod
    def _readable(cls, version: int) -> int:
        if version > SCHEMA_VERSION:
            raise ValueError(
                f"written by a newer cardtable (schema {version}; this one reads up to {SCHEMA_VERSION})"
            )
        return version

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        return game

    @classmethod
    def of(cls, spec: GameSpec, match: Match, seats: tuple[Seat, ...]) -> GameRecord:
        return cls(
            schema_version=SCHEMA_VERSION,
            game=spec.id,
            rules_version=spec.rules.rules_version,
            seed=match.seed,
            config=encode(match.config),
            seats=[SeatRecord(name=s.name, bot=s.bot) for s in seats],
            actions=[encode(a) for a in match.actions],
            finished=match.is_over,
        )

    @property
    def slot(self) -> str:
        return slot_name(self.game, self.config)

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    @property
    def seat_list(self) -> tuple[Seat, ...]:
        return tuple(Seat(s.name, s.bot) for s in self.seats)

    def to_match(self) -> Match:
        """Replay the record; ValueError says what does not fit (bad action, other rules)."""
        return rebuild_match(
            self.spec, self.rules_version, self.seed, self.config, self.actions, self.seat_list
        )
