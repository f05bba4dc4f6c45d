"""Item 4 of issue 14: a set's result box shows over the boards that decided it, and the game
waits (no bot moves) until the player dismisses it."""

from __future__ import annotations

from cardtable.core.seats import Seat
from cardtable.games.pazaak.cards import main
from cardtable.games.pazaak.events import SetVoid, SetWon, WinReason
from cardtable.games.pazaak.shared import Board, Placed
from cardtable.games.registry import GAMES
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.pazaak.table import Table
from cardtable.ui.tables.pazaak.widgets import BoardPanel
from cardtable.ui.widgets.log import MoveLog

PAZAAK = GAMES["pazaak"]


def pazaak_app() -> CardtableApp:
    config = PAZAAK.rules.default_config(2)
    seats = (Seat("You"), Seat("Revan", "easy"))
    return CardtableApp(lambda app: app.table_for(PAZAAK, config, seats, 3), bot_pause=0)


async def stand_to_set_result(pilot) -> Table:
    """Stand on every turn (bounded) until the first set's result box is up."""
    app = pilot.app
    table = next(s for s in app.screen_stack if isinstance(s, Table))
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if isinstance(app.screen, ResultScreen):
            break
        if table.my_turn:
            await pilot.press("s")
    return table


async def test_the_set_result_shows_over_the_deciding_boards_and_the_bot_waits():
    app = pazaak_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await stand_to_set_result(pilot)
        assert isinstance(app.screen, ResultScreen)
        result = table.session.match.events[-1]
        won = next(e for e in result if isinstance(e, SetWon | SetVoid))
        for seat in range(2):
            subtitle = str(table.query_one(f"#board-{seat}", BoardPanel).border_subtitle)
            assert subtitle.startswith(f"total {won.totals[seat]}")
        assert "Set 1 " in str(table.query_one("#match-line").content)
        logged = " ".join(line.text for line in table.query_one(MoveLog).lines)
        assert "wins the set" in logged and "Set 2" not in logged  # the next deal waits too
        ply = table.session.ply
        for _ in range(3):  # the next set's opener is the bot: it does not play under the box
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert table.session.ply == ply and table.session.thinking is None
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Set 2 " in str(table.query_one("#match-line").content)
        assert "Set 2" in " ".join(line.text for line in table.query_one(MoveLog).lines)


async def test_a_board_a_flip_pushed_over_20_is_not_called_bust_until_the_set_is_over():
    seats = (Seat("You"), Seat("Bo", "easy"))
    config = PAZAAK.rules.default_config(2)
    app = CardtableApp(lambda app: app.table_for(PAZAAK, config, seats, 3), bot_pause=0)
    async with app.run_test(size=(80, 24)):
        panel = app.screen.query_one("#board-1", BoardPanel)
        over = Board((Placed(main(10), 10), Placed(main(9), 9), Placed(main(4), 4)), 23)
        panel.show("Bo", over, False, 0, False, False, settled=False)
        assert panel.state_word == "OVER 20" and panel.has_class("-over")
        assert not panel.has_class("-bust")
        panel.show("Bo", over, False, 0, False, False, settled=True)
        assert panel.state_word == "BUST" and panel.has_class("-bust")


def test_the_set_result_says_you_went_bust_when_you_did():
    table = Table.__new__(Table)
    table.session = type("S", (), {"seats": (Seat("You"), Seat("Revan", "easy"))})()
    box = table.interlude((SetWon(1, WinReason.BUST, (24, 18), (0, 1)),))
    assert box is not None and box.verdict == "Revan won the set because you went bust"


async def test_the_flip7_round_summary_shows_over_the_rows_that_ended_the_round():
    from cardtable.games.flip7.actions import STAY
    from cardtable.games.flip7.events import RoundEnded
    from cardtable.ui.tables.flip7.table import Table as Flip7Table

    spec = GAMES["flip7"]
    seats = (Seat("You"), Seat("Revan", "easy"), Seat("Bastila", "easy"))
    config = spec.rules.default_config(3)
    app = CardtableApp(lambda app: app.table_for(spec, config, seats, 5), bot_pause=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, Flip7Table))
        for _ in range(300):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
            if table.my_turn and table.session.observe().pending is None:
                await pilot.press("s" if STAY in table.session.playable() else "h")
            elif table.my_turn:
                await pilot.press("1")
        assert isinstance(app.screen, ResultScreen)
        ended = next(e for e in table.session.match.events[-1] if isinstance(e, RoundEnded))
        shown = table.session.observe()  # the round's end is a state: the session shows it
        assert shown.round == ended.round == 1 and table.session.between_deals
        assert tuple(seat.round_score for seat in shown.seats) == ended.scores
        assert any(seat.numbers for seat in shown.seats)  # the rows, not the next deal
        assert "Round 1 " in str(table.query_one("#match-line").content)
        ply = table.session.ply
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert table.session.ply == ply  # nobody plays under the box
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Round 2 " in str(table.query_one("#match-line").content)


async def test_the_status_line_says_the_set_is_over_under_its_result():
    app = pazaak_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await stand_to_set_result(pilot)
        assert table.status_text() == "Pazaak · set over · waiting for you: Next set (Enter)"
