"""The pydantic options model: defaults from RULINGS.md, validation, and the core config it makes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardtable.games.pazaak.cards import deck_named
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazaak.state import Opener
from cardtable.persist.options.pazaak import Options


def test_defaults_are_the_first_listed_values_and_match_the_core_default():
    options = Options()
    assert (options.main_deck, options.opener, options.decks) == ("tabletop", "alternate", None)
    assert options.to_config(2) == RULES.default_config(2)


def test_both_players_take_the_gold_deck_unless_they_choose():
    """Our ruling: Gold cards by default, so every side-card type is in play from the start."""
    gold = deck_named("gold").cards
    assert RULES.default_config(2).decks == (gold, gold)


def test_options_pick_decks_and_rules():
    config = Options(main_deck="endless", opener="loser", decks="gold, beginner").to_config(2)
    assert config.main_deck is MainDeck.ENDLESS and config.opener is Opener.LOSER
    assert config.decks == (deck_named("gold").cards, deck_named("beginner").cards)


@pytest.mark.parametrize(
    "bad",
    [{"main_deck": "infinite"}, {"opener": "winner"}, {"decks": ("gold", "nope")}, {"colour": 1}],
)
def test_bad_options_are_refused(bad):
    with pytest.raises(ValidationError):
        Options(**bad)


def test_only_two_seats():
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        Options().to_config(3)


def test_options_are_frozen():
    with pytest.raises(ValidationError):
        Options().opener = "loser"
