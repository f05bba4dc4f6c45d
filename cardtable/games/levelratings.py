"""Each built-in bot level's place on the rating scale, from self-play (``cardtable sim
--ratings``), so the new-game form can say how strong a bot is in the numbers rated games use.

The figures are measured, not computed at start-up (a run takes minutes): rerun the command
after changing a bot and copy its figures here. A test holds this table to the games' levels.
"""

from __future__ import annotations

#: game id -> level -> rating (a newcomer is 1,500): `cardtable sim --ratings GAME`, seed 1,
#: the default number of games (issue #39)
LEVEL_RATINGS: dict[str, dict[str, int]] = {
    "pazaak": {"easy": 1378, "medium": 1534, "hard": 1591},
    "flip7": {"easy": 1454, "medium": 1456, "hard": 1595},
    "pazu-pazaak": {"easy": 1435, "hard": 1496},
    "pixies": {"easy": 1305, "medium": 1581, "hard": 1597},
}


def level_rating(game_id: str, level: str) -> int | None:
    """The level's rating, or None for a level not yet measured (a policy, a new bot)."""
    return LEVEL_RATINGS.get(game_id, {}).get(level)
