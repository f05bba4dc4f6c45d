"""Issue 28 item 5: every game's results sit beside the final boards, never over them; Escape
only closes the panel (nothing moves on); the arrow keys move between its buttons. Issue 37
item 2: the panel is drawn where it stays, from its first frame (its place is worked out from
the table's layout, not measured on the screen).

Each case starts one move before a set or round ends, or before the game ends, with the person
in seat 0 to make that move, at 80×24 and at 120×40.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.screens.resultplace import FOOTER, SIDE_MIN
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.flip7.table import Table as Flip7Table
from cardtable.ui.tables.flip7.widgets import SeatLine
from cardtable.ui.tables.pazaak.table import Table as PazaakTable
from cardtable.ui.tables.pazaak.widgets import BoardPanel
from cardtable.ui.tables.pazu.table import PazuTable
from cardtable.ui.tables.pazu.widgets import SeatBoard
from cardtable.ui.tables.pixies.table import PixiesTable
from cardtable.ui.tables.pixies.widgets import GridPanel
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.widgets.footer import Footer
from cardtable.ui.widgets.log import MoveLog, log_folded
from tests.ui.test_pixies_table import settle
from tests.waits import until

#: game, seats, the table's class, and the widget that draws one player's board
GAME_CASES = {
    "pazaak": (2, PazaakTable, BoardPanel),
    "pazu-pazaak": (3, PazuTable, SeatBoard),
    "pixies": (4, PixiesTable, GridPanel),
    "flip7": (3, Flip7Table, SeatLine),
    "flip7-solo": (1, Flip7Table, SeatLine),
}
SIZES = [(80, 24), (120, 40)]


def seats_for(count: int) -> tuple[Seat, ...]:
    bots = ("Revan", "Bastila", "Carth")
    return (Seat("You"), *(Seat(name, "easy") for name in bots[: count - 1]))


def is_leaving(action: Any) -> bool:
    """Random play keeps everyone seated: a seat that leaves would end a Pazu game early."""
    return type(action).__name__ in ("Leave", "SeatBot", "RemoveBot")


def one_move_before(
    game: str, seats: int, table: type[TableScreen], final: bool
) -> tuple[Match, Any]:
    """A match in which seat 0's next move ends a set or round (or, if ``final``, the game)."""
    rules = GAMES[game.removesuffix("-solo")].rules
    for seed in range(60):
        match = Match.new(rules, rules.default_config(seats), seed)
        rng = random.Random(seed)
        for _ in range(20000):
            if match.is_over:
                break
            legal = [a for a in match.legal_actions() if not is_leaving(a)]
            if match.to_move == 0:
                for action in legal:
                    state, events = rules.apply(match.state, action)
                    over = rules.is_over(state)
                    if (
                        over
                        if final
                        else not over and any(isinstance(e, table.ROUND_ENDS) for e in events)
                    ):
                        return match, action
            match.play(rng.choice(legal))
    pytest.fail(f"no {game} match found one move before its end")


def seen_region(widget: Widget) -> Region:
    """The part of ``widget`` on the screen: its region, clipped by each container it is in."""
    region = widget.region
    for node in widget.ancestors:
        if isinstance(node, Widget) and not isinstance(node, Screen):
            region = region.intersection(node.region)
    return region


@pytest.fixture(autouse=True)
def box_at_each_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every result panel notes where its box is each time it is laid out, from its first
    layout on (``drawn_at``)."""
    on_mount = ResultPanel.on_mount

    def noting(panel: ResultPanel) -> None:
        panel.drawn_at = []  # type: ignore[attr-defined]

        def note(screen: Screen[Any]) -> None:
            panel.drawn_at.append(screen.query_one("#result-box").region)  # type: ignore[attr-defined]

        panel.screen_layout_refresh_signal.subscribe(panel, note, immediate=True)
        on_mount(panel)

    monkeypatch.setattr(ResultPanel, "on_mount", noting)


def drawn_where_it_stays(table: TableScreen, panel: ResultPanel) -> None:
    """The box was laid out in one place every time (the first time included), the place
    its ``place`` says, with the table keeping that place free."""
    box = panel.query_one("#result-box").region
    width, height = panel.app.size
    place = panel.place
    assert place is not None
    shown = [region for region in panel.drawn_at if region.area]  # type: ignore[attr-defined]
    assert shown and set(shown) == {box}, (shown, box)
    if place.where == "side":
        assert box.right == width and box.y == 0 and box.width >= SIDE_MIN
        assert box.bottom <= height - FOOTER
    else:
        assert box.bottom == height - FOOTER and box.width == width
    assert table.styles.padding.right == (box.width if place.where == "side" else 0)


async def until_result_panel(pilot: Any) -> ResultPanel:
    """The result panel the move just made opens, once it is up."""

    async def panel() -> ResultPanel | None:
        await settle(pilot)
        screen = pilot.app.screen
        return screen if isinstance(screen, ResultPanel) else None

    return await until(panel, lambda: f"a result panel, not {pilot.app.screen!r}")


async def result_up(pilot: Any, game: str, final: bool) -> tuple[TableScreen, ResultPanel]:
    """Load the match, make seat 0's ending move, and wait for the result panel."""
    seats, table_class, _ = GAME_CASES[game]
    app = pilot.app
    await settle(pilot)
    table = next(s for s in app.screen_stack if isinstance(s, table_class))
    table.play_human(app.ending_move)
    panel = await until_result_panel(pilot)
    assert (panel.choices[0][0] == "again") is final
    await pilot.pause()
    return table, panel


async def play_again(pilot: Any, table: TableScreen) -> Any:
    """Press Play again on the match's result and wait for the next game on the same table;
    the finished game's session."""
    finished = table.session
    await pilot.press("enter")
    await until(
        lambda: pilot.app.screen is table and table.session is not finished,
        "the next game on the same table",
        pilot=pilot,
    )
    return finished


def app_for(game: str, final: bool) -> CardtableApp:
    seats, table_class, _ = GAME_CASES[game]
    spec = GAMES[game.removesuffix("-solo")]
    match, action = one_move_before(game, seats, table_class, final)
    app = CardtableApp(
        lambda app: table_screen(LocalSession(spec, match, seats_for(seats))), bot_pause=0
    )
    app.ending_move = action  # type: ignore[attr-defined]
    return app


def boards_beside(table: TableScreen, panel: ResultPanel, board: type[Widget]) -> list[Region]:
    """Every board's region, checked to be whole on the screen and clear of the result."""
    box = panel.query_one("#result-box").region
    screen = Region(0, 0, *table.app.size)
    boards = [widget for widget in table.query(board) if widget.display]
    assert boards, "no boards drawn"
    regions = [widget.region for widget in boards]
    for widget, region in zip(boards, regions, strict=True):
        assert region.area > 0 and screen.contains_region(region), (region, screen)
        assert seen_region(widget) == region, "a board is cut by its container"
        assert not region.overlaps(box), (region, box)
    assert box.area > 0 and screen.contains_region(box)
    return regions


def state_of(table: TableScreen) -> tuple[int, Any]:
    """How far the game has gone: its moves, and the view the table draws."""
    return len(table.session.match.actions), table.session.observe()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("final", [False, True], ids=["set-or-round", "game"])
@pytest.mark.parametrize("game", list(GAME_CASES))
async def test_a_result_leaves_the_boards_in_view_and_escape_only_closes_it(
    game: str, final: bool, size: tuple[int, int]
) -> None:
    app = app_for(game, final)
    async with app.run_test(size=size) as pilot:
        table, panel = await result_up(pilot, game, final)
        boards_beside(table, panel, GAME_CASES[game][2])
        drawn_where_it_stays(table, panel)

        before = state_of(table)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is panel and panel.has_class("-closed")
        assert state_of(table) == before  # nothing moved on
        assert not table.has_class("-under-result")  # the table has its whole screen back
        await pilot.press("escape")  # again: still nothing
        await settle(pilot)
        assert app.screen is panel and state_of(table) == before

        await pilot.press("enter")  # the result comes back, to go on from
        await settle(pilot)  # and finds its place again
        assert not panel.has_class("-closed") and table.has_class("-under-result")
        boards_beside(table, panel, GAME_CASES[game][2])
        assert isinstance(panel.focused, Button) and panel.focused.id == panel.choices[0][0]


def lines_cut_short(table: TableScreen) -> list[str]:
    """The log's lines that fit its width whole but are not shown whole on one of its rows."""
    log = table.query_one(MoveLog)
    width = log.scrollable_content_region.width
    rows = {strip.text.rstrip() for strip in log.lines}
    lines = (table.name_seats(line) for line in table.session.log_lines())
    return [line for line in lines if len(line) <= width and line not in rows]


@pytest.mark.parametrize("game", list(GAME_CASES))
async def test_the_log_uses_its_width_for_lines_written_under_a_result(game: str) -> None:
    """The panel hides the log, which then has no width: the next set's first lines, written
    as the panel goes and before the log is laid out again, were wrapped at a dozen columns
    (`Set 2: You` / `open`) and never wrapped again."""
    app = app_for(game, final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, game, final=False)
        log = table.query_one(MoveLog)
        rows = len(log.lines)
        await pilot.press("enter")  # on to the next set or round
        await settle(pilot)
        assert panel not in app.screen_stack and not table.has_class("-under-result")
        assert len(log.lines) > rows  # the next set's first lines are in
        assert log.scrollable_content_region.width > 20
        assert lines_cut_short(table) == []


@pytest.mark.parametrize("game", ["pazaak", "pazu-pazaak", "pixies", "flip7"])
async def test_arrows_move_between_the_buttons_and_enter_presses_the_focused_one(
    game: str,
) -> None:
    app = app_for(game, final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        _, panel = await result_up(pilot, game, final=True)
        assert panel.focused is not None and panel.focused.id == "again"
        await pilot.press("right")
        assert panel.focused.id == "home"
        await pilot.press("left")
        assert panel.focused.id == "again"
        await pilot.press("tab")
        assert panel.focused.id == "home"
        chosen: list[str | None] = []
        panel.dismiss = chosen.append  # type: ignore[method-assign]
        panel.in_place["again"] = lambda: chosen.append("again")  # answered with the box up
        await pilot.press("left", "enter")
        assert chosen == ["again"]


async def test_enter_on_a_set_result_goes_on_to_the_next_set() -> None:
    app = app_for("pazaak", final=False)
    async with app.run_test(size=(80, 24)) as pilot:
        table, panel = await result_up(pilot, "pazaak", final=False)
        number = table.session.observe().set_number
        await pilot.press("escape", "enter", "enter")
        await settle(pilot)
        assert panel not in app.screen_stack
        assert table.session.observe().set_number == number + 1
        assert not table.has_class("-under-result") and not table.styles.padding.right


async def test_a_closed_result_lets_the_tables_looking_keys_through() -> None:
    """Closed to look at the final table, the result lets `l` fold the log and `?` open the
    rules; neither moves the game on, and Enter still brings the result back."""
    app = app_for("pazaak", final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "pazaak", final=True)
        before = state_of(table)
        await pilot.press("l")  # the result is open: the key is not the table's
        await settle(pilot)
        assert not log_folded(app)
        await pilot.press("escape", "l")
        await settle(pilot)
        assert log_folded(app) and not table.query_one(MoveLog).display
        await pilot.press("l")
        await settle(pilot)
        assert not log_folded(app) and table.query_one(MoveLog).display
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is panel and panel.has_class("-closed")
        assert state_of(table) == before
        await pilot.press("enter")
        await settle(pilot)
        assert not panel.has_class("-closed") and isinstance(panel.focused, Button)


async def test_a_set_that_ends_while_a_result_is_open_is_a_toast_not_a_second_box() -> None:
    """A game held elsewhere goes on while a person reads a set's result, and may end another
    set meanwhile: that one is told in a toast and the log. Boxes stacked one over another
    (each drawing the screens beneath it) once ran the drawing out of stack."""
    app = app_for("pazaak", final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, PazaakTable))
        ended: list[Any] = []
        after_move = table.after_move

        def keep_and_show(moved: Any) -> None:
            ended.append(moved)
            after_move(moved)

        table.after_move = keep_and_show  # type: ignore[method-assign]
        table.play_human(app.ending_move)
        first = await until_result_panel(pilot)
        assert table.interlude_up
        table.after_move(ended[-1])  # another set's end, as a server would send it
        await settle(pilot)
        panels = [screen for screen in app.screen_stack if isinstance(screen, ResultPanel)]
        assert panels == [first]
        assert [n.title for n in app._notifications][-1] == first.verdict
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and not table.interlude_up


#: the next game's shuffle, fixed so it waits on "You": a fresh one can end Flip 7's first round
#: with nobody asked (a bot's Flip Three busts you, the bots stay) and put its result up at once
NEXT_GAME_SEED = 1


@pytest.mark.parametrize("game", ["pazaak", "flip7"])
async def test_play_again_draws_the_next_game_on_the_same_table(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36 item 7: Play again built a whole new table screen for the next game (and gave
    the old one its room back first, only to drop it). The same screen takes the next game
    now: a new session, a fresh log, the room the result kept given back as it draws."""
    monkeypatch.setattr("cardtable.ui.app.new_seed", lambda: NEXT_GAME_SEED)
    app = app_for(game, final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        table, _ = await result_up(pilot, game, final=True)
        finished = await play_again(pilot, table)
        assert not table.session.is_over and finished.is_over
        assert table.session.seed == NEXT_GAME_SEED and table.session.to_move == 0
        assert not table.has_class("-under-result")
        assert "game over" not in str(table.query_one("#status-line").content), "drawn afresh"
        # the log starts over with the new game's lines: none of the last game's is left
        written = list(table.query_one(MoveLog)._written)
        assert written[0] == table.name_seats(table.session.log_lines()[0])
        assert table.name_seats(finished.log_lines()[-1]) not in written
        assert not [screen for screen in app.screen_stack if isinstance(screen, ResultPanel)]


async def test_closing_a_result_restyles_what_gave_way_to_it_not_the_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 36 item 7: the class a table wears under a result had every widget on the table
    restyled as it came and went (its boards too, half of what Play again cost before the next
    game's frame). Only what the class styles is restyled: the log and footer come back."""
    app = app_for("pazaak", final=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table, panel = await result_up(pilot, "pazaak", final=False)
        restyled: list[object] = []
        apply = Stylesheet.apply

        def noting(stylesheet: Stylesheet, node: Any, *args: Any, **options: Any) -> None:
            restyled.append(node)
            apply(stylesheet, node, *args, **options)

        monkeypatch.setattr(Stylesheet, "apply", noting)
        await pilot.press("escape")  # close the result: the table has its whole screen back
        await settle(pilot)
        assert not table.has_class("-under-result")
        log, footer = table.query_one(MoveLog), table.query_one(Footer)
        assert log.display and footer.display and log.region.area and footer.region.area
        assert log in restyled and footer in restyled
        assert not [node for node in restyled if isinstance(node, BoardPanel)]
