"""The bot contract and the helpers that run one bot decision reproducibly."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardtable.core.rng import derive_rng


class Bot(Protocol):
    """A player the computer runs: no I/O, no globals, deterministic for a given rng."""

    level: str

    def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """One of ``legal``, chosen from what ``observation`` shows."""
        ...


@dataclass(frozen=True, slots=True)
class Advice:
    """A bot's choice with one line in plain words on why, taken from its own evaluation.

    The reason is built from the observation only, so showing it to the player to move never
    reveals a card that player cannot see.
    """

    action: Any
    reason: str


@runtime_checkable
class Advisor(Protocol):
    """A bot that can explain its choice: the hint key asks it, ``choose`` stays the fast path."""

    level: str

    def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any: ...

    def advise(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Advice:
        """The move ``choose`` would make for this rng, with the reason."""
        ...


def percent(chance: float) -> str:
    """A chance as a reason shows it: "71%"."""
    return f"{round(100 * min(max(chance, 0.0), 1.0))}%"


def bot_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The rng a bot gets for its decision at ``ply``, so replays and sims repeat exactly."""
    return derive_rng(seed, f"bot:{seat}", ply)
