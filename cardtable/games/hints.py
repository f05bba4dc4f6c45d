"""The hint key's engine: the choice of the game's hint bot (``GameSpec.hint_level``, the hard
one in every built-in game) for whoever is to move, with its reason.

UI code calls ``hint`` from a worker thread (a hard bot may think for up to a second). It reads
the observation of the person to move and nothing else, so a hint never shows a hidden card.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.bots import Advice, Advisor
from cardtable.games.registry import get


def hint(game_id: str, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Advice:
    """What the hint bot would play from ``observation``, and why, in one line; ValueError for a
    game that gives no hints."""
    spec = get(game_id)
    if spec.hint_level is None:
        raise ValueError(f"{spec.title} gives no hints")
    bot = spec.bots[spec.hint_level]()
    if not isinstance(bot, Advisor):
        raise TypeError(f"the {spec.hint_level} bot of {game_id} cannot explain its choice")
    return bot.advise(observation, legal, rng)
