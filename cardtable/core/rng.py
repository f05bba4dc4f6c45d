"""Seeded, replay-stable randomness.

Python only promises that ``Random.random()`` stays the same across versions, so every shuffle
and draw here is built on it; a seed, a purpose and a counter name each stream of chance, so a
game is fully described by its seed and its actions.

``int(random() * n)`` is always below ``n``: ``random()`` is at most ``1 - 2**-53``, and that
times any ``n`` under ``2**53`` rounds to less than ``n``. The hot helpers below rely on it
rather than clamp, as shuffles and picks run on every deal and every random move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> int:
    """A seed for a new game nobody chose one for (the one random number not from a seed)."""
    import secrets

    return secrets.randbelow(1_000_000)


def derive_rng(seed: int, purpose: str, counter: int = 0) -> random.Random:
    """A fresh generator for one named stream of chance (string seeds hash stably)."""
    return random.Random(f"{seed}:{purpose}:{counter}")


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)`` from ``random()`` alone."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    return int(rng.random() * n)


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A Fisher-Yates shuffle built on ``random()`` so old replays deal the same cards."""
    out = list(items)
    draw = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(draw() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def pick(items: Sequence[T], rng: random.Random) -> T:
    """One element chosen uniformly."""
    if not items:
        raise ValueError("pick needs at least one item")
    return items[int(rng.random() * len(items))]
