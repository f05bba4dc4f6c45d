"""Pixies rules options as the new-game screen, CLI and save files validate them."""

from __future__ import annotations

from pydantic import Field

from cardtable.games.pixies.state import PixiesConfig
from cardtable.persist.options import GameOptions, rules_default


class Options(GameOptions):
    """The choices RULINGS.md leaves to the table; the defaults are its first values."""

    special_counts_itself: bool = Field(
        default=rules_default(PixiesConfig, "special_counts_itself"),
        description="A special card also counts itself among the face-up cards of its colour.",
    )

    def to_config(self, seats: int) -> PixiesConfig:
        """The core's config for ``seats`` players; ValueError names the allowed range."""
        return PixiesConfig(seats=seats, special_counts_itself=self.special_counts_itself)
