"""The Flip 7 table's choices one at a time: greyed and refused moves, odds, flips, summaries, scenes."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Static

from cardtable.core.match import Match
from cardtable.core.seats import default_seats
from cardtable.games.flip7.actions import HIT
from cardtable.games.registry import get
from cardtable.persist.options import options_model
from cardtable.session import ReplaySession
from cardtable.tools.shots import settle
from cardtable.tools.shots.flip7 import SHOTS, choosing, my_row_has, table_app
from cardtable.ui.app import CardtableApp
from cardtable.ui.tables.flip7 import beat as flip7_beat
from cardtable.ui.tables.flip7 import results as flip7_results
from cardtable.ui.tables.flip7.odds import OddsPanel
from cardtable.ui.tables.flip7.picker import TargetPicker
from cardtable.ui.tables.flip7.results import Flip7Result
from cardtable.ui.tables.flip7.setup import Flip7NewGame
from cardtable.ui.tables.flip7.table import Table
from cardtable.ui.tables.flip7.widgets import SeatLine
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.widgets.log import MoveLog
from tests.waits import until

SPEC = get("flip7")


def text(widget: Any) -> str:
    return str(widget.render())


def log_text(table: Table) -> str:
    """The log as one line of words (the narrow log wraps its lines)."""
    return " ".join(" ".join(line.text for line in table.query_one(MoveLog).lines).split())


def fresh_solo(seed: int = 13) -> CardtableApp:
    config = options_model(SPEC.id)(mode="solo").to_config(1)
    app = CardtableApp(
        lambda app: app.table_for(SPEC, config, default_seats(1, ()), seed), bot_pause=0
    )
    app.animation_level = "none"
    return app


def caught(table: Table) -> list[str]:
    """Collect the table's notifications instead of showing them."""
    messages: list[str] = []
    table.notify = lambda message, **kw: messages.append(message)  # type: ignore[method-assign]
    return messages


async def test_solo_offers_stay_on_every_turn_even_on_an_empty_row():
    # RULINGS (Flip 7 solo): Hit or Stay on every turn; a stay on an empty row banks 0
    async with fresh_solo().run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert table.check_action("stay", ()) and table.check_action("hit", ())
        assert table.query_one("#stay", Button).display
        await pilot.press("h")
        assert table.session.match.actions == [HIT]
        assert table.query_one("#stay", Button).display
        assert "Staying banks" in text(table.query_one("#prompt", Static))


async def test_an_ineligible_player_is_refused_the_card_with_the_reason():
    """Seed 2: a Flip Three for you to aim; only you and Bastila (seat 3) are still in the round."""
    async with table_app(4, 2, choosing).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        before = (list(table.session.match.actions), table.session.match.state)
        picker = table.query_one(TargetPicker)
        assert picker.display and "Flip Three" in picker.border_title
        shown = [b.id for b in picker.query(Button) if b.display]
        assert shown == ["target-0", "target-2"]
        messages = caught(table)
        await pilot.press("2")  # Revan is bust
        assert messages == ["Revan cannot take the Flip Three: choose one of you, Bastila"]
        assert (table.session.match.actions, table.session.match.state) == before
        await pilot.click("#seat-3")  # a click on Carth's line (bust too) is refused the same way
        assert len(messages) == 2 and "Carth cannot take" in messages[1]
        assert table.session.match.state is before[1]
        await pilot.click("#target-2")
        await settle(pilot)
        assert len(table.session.match.actions) > len(before[0])
        assert "You make Bastila Flip Three." in log_text(table)


async def test_odds_panel_opens_and_closes_with_o_or_its_button():
    async with table_app(1, 13, my_row_has(3, 5)).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        panel = table.query_one(OddsPanel)
        assert panel.display  # open from the start where it fits: a new player sees the risk
        await pilot.press("o")
        assert not panel.display
        await pilot.press("o")
        shown = text(panel)
        assert panel.display and "next card busts you: 38% (24 of 64)" in shown
        assert "stay: 28" in shown and "→ STAY" in shown
        assert "left" in shown and "▲" in shown
        await pilot.click("#toggle-odds")
        assert not panel.display


async def test_odds_panel_starts_closed_where_it_would_squeeze_the_rows():
    async with table_app(1, 13, my_row_has(3, 5)).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not pilot.app.screen.query_one(OddsPanel).display


async def test_a_flip_shows_its_back_for_a_beat_when_animations_are_on(monkeypatch):
    monkeypatch.setattr(flip7_beat, "BEAT", 60)  # the test turns the card itself
    app = fresh_solo()
    app.animation_level = "full"
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        await pilot.press("h", "h")  # seed 13 flips +4, then 3
        row = text(table.query_one("#seat-0 .row", Static))
        assert "▒" in row and "You hit: 3." not in log_text(table)
        table.beat.turn_next()  # what the timer does after the beat
        await pilot.pause()
        row = text(table.query_one("#seat-0 .row", Static))
        assert "▒" not in row and "3" in row and "You hit: 3." in log_text(table)


async def test_a_bust_ends_the_solo_round_with_a_summary_showing_the_card(monkeypatch):
    """Seed 13, round 2: 4, 7 and 5 in the row; the next card is the second 7, face down a beat."""
    monkeypatch.setattr(flip7_results, "BEAT", 60)  # the test turns the card itself

    def before_the_bust(match: Match) -> bool:
        return match.state.table.round == 2 and len(match.state.rows[0].numbers) == 3

    app = table_app(1, 13, before_the_bust)
    app.animation_level = "full"
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        summary = await until(
            lambda: isinstance(app.screen, Flip7Result) and app.screen, "the summary", pilot=pilot
        )
        assert text(summary.query_one("#verdict", Static)) == "Round 2: …"
        assert "▒▒" in text(summary.query_one(".body", Static))
        summary._turn_over()  # what the timer does after the beat
        await pilot.pause()
        assert (
            text(summary.query_one("#verdict", Static)) == "Round 2: bust on a second 7, 0 points"
        )
        body = text(summary.query_one(".body", Static))
        assert "BUST" in body and "7!" in body
        await pilot.press("enter")
        await settle(pilot)
        assert "round 3" in text(pilot.app.screen.query_one("#match-line", Static))


async def test_four_players_fit_80_by_24_as_compact_lines():
    async with table_app(4, 12, my_row_has(3, 3)).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        lines = list(table.query(SeatLine))
        assert all(line.has_class("-compact") for line in lines)
        heads = [text(line.query_one(".head", Static)) for line in lines]
        for name, head in zip(("You", "Revan", "Bastila", "Carth"), heads, strict=True):
            assert name in head and "total" in head
        assert all(line.region.bottom <= 24 for line in lines)


async def test_new_game_form_solo_hides_the_action_card_switch_and_starts_solo():
    options = options_model(SPEC.id)(mode="solo")
    app = CardtableApp(
        lambda app: Flip7NewGame(SPEC, default_seats(1, ()), options, 5), bot_pause=0
    )
    async with app.run_test(size=(120, 40)) as pilot:
        # the option rows are mounted after the form's first frame, then follow the seats
        form = app.screen
        assert isinstance(form, Flip7NewGame)
        await until(lambda: form.fields_ready, "the form's option rows", pilot=pilot)
        assert not form.query_one("#row-action_cards").display  # shown from two seats
        assert "Solo challenge" in str(app.screen.query(Static).first().render()) or any(
            "Solo challenge" in text(s) for s in app.screen.query(Static)
        )
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, Table) and app.screen.solo


async def test_a_replay_steps_without_offering_moves():
    match = Match.new(SPEC.rules, options_model(SPEC.id)(mode="solo").to_config(1), 13)
    for _ in range(3):
        match.play(HIT)
    seats = default_seats(1, ())
    app = CardtableApp(lambda app: table_screen(ReplaySession(SPEC, match, seats)), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert table.check_action("hit", ()) is False
        assert len(table.session.match.actions) == 0  # a replay opens at the first deal
        await pilot.press("end", "left")
        assert len(table.session.match.actions) == 2
        await pilot.press("h")
        assert len(table.session.match.actions) == 2


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.name)
async def test_every_scene_renders(shot):
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        screen = pilot.app.screen
        if shot.name == "flip7-solo-end":
            assert isinstance(screen, Flip7Result) and "reached in" in screen.verdict
            return
        assert isinstance(screen, Table) and screen.my_turn
        if shot.name == "flip7-solo-odds":
            assert screen.query_one(OddsPanel).display
        if shot.name == "flip7-pick-target":
            assert screen.query_one(TargetPicker).display
        compact = shot.size == (80, 24) and len(screen.seats) >= 4  # solo keeps its board
        assert all(line.has_class("-compact") == compact for line in screen.query(SeatLine))
