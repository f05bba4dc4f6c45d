"""A game on disk: the seed, config, seats and actions, from which every state replays.

Saves and replays share this schema-versioned file. Configs and actions go through
``core.codec`` (plain JSON), never pickle.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.core.codec import Decoder, encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.seating import is_policy
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec

SCHEMA_VERSION = 1


def slot_name(game: str, config: dict[str, Any]) -> str:
    """Which save a game goes in: one per game, and one per mode of a game that has modes
    (Flip 7's solo challenge and table game are saved apart)."""
    mode = config.get("mode")
    return f"{game}-{mode}" if isinstance(mode, str) else game


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

    def config_value(self) -> Any:
        rules = self.spec.rules
        return Decoder((rules.config_type,)).decode(self.config)

    def decoded_actions(self) -> list[Any]:
        decoder = Decoder(self.spec.rules.action_types)
        return [decoder.decode(a) for a in self.actions]

    def to_match(self) -> Match:
        """Replay the record; ValueError says what does not fit (bad action, other rules)."""
        rules = self.spec.rules
        if self.rules_version != rules.rules_version:
            raise ValueError(
                f"made with {self.spec.title} rules version {self.rules_version}, "
                f"this cardtable plays version {rules.rules_version}"
            )
        for seat in self.seats:
            if seat.bot is not None and seat.bot not in self.spec.levels and not is_policy(seat.bot):
                raise ValueError(f"unknown bot level {seat.bot!r}")
        try:
            match = Match.replay(rules, self.config_value(), self.seed, self.decoded_actions())
        except IllegalAction as refusal:
            raise ValueError(f"an action does not replay: {refusal.reason}") from refusal
        except (TypeError, KeyError) as error:
            raise ValueError(f"the config does not fit: {error}") from error
        if rules.seat_count(match.state) != len(self.seats):
            raise ValueError("the seats do not match the game")
        return match
