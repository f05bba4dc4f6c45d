"""Flip 7 rules options as the new-game screen, CLI and save files validate them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardtable.games.flip7.state import Flip7Config, Mode
from cardtable.persist.options import GameOptions, rules_default


class Options(GameOptions):
    """The solo challenge or the table game; the defaults are RULINGS.md's first values."""

    mode: Literal["solo", "table"] = Field(
        default="solo",
        description="solo: one player races to 200 in as few rounds as possible (85 cards); "
        "table: 2–8 players, first past 200 with the highest total wins (94 cards).",
    )
    action_cards: bool = Field(
        default=rules_default(Flip7Config, "action_cards"),
        description="Table game only: play with Freeze, Flip Three and Second Chance.",
    )

    def to_config(self, seats: int) -> Flip7Config:
        """The core's config for ``seats`` players; ValueError (the config's) says which counts
        fit the mode. The solo deck never holds action cards, so ``action_cards`` only matters
        at a table."""
        if self.mode == "solo":
            return Flip7Config(seats, Mode.SOLO, action_cards=False)
        return Flip7Config(seats, Mode.TABLE, action_cards=self.action_cards)
