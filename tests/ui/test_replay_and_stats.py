"""A finished game is kept as a replay that ``cardtable replay FILE`` steps through, and counted
on the Stats screen per game and per opponent."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from cardtable.cli import build_parser
from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.persist.saves import SaveStore
from cardtable.persist.stats import StatsStore
from cardtable.session import LocalSession
from cardtable.tools.launch import first_screen_for
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.stats import StatsScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.widgets.log import MoveLog

PAZAAK = GAMES["pazaak"]
SEATS = (Seat("You"), Seat("Revan", "easy"))


def finished_pazaak(seed: int = 5) -> Match:
    """A whole match, both seats played by the easy bot (the person's seat included)."""
    match = Match.new(PAZAAK.rules, PAZAAK.rules.default_config(2), seed)
    bot = PAZAAK.bots["easy"]()
    while not match.is_over:
        seat = match.to_move
        view = match.observe(seat)
        match.play(bot.choose(view, match.legal_actions(), bot_rng(seed, seat, len(match.actions))))
        match.take_chance_steps()
    return match


def log_lines(table: TableScreen) -> list[str]:
    """The log's words in order (wrapping depends on the log's width, so lines are not compared)."""
    return " ".join(line.text for line in table.query_one(MoveLog).lines).split()


def status(table: TableScreen) -> str:
    return str(table.query_one("#status-line", Static).content)


async def test_a_finished_game_replays_step_by_step_and_takes_no_moves():
    # the app keeps a finished game as a replay (and counts it), as a table does after the last move
    match = finished_pazaak()
    keeper = CardtableApp(lambda app: HomeScreen())
    keeper.autosave(LocalSession(PAZAAK, match, SEATS))
    [path] = keeper.replays.all()
    assert SaveStore().latest() is None  # a finished game is no longer a save
    total = len(match.actions)

    args = build_parser().parse_args(["replay", str(path)])
    app = CardtableApp(first_screen_for(args)(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.is_replay
        # a replay opens at the first deal
        assert status(table) == f"Pazaak · replay · move 0 of {total} · ← → step · PgUp PgDn jump"
        await pilot.press("end")
        assert f"move {total} of {total}" in status(table)
        at_end = log_lines(table)

        await pilot.press("left")
        assert len(table.session.match.actions) == total - 1
        assert f"move {total - 1} of {total}" in status(table)
        one_back = log_lines(table)
        assert one_back != at_end and at_end[: len(one_back)] == one_back

        await pilot.press("home")
        assert len(table.session.match.actions) == 0 and f"move 0 of {total}" in status(table)
        start = log_lines(table)
        await pilot.press("right")
        assert len(table.session.match.actions) == 1 and f"move 1 of {total}" in status(table)
        first = log_lines(table)
        assert len(first) > len(start) and first[: len(start)] == start  # the move's events shown
        await pilot.press("left")
        assert log_lines(table) == start  # and taken back

        # no move can be made: keys and clicks change nothing, no bot thinks, nothing is saved
        await pilot.press("right", "right", "right")
        position = list(table.session.match.actions)
        for key in ("e", "s", "1", "2", "enter"):
            await pilot.press(key)
        await pilot.click("#hand-0")
        if app.screen is not table:  # a dual card asks for its value first; still no move
            await pilot.press("1")
        assert not table.query_one("#end-turn").display or not table.query_one("#end-turn").region
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is table and table.session.match.actions == position
        assert table.check_action("end_turn", ()) is False
        assert table.check_action("play_card", (0,)) is False
        assert SaveStore().latest() is None

        # PgDn and PgUp jump to where each set was dealt
        await pilot.press("home", "pagedown")
        first_set_end = len(table.session.match.actions)
        assert 0 < first_set_end < total
        assert "Set 2" in " ".join(log_lines(table)) and "Set 3" not in " ".join(log_lines(table))
        await pilot.press("pagedown", "pageup")
        assert len(table.session.match.actions) == first_set_end
        await pilot.press("pageup")
        assert len(table.session.match.actions) == 0

        await pilot.press("end")
        assert len(table.session.match.actions) == total and log_lines(table) == at_end
        assert app.screen is table  # the end of a replay shows no result screen to answer


def outcome(human_won: bool, seats: int = 2, **stats: float) -> Outcome:
    return Outcome(winners=(0,) if human_won else (1,), scores=(0.0,) * seats, stats=stats)


def cells(table: DataTable[str]) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_stats_show_games_wins_streaks_per_opponent_and_the_flip7_solo_best():
    store = StatsStore()
    easy, hard = (Seat("You"), Seat("Revan", "easy")), (Seat("You"), Seat("Bastila", "hard"))
    for won in (True, True, False, True):
        store.record("pazaak", easy, outcome(won))
    store.record("pazaak", hard, outcome(False))
    store.record("pazaak", (Seat("Ann"), Seat("Bob")), outcome(True))
    solo = (Seat("You"),)
    for rounds in (14, 11, 12):
        store.record("flip7", solo, Outcome((0,), (200.0,), {"rounds": float(rounds)}))
    # and one counted the way the app counts a finished table
    match = finished_pazaak()
    you_won = 0 in match.outcome.winners
    keeper = CardtableApp(lambda app: HomeScreen())
    keeper.autosave(LocalSession(PAZAAK, match, easy))

    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        rows = cells(app.screen.query_one(DataTable))
    easy_row = (
        ["Pazaak", "easy", "5", "4", "80%", "2", "2"]
        if you_won
        else ["Pazaak", "easy", "5", "3", "60%", "0", "2"]
    )
    assert rows == [
        easy_row,
        ["Pazaak", "hard", "1", "0", "0%", "0", "0"],
        ["Pazaak", "hot-seat", "1", "1", "100%", "1", "1"],
        ["Flip 7", "solo", "3", "3", "100%", "3", "3"],
        ["Flip 7", "solo best", "", "", "", "", "11 rounds"],
    ]


async def test_stats_before_any_game_say_so():
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        text = str(app.screen.query_one("#empty", Static).content)
        assert text.startswith("No finished games yet")
