"""The new-game form (issue 14): seats added and removed within each game's limits, every option
reachable, switches that say on or off, and a saved game never replaced without asking."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static, Switch

from cardtable.games.levelratings import level_rating
from cardtable.games.registry import GAMES, get
from cardtable.persist.saves import SaveStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.saved import save_title
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.newgame import NewGameScreen, bot_label
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tablescreens import new_game_screen
from cardtable.ui.widgets.stepper import Stepper
from tests.waits import until


def form_app(game: str) -> CardtableApp:
    return CardtableApp(lambda app: new_game_screen(get(game)), bot_pause=0)


async def fields_shown(pilot) -> NewGameScreen:
    """The form with its option fields, which mount after its first frame (under load, more
    than one loop turn after it)."""
    return await until(
        lambda: pilot.app.screen if getattr(pilot.app.screen, "fields_ready", False) else None,
        "the form's option fields",
        pilot=pilot,
    )


def seat_kinds(app: CardtableApp) -> list[str]:
    form = app.screen
    return [form.query_one(f"#seat-{i}", Stepper).value for i in range(form.seat_count)]


async def start_on_table(pilot) -> TableScreen:
    """Start the game; a loaded machine may take a few frames to switch to the table."""
    await pilot.press("ctrl+s")
    return await table_shown(pilot)


async def table_shown(pilot) -> TableScreen:
    def table() -> TableScreen | None:
        # the bots may already have ended a round under a result box (a Flip 7 Freeze on you)
        return next((s for s in pilot.app.screen_stack if isinstance(s, TableScreen)), None)

    def instead() -> str:
        said = [str(p.render()) for p in pilot.app.screen.query("#problem")]
        return f"a table; {type(pilot.app.screen).__name__} is up, the form says {said}"

    return await until(table, instead, pilot=pilot)


@pytest.mark.parametrize("game", list(GAMES))
async def test_start_pressed_before_the_option_fields_come_starts_once_they_do(game):
    """The first frame shows the seats and Start; the option fields follow it. A Start pressed
    in between must not be lost, and must use the options the form then shows."""
    form = new_game_screen(get(game))
    form.action_start()  # the fields are not there yet: the press is kept, nothing is read
    assert form.start_pending and not form.fields_ready
    # what the form reads from its fields at Start (the form is gone once the table shows)
    made: list[object] = []
    read_fields = form.make_config
    form.make_config = lambda options, seats: made.append(read_fields(options, seats)) or made[-1]
    app = CardtableApp(lambda app: form, bot_pause=0)
    async with app.run_test(size=(100, 60)) as pilot:
        table = await table_shown(pilot)
        assert form.fields_ready
        assert made and table.session.config == made[-1]


@pytest.mark.parametrize("game", list(GAMES))
async def test_seats_are_added_and_removed_within_the_games_limits(game):
    rules = get(game).rules
    app = form_app(game)
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        form = app.screen
        assert form.seat_count == rules.min_seats
        for _ in range(rules.max_seats + 1):
            await form.action_add_seat()
        assert form.seat_count == rules.max_seats
        assert len(seat_kinds(app)) == rules.max_seats
        if rules.min_seats < rules.max_seats:
            assert "at most" in str(form.query_one("#problem", Static).render())
        for _ in range(rules.max_seats + 1):
            await form.action_remove_seat()
        assert form.seat_count == rules.min_seats
        assert f"Seats: {rules.min_seats}" in str(form.query_one("#seats-heading").render())


async def test_pixies_for_four_from_the_home_screen():
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        order = list(GAMES)
        await pilot.press(*["down"] * order.index("pixies"), "enter")
        await pilot.pause()
        await pilot.press("plus", "plus")
        form = app.screen
        form.query_one("#seat-3", Stepper).value = "easy"
        assert seat_kinds(app) == ["human", "hard", "hard", "easy"]
        table = await start_on_table(pilot)
        assert [seat.bot for seat in table.seats] == [None, "hard", "hard", "easy"]


async def test_a_seat_steps_through_person_and_bot_levels_by_keys_and_clicks():
    app = form_app("pixies")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        seat = app.screen.query_one("#seat-1", Stepper)
        seat.focus()
        await pilot.pause()
        shown = app.screen.active_bindings["right"].binding  # the footer offers ←/→ on a seat
        assert (shown.key_display, shown.description, shown.show) == ("←/→", "Change", True)
        await pilot.press("right")  # past the last level it comes round to a person
        assert seat.value == "human"
        await pilot.press("left", "left")
        assert seat.value == "medium"
        await pilot.click("#seat-1", offset=(0, 0))  # on the ◀: back
        assert seat.value == "easy"
        await pilot.click("#seat-1", offset=(12, 0))  # anywhere else: forward
        assert seat.value == "medium"
        assert f"◀ {bot_label('pixies', 'medium')} ▶" in str(seat.render())
        await pilot.press("enter")  # "Start (Enter)" holds on a seat too
        table = await table_shown(pilot)
        assert [s.bot for s in table.seats] == [None, "medium"]


async def test_a_choice_among_rules_options_steps_and_reaches_the_game():
    app = form_app("pazaak")
    async with app.run_test(size=(100, 50)) as pilot:
        opener = (await fields_shown(pilot)).query_one("#opt-opener", Stepper)
        assert opener.value == "alternate"
        opener.focus()
        await pilot.press("right")
        assert opener.value == "loser"
        table = await start_on_table(pilot)
        assert table.session.config.opener.value == "loser"


def test_a_seat_refuses_a_kind_it_does_not_offer():
    with pytest.raises(ValueError, match="'expert' is not one of human, easy"):
        Stepper([("human", "human"), ("bot: easy", "easy")], "expert", id="seat-0")


async def test_flip7_turns_from_the_solo_challenge_into_the_table_game_and_back():
    app = form_app("flip7")
    async with app.run_test(size=(100, 50)) as pilot:
        form = await fields_shown(pilot)
        assert not form.query_one("#row-action_cards").display
        assert "Solo" in str(form.query_one("#flip7-mode", Static).render())
        await form.action_add_seat()
        await form.action_add_seat()
        await pilot.pause()
        assert form.query_one("#row-action_cards").display
        assert "Table game" in str(form.query_one("#flip7-mode", Static).render())
        table = await start_on_table(pilot)
        assert len(table.seats) == 3


async def test_pazu_chips_antes_and_set_limit_are_in_the_form():
    app = form_app("pazu-pazaak")
    async with app.run_test(size=(100, 60)) as pilot:
        form = await fields_shown(pilot)
        for name, value in (("start_chips", "500"), ("ante_min", "10"), ("ante_max", "40")):
            form.query_one(f"#opt-{name}", Input).value = value
        limit = form.query_one("#opt-max_sets", Input)
        assert limit.value == "" and limit.placeholder == "none"  # no set limit by default
        limit.value = "12"
        table = await start_on_table(pilot)
        config = table.session.config
        assert (config.start_chips, config.ante_min, config.ante_max) == (500, 10, 40)
        assert config.max_sets == 12


async def test_pazu_set_limit_left_empty_means_no_limit():
    app = form_app("pazu-pazaak")
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        table = await start_on_table(pilot)
        assert table.session.config.max_sets is None


async def test_a_number_that_does_not_fit_is_refused_with_its_name():
    app = form_app("pazu-pazaak")
    async with app.run_test(size=(100, 60)) as pilot:
        form = await fields_shown(pilot)
        form.query_one("#opt-start_chips", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "start_chips" in str(form.query_one("#problem", Static).render())


@pytest.mark.parametrize(
    "game, name", [("pixies", "special_counts_itself"), ("flip7", "action_cards")]
)
async def test_switches_say_on_or_off(game, name):
    app = form_app(game)
    async with app.run_test(size=(100, 50)) as pilot:
        form = await fields_shown(pilot)
        if game == "flip7":
            await form.action_add_seat()
        switch = form.query_one(f"#opt-{name}", Switch)
        said = form.query_one(f"#onoff-{name}", Static)
        before = str(said.render())
        assert before == ("on" if switch.value else "off")
        switch.toggle()
        await pilot.pause()
        assert str(said.render()) == ("on" if switch.value else "off") != before


async def test_a_new_game_asks_before_replacing_the_saved_one():
    first = form_app("pazaak")
    async with first.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await start_on_table(pilot)
        await pilot.press("e")  # one move, so the game is saved
        await first.workers.wait_for_complete()
        await pilot.pause()
    saved = SaveStore().latest("pazaak")
    assert saved is not None

    app = form_app("pazaak")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, ResultScreen)
        assert "Pazaak" in ask.verdict and f"saved game, {save_title(saved)}, was" in ask.details
        await pilot.press("escape")  # keeps the saved game
        await pilot.pause()
        assert SaveStore().latest("pazaak").record.seed == saved.record.seed
        assert not isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.click("#replace")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_escape_from_a_form_that_opened_first_goes_home():
    app = form_app("pixies")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert len(app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.parametrize("game", ["flip7", "pixies"])
async def test_a_bot_seat_shows_its_level_s_rating(game):
    """A bot seat reads "bot: hard ≈ 1,595": the level's place on the rating scale that rated
    games use (``cardtable sim --ratings``), so a person knows what they sit down against."""
    async with form_app(game).run_test(size=(100, 60)) as pilot:
        form = pilot.app.screen
        await pilot.pause()
        await form.action_add_seat()  # a seat added is a hard bot
        seat = form.query_one(f"#seat-{form.seat_count - 1}", Stepper)
        rating = level_rating(game, seat.value)
        assert seat.value == "hard" and rating is not None
        assert f"bot: hard ≈ {rating:,}" in str(seat.render())
