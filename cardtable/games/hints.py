"""The hint key's engine: the hard bot's choice for whoever is to move, with its reason.

UI code calls ``hint`` from a worker thread (a hard bot may think for up to a second). It reads
the observation of the person to move and nothing else, so a hint never shows a hidden card.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.bots import Advice, Advisor
from cardtable.games.registry import get

#: the level whose evaluation the hints quote
HINT_LEVEL = "hard"


def hint(game_id: str, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Advice:
    """What the hard bot would play from ``observation``, and why, in one line."""
    bot = get(game_id).bots[HINT_LEVEL]()
    if not isinstance(bot, Advisor):
        raise TypeError(f"the {HINT_LEVEL} bot of {game_id} cannot explain its choice")
    return bot.advise(observation, legal, rng)
