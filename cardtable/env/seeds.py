"""Reset seeds as Gymnasium means them: a given seed starts a reproducible stream of games.

``reset(seed=s)`` plays the game seeded ``s`` itself (so a replay file names the seed you
gave); later ``reset()`` calls without a seed play the next games of that stream, and an env
never seeded draws its first seed from the operating system.
"""

from __future__ import annotations

import random
import secrets

#: game seeds stay below 2**53 so they survive JSON and JavaScript readers unchanged
SEED_LIMIT = 2**53


def next_seed(seed: int | None, stream: random.Random | None) -> tuple[int, random.Random]:
    """The game seed for this reset and the stream later resets draw from."""
    if seed is not None:
        return seed, random.Random(seed)
    if stream is None:
        stream = random.Random(secrets.randbits(64))
    return int(stream.random() * SEED_LIMIT), stream
