"""The bot contract and the helpers that run one bot decision reproducibly."""

from __future__ import annotations

import random
from typing import Any, Protocol

from cardtable.core.rng import derive_rng


class Bot(Protocol):
    """A player the computer runs: no I/O, no globals, deterministic for a given rng."""

    level: str

    def choose(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """One of ``legal``, chosen from what ``observation`` shows."""
        ...


def bot_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The rng a bot gets for its decision at ``ply``, so replays and sims repeat exactly."""
    return derive_rng(seed, f"bot:{seat}", ply)
