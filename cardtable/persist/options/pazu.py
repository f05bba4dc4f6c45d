"""Pazu-Pazaak rules options as the new-game screen, CLI and save files validate them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from cardtable.games.pazaak.cards import READY_DECKS, deck_named
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazu.rules import DEFAULT_DECK
from cardtable.games.pazu.state import PazuConfig, amounts_problem
from cardtable.persist.options import GameOptions, rules_default


class Options(GameOptions):
    """Every amount at the table is a choice; the defaults are RULINGS.md's first values."""

    main_deck: Literal["tabletop", "endless"] = Field(
        default=rules_default(PazuConfig, "main_deck"),
        description="tabletop: a real 40-card main deck shuffled every set; "
        "endless: every draw is an even chance of 1–10, as in the video game.",
    )
    start_chips: int = Field(
        default=rules_default(PazuConfig, "start_chips"),
        ge=1,
        le=1_000_000,
        description="Chips each player sits down with.",
    )
    ante_min: int = Field(
        default=rules_default(PazuConfig, "ante_min"),
        ge=1,
        description="The smallest ante the first player may name.",
    )
    ante_max: int = Field(
        default=rules_default(PazuConfig, "ante_max"),
        ge=1,
        description="The largest ante the first player may name.",
    )
    bust_penalty: int = Field(
        default=rules_default(PazuConfig, "bust_penalty"),
        ge=0,
        le=10,
        description="A bust pays this many antes into the Pazaak Pot.",
    )
    max_sets: int | None = Field(
        default=rules_default(PazuConfig, "max_sets"),
        ge=1,
        le=1000,
        description="No limit by default: play goes on while two players can pay the ante. "
        "A number ends the game after that many sets, for a shorter evening.",
    )
    decks: tuple[str, ...] = Field(
        default=(DEFAULT_DECK,),
        description="Ready-made side decks: one name for every seat, or one per seat "
        f"(choose from {', '.join(READY_DECKS)}).",
    )

    @field_validator("decks", mode="before")
    @classmethod
    def _split_words(cls, value: Any) -> Any:
        """The command line gives ``decks=balanced,gold,...`` as one string."""
        if isinstance(value, str):
            return tuple(word.strip() for word in value.split(",") if word.strip())
        return value

    @field_validator("max_sets", mode="before")
    @classmethod
    def _no_limit_words(cls, value: Any) -> Any:
        """The command line says ``max_sets=none`` (or leaves it empty) for no limit."""
        if isinstance(value, str) and value.strip().lower() in ("", "none", "no limit"):
            return None
        return value

    @field_validator("decks")
    @classmethod
    def _known_decks(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        if not names:
            raise ValueError("name at least one side deck")
        for name in names:
            deck_named(name)
        return names

    @model_validator(mode="after")
    def _amounts_fit(self) -> Options:
        """The rules' own check of the amounts, before any seat is known."""
        problem = amounts_problem(self)
        if problem is not None:
            raise ValueError(problem)
        return self

    def to_config(self, seats: int) -> PazuConfig:
        """The core's config for ``seats`` players; ValueError names what does not fit."""
        if len(self.decks) not in (1, seats):
            raise ValueError(
                f"give one side deck for every seat or one for each of the {seats}, "
                f"not {len(self.decks)}"
            )
        names = self.decks * seats if len(self.decks) == 1 else self.decks
        return PazuConfig.with_decks(
            names,
            main_deck=MainDeck(self.main_deck),
            start_chips=self.start_chips,
            ante_min=self.ante_min,
            ante_max=self.ante_max,
            bust_penalty=self.bust_penalty,
            max_sets=self.max_sets,
        )
