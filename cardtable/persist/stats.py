"""Per-game, per-opponent results (games, wins, streaks) and the Flip 7 solo best, on disk."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, model_validator

from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.persist.files import FileProblem, locked, read_model, set_aside, write_atomic
from cardtable.persist.paths import data_dir


class Record(BaseModel):
    """Results against one kind of opponent."""

    model_config = ConfigDict(extra="forbid")
    games: NonNegativeInt = 0
    wins: NonNegativeInt = 0
    streak: NonNegativeInt = 0
    best_streak: NonNegativeInt = 0

    @model_validator(mode="after")
    def _counts_agree(self) -> Record:
        """A hand-edited file cannot claim more wins, or a longer streak, than games."""
        if not self.streak <= self.best_streak <= self.wins <= self.games:
            raise ValueError("streak <= best streak <= wins <= games should hold")
        return self

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)


class GameStats(BaseModel):
    model_config = ConfigDict(extra="forbid")
    opponents: dict[str, Record] = Field(default_factory=dict)
    #: fewest rounds to 200 in the Flip 7 solo challenge
    solo_best_rounds: PositiveInt | None = None


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_version: int = 1
    games: dict[str, GameStats] = Field(default_factory=dict)


def opponent_key(seats: tuple[Seat, ...]) -> str:
    """Who a person played: the bot levels at the table, or "hot-seat"."""
    bots = sorted(s.bot for s in seats if s.bot is not None)
    if len(seats) == 1:
        return "solo"
    if not bots:
        return "hot-seat"
    humans = sum(s.is_human for s in seats)
    return ("hot-seat + " if humans > 1 else "") + " + ".join(bots)


class StatsStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "stats.json"
        self.problem: FileProblem | None = None

    def load(self) -> StatsFile:
        if not self.path.exists():
            return StatsFile()
        result = read_model(self.path, StatsFile)
        if isinstance(result, FileProblem):
            self.problem = FileProblem(self.path, result.message, set_aside(self.path))
            return StatsFile()
        return result

    def record(
        self,
        game: str,
        seats: tuple[Seat, ...],
        outcome: Outcome,
        online_seats: frozenset[int] | None = None,
    ) -> StatsFile:
        """Count a finished game for the people at the table; a solo game keeps its best.
        ``online_seats``: the seats played here at an online table (the others were elsewhere)."""
        with locked(self.path):
            stats = self.load()
            entry = stats.games.setdefault(game, GameStats())
            if online_seats is None:
                key = opponent_key(seats)
                won = any(seats[w].is_human for w in outcome.winners)
            else:
                key = " + ".join(("online", *sorted(s.bot for s in seats if s.bot is not None)))
                won = any(w in online_seats for w in outcome.winners)
            entry.opponents.setdefault(key, Record()).add(won)
            rounds = outcome.stats.get("rounds")
            if key == "solo" and isinstance(rounds, int | float):
                best = entry.solo_best_rounds
                entry.solo_best_rounds = int(rounds) if best is None else min(best, int(rounds))
            write_atomic(self.path, json.dumps(stats.model_dump(), indent=1))
        return stats
