"""The Pixies table through keys and clicks: refusals, greyed keys, fit, replay, the scenes.

The helpers here (``play_through``, ``answer``, clicks) are shared with test_pixies_games.py.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.geometry import Offset
from textual.worker import WorkerCancelled

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.pixies.actions import PlaceFaceDown, Take
from cardtable.games.pixies.state import Phase
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession, ReplaySession
from cardtable.tools.shots import next_refresh
from cardtable.tools.shots.pixies import SHOTS, phase_is, preplay, seats_for, tucked_cards
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pixies.cards import HUGE, LARGE, block_width
from cardtable.ui.tables.pixies.layout import LOG_BELOW
from cardtable.ui.tables.pixies.results import ScoreboardScreen
from cardtable.ui.tables.pixies.table import PixiesTable
from cardtable.ui.tables.pixies.widgets import GridBoard, GridPanel, OfferStrip
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.widgets.log import MoveLog

SPEC = GAMES["pixies"]


def sync(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot test on its own loop: no pytest async plugin is needed."""

    @functools.wraps(test)
    def run() -> None:
        asyncio.run(test())

    return run


def new_app(seats: tuple[Seat, ...], seed: int) -> CardtableApp:
    config = SPEC.rules.default_config(len(seats))
    return CardtableApp(lambda app: app.table_for(SPEC, config, seats, seed), bot_pause=0)


def match_app(match: Match, seats: tuple[Seat, ...]) -> CardtableApp:
    return CardtableApp(lambda app: table_screen(LocalSession(SPEC, match, seats)), bot_pause=0)


async def settle(pilot, rounds: int = 1) -> None:
    """Let bots finish; a bot's worker may be cancelled by the next one once it has posted."""
    for _ in range(rounds):
        for _ in range(5):
            try:
                await pilot.app.workers.wait_for_complete()
                break
            except WorkerCancelled:
                continue
        await pilot.pause()
    await next_refresh(pilot)


def find_table(app: CardtableApp) -> PixiesTable:
    return next(s for s in app.screen_stack if isinstance(s, PixiesTable))


def messages(app: CardtableApp) -> list[str]:
    return [n.message for n in app._notifications]


async def click_offer(pilot, choice: int | str) -> None:
    strip = pilot.app.screen.query_one(OfferStrip)
    await pilot.click(OfferStrip, offset=strip.offset_of(choice) + Offset(1, 0))  # padding


async def click_space(pilot, seat: int, space: int) -> None:
    board = pilot.app.screen.query_one(f"#px-board-{seat}", GridBoard)
    await pilot.click(f"#px-board-{seat}", offset=board.offset_of(space))


async def answer(pilot, table: PixiesTable, turn: int, clicks: bool) -> str:
    """Make the person's choice: digits, n/o, arrows+Enter, and with ``clicks`` a mouse too."""
    phase = table.session.match.state.phase
    legal = table.session.match.legal_actions()
    if phase is Phase.PICK:
        index = turn % len(legal)
        if clicks and turn % 3 == 0:
            await click_offer(pilot, index)
            return "click"
        if turn % 3 == 1:
            await pilot.press(*["right"] * index, "enter")
            return "arrows"
        await pilot.press(str(index + 1))
        return "key"
    if phase is Phase.KEEP:
        if clicks and turn % 2:
            await click_offer(pilot, "old")
            return "click"
        await pilot.press("n" if turn % 2 else "o")
        return "key"
    space = next(a.space for a in legal if isinstance(a, PlaceFaceDown))
    if clicks:
        await click_space(pilot, table.viewer, space)
        return "click"
    await pilot.press(str(space))
    return "key"


async def play_through(pilot, clicks: bool, before_answer: Callable[[Any], None] | None = None):
    """Answer every choice and dismiss round summaries until the final result is up."""
    app, used, summaries, settled = pilot.app, set(), 0, False
    for turn in range(2000):
        if not settled:
            await settle(pilot)
        settled = False
        table, screen = find_table(app), app.screen
        assert not isinstance(screen, HandOffScreen)  # Pixies has no secrets to hand over
        if isinstance(screen, ResultScreen):
            if table.session.match.is_over:
                return table, used, summaries
            summaries += 1
            await pilot.press("enter")
        elif table.my_turn:
            if before_answer is not None:
                before_answer(table)
            before = len(table.session.match.actions)
            used.add(await answer(pilot, table, turn, clicks))
            await settle(pilot)
            settled = True  # the bots have answered: look again without another pause
            assert len(table.session.match.actions) > before, messages(app)
    pytest.fail("the game did not finish")


@sync
async def test_an_illegal_choice_is_refused_with_a_reason_and_changes_nothing():
    match = preplay(2, 7, phase_is(Phase.FACE_DOWN, 20))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        state, plies = table.session.match.state, len(table.session.match.actions)
        occupied = next(
            c.space for c in table.session.match.observe(0).grids[0].cells if not c.empty
        )
        await pilot.press(str(occupied))
        await click_space(pilot, 1, occupied)  # the other player's grid
        await pilot.pause()
        said = messages(app)
        assert any(f"space {occupied} is not empty" in m for m in said), said
        assert any("your own grid" in m for m in said), said
        assert table.session.match.state is state and len(table.session.match.actions) == plies
        board = app.screen.query_one("#px-board-0", GridBoard)
        lit = [cell for cell, mark in zip(board.cells, board.marks, strict=True) if mark.lit]
        assert lit and all(cell.empty for cell in lit)


@sync
async def test_keys_that_do_not_apply_are_not_offered():
    match = preplay(2, 3, phase_is(Phase.PICK, 10))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        offered = len(table.session.match.legal_actions())
        assert table.check_action("keep", ("new",)) is False  # hidden, not dimmed
        assert table.check_action("digit", (offered,)) is True
        plies = len(table.session.match.actions)
        await pilot.press(str(offered + 1))  # a card that is gone: refused, saying why
        await pilot.pause()
        assert any(f"card {offered + 1} is gone" in m for m in messages(app))
        assert len(table.session.match.actions) == plies
        await pilot.press("o")
        assert len(table.session.match.actions) == plies
        await click_space(pilot, 0, 5)  # own grid while picking: the core says why not
        await pilot.pause()
        assert any("take one of the revealed cards" in m for m in messages(app))
        assert len(table.session.match.actions) == plies


@sync
async def test_two_players_fit_80x24_and_five_fit_120x40():
    for players, size in ((2, (80, 24)), (5, (120, 40))):
        match = preplay(players, 3, phase_is(Phase.PICK, players * 3))
        app = match_app(match, seats_for(players))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            for panel in screen.query(GridPanel):
                region = panel.region
                assert region.right <= size[0] and region.bottom <= size[1] - 1, panel.id
            offer = screen.query_one(OfferStrip)
            assert offer.region.height >= 3 and offer.region.y < 6


@sync
async def test_the_grids_take_the_room_the_log_gave_up_at_120x40():
    """Two grids of the biggest cards take over a third of the screen (28% before the size
    tiers); the log and the scores sit under them, the log still in view."""
    match = preplay(2, 3, phase_is(Phase.PICK, 6))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.layout_now.card == HUGE
        panels = list(table.query(GridPanel))
        share = sum(p.region.area for p in panels) / (120 * 40)
        assert share > 0.35, share
        log = table.query_one(MoveLog)
        assert log.region.height >= LOG_BELOW and log.region.y >= panels[0].region.bottom
        for board in table.query(GridBoard):  # the board widget is as big as its cards
            assert board.region.height == 3 * HUGE.pitch


@sync
async def test_four_big_grids_at_120x40_share_the_screen_with_the_log_down_the_right():
    """Two rows of two (compact grids in a row of three and one took 39% before)."""
    match = preplay(4, 3, tucked_cards(3))
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        panels = list(table.query(GridPanel))
        assert sum(p.region.area for p in panels) / (120 * 40) > 0.5
        log = table.query_one(MoveLog).region
        assert log.x >= max(p.region.right for p in panels)  # beside every grid
        assert log.y == panels[0].region.y and log.bottom >= panels[-1].region.bottom - 1


@sync
async def test_folding_the_log_away_gives_its_room_to_the_grids():
    """At 120×30 the log fits only beside the grids; with it folded (l) the cards grow."""
    match = preplay(2, 3, phase_is(Phase.PICK, 6))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.layout_now.card == LARGE
        await pilot.press("l")
        assert table.layout_now.card == HUGE and not table.query_one(MoveLog).display
        assert all(b.region.height == 3 * HUGE.pitch for b in table.query(GridBoard))
        await pilot.press("l")
        assert table.layout_now.card == LARGE and table.query_one(MoveLog).display


@sync
async def test_four_grids_at_80x24_show_a_tucked_card_as_the_edge_of_a_back():
    match = preplay(4, 3, tucked_cards(3))
    app = match_app(match, seats_for(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.layout_now.tiny
        boards = list(table.query(GridBoard))
        tucked = [(b, c) for b in boards for c in b.cells if c.validated]
        assert len(tucked) >= 3
        for board, cell in tucked:
            row = board.render().plain.split("\n")[(cell.space - 1) // 3]
            col = (cell.space - 1) % 3
            width = block_width(board.size_now) + 1
            assert row[col * width : col * width + width - 1].endswith("╳╳"), row


@sync
async def test_a_revealed_card_says_where_it_would_go():
    match = preplay(2, 3, phase_is(Phase.PICK, 10))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        hints = table.take_hints(table.session.match.observe(0))
        assert len(hints) == len(table.session.match.legal_actions())
        assert all(h.startswith("→") or h == "↓ down" for h in hints)
        assert table.session.match.legal_actions()[0] == Take(0)


@sync
async def test_clicking_a_big_revealed_card_takes_it():
    match = preplay(2, 3, phase_is(Phase.PICK, 10))
    app = match_app(match, seats_for(2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        assert table.layout_now.large
        offered = match.observe(0).revealed
        last = len(offered) - 1
        plies = len(table.session.match.actions)
        await click_offer(pilot, last)
        await settle(pilot)
        assert table.session.match.actions[plies] == Take(last)


@sync
async def test_replay_steps_with_the_arrows():
    match = preplay(2, 3, phase_is(Phase.PICK, 10))
    seats = seats_for(2)
    app = CardtableApp(lambda app: table_screen(ReplaySession(SPEC, match, seats)), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = find_table(app)
        total = len(table.session.actions)
        assert len(table.session.match.actions) == 0  # a replay opens at the first deal
        await pilot.press("end", "left", "left")
        assert len(table.session.match.actions) == total - 2
        await pilot.press("1")  # no moves in a replay
        assert len(table.session.match.actions) == total - 2


@pytest.mark.parametrize("shot", SHOTS, ids=lambda s: s.name)
def test_scenes_render(shot):
    async def run() -> None:
        app = shot.build()
        async with app.run_test(size=shot.size) as pilot:
            await shot.drive(pilot)
            table = find_table(app)
            assert len(table.query(GridPanel)) == len(table.seats)
            if "summary" in shot.name or "final" in shot.name:
                assert isinstance(app.screen, ScoreboardScreen)
            else:
                assert app.screen is table and table.my_turn
            if "midround" in shot.name:
                cells = [c for board in table.query(GridBoard) for c in board.cells]
                assert any(c.validated for c in cells)
                assert any(c.down and c.up is None for c in cells)

    asyncio.run(run())
