"""Reinforcement-learning environments for cardtable's games (the optional ``rl`` extra).

Importing this package registers ``cardtable/Flip7Solo-v0`` with Gymnasium and makes the
PettingZoo games available as ``cardtable.env.pazaak_v0`` (and ``pazu_v0``, ``pixies_v0``,
``flip7_v0``). The app and the rules core never import it, so they never need numpy.
"""

from __future__ import annotations

import gymnasium

from cardtable.env import flip7_v0, pazaak_v0, pazu_v0, pixies_v0
from cardtable.env.flip7_solo import Flip7SoloEnv

#: a race that never reaches 200 (staying on a lone 0, say) is cut off after this many steps
MAX_EPISODE_STEPS = 10_000

if "cardtable/Flip7Solo-v0" not in gymnasium.registry:
    gymnasium.register(
        id="cardtable/Flip7Solo-v0",
        entry_point="cardtable.env.flip7_solo:Flip7SoloEnv",
        max_episode_steps=MAX_EPISODE_STEPS,
    )

__all__ = ["Flip7SoloEnv", "flip7_v0", "pazaak_v0", "pazu_v0", "pixies_v0"]
