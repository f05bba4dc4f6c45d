"""Issue 28 for Pazaak: the boards take the screen, totals in large digits with a state word,
cards framed by kind, the other hand as card backs, and the last move under the boards."""

from __future__ import annotations

import pytest
from textual.widgets import Digits, Static

from cardtable.games.pazaak.cards import main, parse_all
from cardtable.games.pazaak.shared import Board, Placed
from cardtable.tools.shots import all_shots, settle
from cardtable.ui.tables.pazaak.layout import TIERS, choose_tier
from cardtable.ui.tables.pazaak.table import BoardsArea
from cardtable.ui.tables.pazaak.widgets import BoardPanel, HandCard, HandRow, board_state, hand_kind
from cardtable.ui.widgets.card import card_art
from cardtable.ui.widgets.log import MoveLog

SHOTS = {shot.name: shot for shot in all_shots()}


def board_cells(table) -> int:
    return sum(panel.region.area for panel in table.query(BoardPanel))


@pytest.mark.parametrize(
    ("name", "tier", "share"),
    [("pazaak-table", "tall", 0.35), ("pazaak-table-80x24", "compact", 0.3)],
)
async def test_the_boards_take_the_screen_with_the_largest_cards_that_fit(name, tier, share):
    shot = SHOTS[name]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = app.screen
        width, height = shot.size
        panels = list(table.query(BoardPanel))
        assert [panel.tier.name for panel in panels] == [tier, tier]
        assert board_cells(table) / (width * height) > share
        screen = table.region
        assert all(screen.contains_region(panel.region) for panel in panels)
        # the log is narrower than either board, and what the boards do not use is not wasted
        assert table.query_one(MoveLog).region.width < panels[0].region.width


@pytest.mark.parametrize("folded", [False, True])
@pytest.mark.parametrize("size", [(80, 24), (99, 30), (100, 30), (120, 40), (160, 50), (200, 60)])
async def test_the_first_frame_is_drawn_at_the_tier_the_laid_out_boards_pick(size, folded):
    """The table sizes its cards from the terminal's size before its first frame; the boards'
    own Resize, which comes after that frame, must find the same tier, or every table opens
    drawn twice (a frame of collapsed boards, then the real one)."""
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    app.log_folded = folded
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen
        area = table.query_one(BoardsArea)
        laid_out = choose_tier(area.size.width, area.size.height)
        assert table.expected_tier(table.size) is laid_out is area.tier, (size, folded)
        made = [widget.tier for widget in (*table.query(BoardPanel), *table.query(HandRow))]
        assert made and all(tier is laid_out for tier in made), (size, folded)


async def test_hiding_the_log_gives_its_room_to_the_boards():
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    async with app.run_test(size=(100, 30)) as pilot:
        await shot.drive(pilot)
        table = app.screen
        before = board_cells(table)
        assert table.query_one(BoardPanel).tier.name == "compact"
        table.query_one("#side").display = False
        await pilot.pause()
        assert table.query_one(BoardPanel).tier.name == "full"
        assert board_cells(table) > before


async def test_the_total_is_in_large_digits_with_a_word_for_the_state():
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = app.screen
        view = table.session.observe()
        mine = table.query_one("#board-0", BoardPanel)
        assert mine.query_one(Digits).value == str(view.boards[0].total)
        assert mine.state_word == "TO PLAY" and mine.has_class("-to-move")
        lights = str(mine.query_one(".lights", Static).content)
        assert lights == "○ ○ ○"  # a shape for each set, filled when won
        assert str(table.query_one("#board-1 .lights", Static).content) == "● ○ ○"
        await pilot.press("s")
        await settle(pilot)
        assert mine.state_word == "STANDS" and mine.has_class("-standing")
        assert str(mine.query_one(".state", Static).content) == "STANDS"


async def test_a_bust_board_says_bust_beside_its_total():
    shot = SHOTS["pazaak-set-result"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = next(s for s in app.screen_stack if s.query(BoardPanel))
        mine = table.query_one("#board-0", BoardPanel)
        assert mine.query_one(Digits).value == "23"
        assert mine.state_word == "BUST" and mine.has_class("-bust")


async def test_the_other_hand_is_card_backs_with_a_count_and_the_last_move_is_under_the_boards():
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = app.screen
        count = table.session.observe().hand_counts[1]
        backs = [c for c in table.query("#their-hand HandCard").results(HandCard) if c.display]
        assert len(backs) == count and all(c.has_class("-back") for c in backs)
        caption = str(table.query_one("#their-hand .caption", Static).content)
        assert caption == f"Revan's hand · {count} left"
        # the art of a back shows nothing of the card
        secret = table.session.match.state.hands[1]
        shown = "\n".join(str(c.render()) for c in backs)
        assert not any(card.amount and str(card.amount) in shown for card in secret)
        strip = table.query_one("#last-move", Static)
        newest = table.query_one(MoveLog).lines[-1].text
        assert str(strip.content).endswith(newest)
        boards = table.query_one("#board-row").region
        assert boards.bottom <= strip.region.y <= boards.bottom + 1


def test_every_kind_of_side_card_has_its_own_frame_and_mark():
    plus, minus, dual, variable, flip, double, tie = parse_all("+3 -2 ±4 ±1/2 2&4 D ±1T")
    assert [hand_kind(c) for c in (plus, minus, dual)] == ["plus", "minus", "dual"]
    assert {hand_kind(c) for c in (variable, flip, double, tie)} == {"special"}
    full = {kind: card_art("±4", kind, 7, 3).splitlines() for kind in ("plus", "dual", "special")}
    assert [lines[0][0] for lines in full.values()] == ["+", "±", "◆"]
    assert all(lines[1].strip() == "±4" for lines in full.values())
    assert card_art("7", "main", 7, 3).splitlines() == ["7      ", "   7   ", "      7"]
    assert card_art("+3", "plus", 5, 1) == "+3"  # one line of room: the face alone


def test_tiers_are_tried_largest_first_and_the_smallest_is_the_fallback():
    assert choose_tier(90, 37).name == "tall"
    assert choose_tier(90, 30).name == "full"
    assert choose_tier(58, 21).name == "compact"
    assert choose_tier(40, 10) is TIERS[-1]
    for bigger, smaller in zip(TIERS, TIERS[1:], strict=False):
        assert bigger.board[0] * bigger.board[1] >= smaller.board[0] * smaller.board[1]


def test_each_state_of_a_board_has_its_word():
    def board(*ranks: int) -> Board:
        placed = tuple(Placed(main(rank), rank) for rank in ranks)
        return Board(placed, sum(ranks))

    assert board_state(board(10, 4), False, True, False) == "TO PLAY"
    assert board_state(board(10, 4), False, False, False) == ""
    assert board_state(board(10, 7), True, False, False) == "STANDS"
    assert board_state(board(10, 10), True, False, False) == "TWENTY"
    assert board_state(board(*[2] * 9), True, False, False) == "FULL"
    assert board_state(board(10, 9, 4), False, True, False) == "OVER 20"
    assert board_state(board(10, 9, 4), False, False, True) == "BUST"
