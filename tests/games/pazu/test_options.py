"""The pydantic rules options: RULINGS.md's defaults, validation, and the core config."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardtable.games.pazaak.cards import READY_DECKS
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import PazuConfig, deck_of
from cardtable.persist.options.pazu import Options


def test_defaults_are_the_rulings_first_values():
    options = Options()
    assert options.main_deck == "tabletop"
    assert (options.start_chips, options.ante_min, options.ante_max) == (200, 5, 25)
    assert options.bust_penalty == 2
    assert options.to_config(4) == RULES.default_config(4)


def test_no_set_limit_by_default_and_a_limit_is_an_option():
    # RULINGS 8: play goes on while players can pay; a set limit is a table's choice
    assert Options().max_sets is None and RULES.default_config(3).max_sets is None
    assert Options(max_sets="12").to_config(3).max_sets == 12
    assert Options(max_sets="none").max_sets is None and Options(max_sets="").max_sets is None
    with pytest.raises(ValidationError):
        Options(max_sets=0)
    with pytest.raises(ValueError, match="at least one set"):
        PazuConfig.with_decks(("gold",) * 3, max_sets=0)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_table_size_from_3_to_6(seats):
    config = Options().to_config(seats)
    assert isinstance(config, PazuConfig) and config.seats == seats
    assert config.decks == (READY_DECKS["balanced"].cards,) * seats


@pytest.mark.parametrize("seats", [1, 2, 7])
def test_other_table_sizes_are_refused_clearly(seats):
    with pytest.raises(ValueError, match=f"Pazu-Pazaak is for 3 to 6 players, not {seats}"):
        Options().to_config(seats)


def test_every_amount_reaches_the_core():
    options = Options(
        main_deck="endless", start_chips=50, ante_min=2, ante_max=9, bust_penalty=3, max_sets=4
    )
    config = options.to_config(3)
    assert config.main_deck is MainDeck.ENDLESS
    assert (config.start_chips, config.ante_min, config.ante_max) == (50, 2, 9)
    assert (config.bust_penalty, config.max_sets) == (3, 4)


def test_decks_one_for_all_or_one_each_from_a_comma_list():
    config = Options(decks="gold,beginner,balanced").to_config(3)
    assert config.decks == tuple(READY_DECKS[n].cards for n in ("gold", "beginner", "balanced"))
    with pytest.raises(ValueError, match="one side deck for every seat or one for each of the 4"):
        Options(decks="gold,beginner").to_config(4)


def test_bad_values_are_refused():
    with pytest.raises(ValidationError, match="no ready-made deck 'huge'"):
        Options(decks=("huge",))
    with pytest.raises(
        ValidationError, match="the ante limits need 1 ≤ minimum ≤ maximum, not 10–5"
    ):
        Options(ante_min=10, ante_max=5)
    with pytest.raises(ValidationError, match="cannot pay the minimum ante"):
        Options(start_chips=4)
    with pytest.raises(ValidationError):
        Options(main_deck="shoe")
    with pytest.raises(ValidationError):
        Options(seats=4)


def test_options_are_frozen():
    with pytest.raises(ValidationError):
        Options().max_sets = 3  # type: ignore[misc]


def test_the_core_config_checks_itself_too():
    with pytest.raises(ValueError, match="side deck of seat 2"):
        PazuConfig(3, (READY_DECKS["gold"].cards, (), READY_DECKS["gold"].cards))
    with pytest.raises(ValueError, match="ante limits"):
        PazuConfig.with_decks(("gold",) * 3, ante_min=0)


def test_the_core_config_refusals_say_what_is_wrong():
    gold = READY_DECKS["gold"].cards
    with pytest.raises(ValueError, match="^Pazu-Pazaak is for 3 to 6 players, not 2$"):
        PazuConfig(2, (gold, gold))
    with pytest.raises(ValueError, match="^3 seats need 3 side decks, not 2$"):
        PazuConfig(3, (gold, gold))
    with pytest.raises(ValueError, match="^the side deck of added bots: a side deck holds"):
        PazuConfig(3, (gold,) * 3, newcomer_deck=())


def test_the_amount_limits_themselves_are_allowed():
    # an ante of 1, a fixed ante, starting with just the minimum ante, no bust penalty
    PazuConfig.with_decks(("gold",) * 3, ante_min=1, ante_max=1, start_chips=1, bust_penalty=0)
    with pytest.raises(ValueError, match="bust penalty cannot be negative"):
        PazuConfig.with_decks(("gold",) * 3, bust_penalty=-1)


def test_each_seat_draws_on_its_own_side_deck_and_newcomers_on_theirs():
    config = PazuConfig.with_decks(("gold", "balanced", "gold"))
    assert [deck_of(config, seat) for seat in range(4)] == [
        READY_DECKS["gold"].cards,
        READY_DECKS["balanced"].cards,
        READY_DECKS["gold"].cards,
        config.newcomer_deck,
    ]
