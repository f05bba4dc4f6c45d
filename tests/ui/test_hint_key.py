"""The hint key (issue 16): the hard bot's move for the person to move, its reason in a toast,
from that person's own view only; off in replays and at online tables."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Footer

from cardtable.core.seats import Seat
from cardtable.games import hints
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession, ReplaySession
from cardtable.ui.app import CardtableApp
from cardtable.ui.tables import hinting
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.room import TableRoom
from cardtable.ui.tablescreens import TABLE_SCREENS, table_screen

#: game, seats as (name, bot level or None), rules options
TABLES = {
    "pazaak": (("You", None), ("Revan", "easy")),
    "pazu-pazaak": (("You", None), ("Revan", "easy"), ("Bastila", "easy")),
    "pixies": (("You", None), ("Revan", "easy")),
    "flip7": (("You", None), ("Revan", "easy")),
}


def table_app(game_id: str, seed: int = 5) -> CardtableApp:
    spec = GAMES[game_id]
    seats = tuple(Seat(name, bot) for name, bot in TABLES[game_id])
    config = spec.rules.default_config(len(seats))
    return CardtableApp(lambda app: app.table_for(spec, config, seats, seed), bot_pause=0)


async def my_turn(pilot) -> TableScreen:
    """Wait (bounded) until the person may move, dismissing result boxes on the way."""
    for _ in range(60):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        table = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
        if pilot.app.screen is not table:
            await pilot.press("enter")
        elif table.my_turn:
            return table
    raise AssertionError("the person never got a turn")


def footer_text(table: TableScreen) -> str:
    return " ".join(str(key.render()) for key in table.query_one(Footer).query("FooterKey"))


async def footer_shown(pilot, table: TableScreen) -> str:
    """The footer's keys once it has drawn them: it recomposes a frame or more after the focus
    moves (Pazu-Pazaak's bid box takes it as the person's turn comes), so it may still be empty
    when the turn is."""
    for _ in range(20):
        if shown := footer_text(table):
            return shown
        await pilot.pause()
    return footer_text(table)


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_the_hint_key_names_a_legal_move_and_why(game_id, monkeypatch):
    asked = []
    real_hint = hints.hint

    def spy(game, observation, legal, rng):
        asked.append((game, observation, legal))
        return real_hint(game, observation, legal, rng)

    monkeypatch.setattr(hints, "hint", spy)
    async with table_app(game_id).run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        assert "Hint" in await footer_shown(pilot, table)
        before = table.session.ply
        await pilot.press("i")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        advice = table.last_hint
        assert advice is not None and advice.action in table.session.playable()
        assert advice.reason and "Player" not in advice.reason
        toasts = [n for n in pilot.app._notifications if n.title == "Hint"]
        assert toasts and toasts[-1].message == table.name_seats(advice.reason)
        assert table.session.ply == before  # asking plays nothing
        # the bot saw the person's own view and moves, nothing more
        assert asked == [(game_id, table.session.observe(), table.session.playable())]


async def test_a_hint_asked_out_of_turn_is_refused_with_a_reason():
    spec = GAMES["pazaak"]
    seats = (Seat("Ann"), Seat("Ben"))  # hot-seat: after a move the table waits for a hand-off
    app = CardtableApp(lambda app: app.table_for(spec, spec.rules.default_config(2), seats, 5))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        await pilot.press("e")
        await pilot.pause()
        # dimmed in the footer
        assert not table.my_turn and hinting.hint_offered(table.session) is None
        table.action_hint()
        await pilot.pause()
        assert any("your own turn" in str(n.message) for n in pilot.app._notifications)


async def test_a_hint_goes_with_the_move_and_never_reaches_the_next_person():
    """Hot-seat: Ann's hint names her hand cards; once she moves it is stale, and the hand-off
    to Ben must not carry it over (a toast outlives the screen it was shown on)."""
    spec = GAMES["pazaak"]
    seats = (Seat("Ann"), Seat("Ben"))
    app = CardtableApp(lambda app: app.table_for(spec, spec.rules.default_config(2), seats, 5))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        await pilot.press("i")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert [n.title for n in pilot.app._notifications] == ["Hint"]
        await pilot.press("e")  # Ann ends her turn: the hand-off screen comes up for Ben
        await pilot.pause()
        assert table.last_hint is None
        assert not pilot.app._notifications and not pilot.app.screen.query("Toast")


async def test_a_hint_that_arrives_after_the_game_moved_on_is_dropped():
    async with table_app("pazaak").run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        advice = hints.hint(
            "pazaak", table.session.observe(), table.session.playable(), random.Random(0)
        )
        hinting.show_hint(table, advice, table.session.ply - 1)
        assert table.last_hint is None


async def test_replays_offer_no_hint():
    spec = GAMES["pazaak"]
    seats = (Seat("You"), Seat("Revan", "easy"))
    session = LocalSession.new(spec, spec.rules.default_config(2), seats, 3)
    replay = ReplaySession(spec, session.match, seats)
    async with CardtableApp(lambda app: table_screen(replay), bot_pause=0).run_test() as pilot:
        await pilot.pause()
        assert hinting.hint_offered(pilot.app.screen.session) is False
        assert "Hint" not in footer_text(pilot.app.screen)


def test_online_seats_get_no_hints():
    from cardtable.online.remote import RemoteSession

    assert RemoteSession.offers_hints is False and LocalSession.offers_hints is True


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_game_gives_the_hint_key_another_job(game_id):
    table_class = TABLE_SCREENS[game_id].load_table()
    keys = [
        key.strip()
        for cls in table_class.__mro__
        if cls not in (TableScreen, TableRoom)
        for binding in cls.__dict__.get("BINDINGS", [])
        for key in binding.key.split(",")
    ]
    assert "i" not in keys


async def test_the_chips_box_takes_digits_and_leaves_letters_to_the_table():
    async with table_app("pazu-pazaak").run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        box = table.focused
        assert box is not None and box.id == "pz-amount"
        await pilot.press("1", "2", "x")
        assert box.value == "12"
        await pilot.press("question_mark")  # the rules, not a character in the box
        await pilot.pause()
        assert pilot.app.screen is not table and box.value == "12"


def test_a_reason_never_compares_a_move_with_its_own_twin():
    from cardtable.games.pazaak.actions import STAND, PlaySide
    from cardtable.games.pazaak.bots.hard import explain
    from cardtable.games.pazaak.cards import dual

    hand = (dual(5), dual(5))
    first, twin = PlaySide(0, -5), PlaySide(1, -5)
    line = explain(first, [(first, 0.6), (twin, 0.6), (STAND, 0.4)], hand, "they stand on 18")
    assert line.count("±5") == 1 and line.endswith("40% if you stand")
