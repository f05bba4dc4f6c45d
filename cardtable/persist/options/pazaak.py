"""Pazaak rules options as the new-game screen, CLI and save files validate them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from cardtable.games.pazaak.cards import READY_DECKS, deck_named
from cardtable.games.pazaak.rules import DEFAULT_DECKS
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazaak.state import SEATS, Opener, PazaakConfig
from cardtable.persist.options import GameOptions, rules_default


class Options(GameOptions):
    """The choices RULINGS.md leaves to the table; the defaults are its first values."""

    main_deck: Literal["tabletop", "endless"] = Field(
        default=rules_default(PazaakConfig, "main_deck"),
        description="tabletop: a real 40-card main deck shuffled every set; "
        "endless: every draw is an even chance of 1–10, as in the video game.",
    )
    opener: Literal["alternate", "loser"] = Field(
        default=rules_default(PazaakConfig, "opener"),
        description="Who opens each set after the first (a coin toss opens set 1): "
        "the players take turns, or the loser of the last set opens.",
    )
    decks: tuple[str, str] | None = Field(
        default=None,
        description="Ready-made side decks for seat 1 and seat 2 "
        f"(choose from {', '.join(READY_DECKS)}; default {' and '.join(DEFAULT_DECKS)}).",
    )

    @field_validator("decks", mode="before")
    @classmethod
    def _split_words(cls, value: Any) -> Any:
        """The command line gives ``decks=balanced,gold`` as one string."""
        if isinstance(value, str):
            return tuple(word.strip() for word in value.split(",") if word.strip())
        return value

    @field_validator("decks")
    @classmethod
    def _known_decks(cls, names: tuple[str, str] | None) -> tuple[str, str] | None:
        for name in names or ():
            deck_named(name)
        return names

    def to_config(self, seats: int) -> PazaakConfig:
        """The core's config; ValueError unless ``seats`` is 2."""
        if seats != SEATS:
            raise ValueError(f"Pazaak is a game for {SEATS} players, not {seats}")
        return PazaakConfig.with_decks(
            *(self.decks or DEFAULT_DECKS),
            main_deck=MainDeck(self.main_deck),
            opener=Opener(self.opener),
        )
