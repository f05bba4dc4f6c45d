"""Pazaak's computer players: ``easy`` plays like a casual human, ``medium`` checks every casual
move by a sampling search, ``hard`` (in ``hard.py``) solves what it can exactly. All read only
their observation and the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.core.bots import Bot
from cardtable.games.pazaak.bots.hard import HardBot
from cardtable.games.pazaak.bots.moves import overrule, sampled_values
from cardtable.games.pazaak.bots.policy import casual_choice, wary_choice
from cardtable.games.pazaak.bots.rollout import Tuning
from cardtable.games.pazaak.view import PazaakView


class EasyBot:
    """Plays ``casual_choice``: it needs no search and no randomness."""

    level = "easy"

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return casual_choice(observation, legal)


class MediumBot:
    """The casual move, overruled whenever a sampling search finds one clearly better.

    Every sensible move is played out against the same sampled futures, both players then
    following the casual policy, and priced in match equity, hand cards kept included; the
    casual move stands unless another beats it by ``Tuning.margin``, so sampling noise alone
    never changes a sound move. Deterministic for a given rng: the rng draws the samples, and
    equal values go to the earlier move. (Until issue #16 this was the hard level.)
    """

    level = "medium"

    def __init__(self, tuning: Tuning | None = None) -> None:
        self.tuning = tuning or Tuning()

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        valued = sampled_values(observation, legal, self.tuning, rng)
        if len(valued) == 1:
            return valued[0][0]
        return overrule(wary_choice(observation, legal), valued, self.tuning.margin)


BOTS: dict[str, Callable[[], Bot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
