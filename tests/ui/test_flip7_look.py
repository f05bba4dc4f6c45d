"""The Flip 7 table's look, checked by structure: boards, seven places, large scores, columns,
and the figures around an ended round (the end-of-game totals, the piles after a bust)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Digits, Static

from cardtable.core.match import Match
from cardtable.games.flip7.cards import FLIP_SEVEN, Card
from cardtable.games.flip7.state import Status
from cardtable.tools.shots import settle
from cardtable.tools.shots.flip7 import SHOTS, last_move, my_row_has, never, table_app
from cardtable.ui.tables.flip7.layout import Fit
from cardtable.ui.tables.flip7.odds import OddsPanel
from cardtable.ui.tables.flip7.results import Flip7Result
from cardtable.ui.tables.flip7.table import Table
from cardtable.ui.tables.flip7.widgets import CardRow, SeatLine
from cardtable.ui.widgets.log import MoveLog

SCENES = {shot.name: shot for shot in SHOTS}


def text(widget: Any) -> str:
    return str(widget.render())


def boards(table: Table) -> list[SeatLine]:
    return list(table.query(SeatLine))


def board_share(table: Table) -> float:
    """The share of the screen's cells the boards take."""
    width, height = table.app.size
    return sum(line.region.area for line in boards(table)) / (width * height)


#: the least share of the screen the boards take per scene (before the boards were redrawn:
#: 10%, 41% in four 82-column strips mostly empty, and 20% in six one-line rows)
SHARES = {"flip7-solo-odds": 0.15, "flip7-table-4p": 0.3, "flip7-table-6p": 0.45}


@pytest.mark.parametrize("name", SHARES)
async def test_every_board_has_seven_places_and_its_score_in_large_digits(name):
    shot = SCENES[name]
    async with shot.build().run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = pilot.app.screen
        view = table.session.match.observe(table.viewer)
        for line, seat in zip(boards(table), view.seats, strict=True):
            row = line.query_one(".row", CardRow)
            kinds = [kind for (_, kind), _ in row.cards]
            assert len(kinds) == FLIP_SEVEN
            assert kinds.count("slot") == FLIP_SEVEN - len(seat.numbers)
            digits = line.query_one(".now", Digits)
            assert digits.display and digits.value == str(seat.round_score)
            assert f"{len(seat.numbers)} of {FLIP_SEVEN}" in line.border_subtitle
        assert board_share(table) > SHARES[name]


async def test_six_players_sit_in_two_columns_of_large_cards_at_120_by_40():
    shot = SCENES["flip7-table-6p"]
    async with shot.build().run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = pilot.app.screen
        lines = boards(table)
        assert len({line.region.x for line in lines}) == 2
        assert len({line.region.y for line in lines}) == 3
        assert table.board_fit.tier == "large"
        assert all(line.region.bottom <= table.query_one("#last-move").region.y for line in lines)
        assert text(table.query_one("#last-move", Static)).startswith("▸ ")


async def test_the_solo_board_takes_full_size_cards_and_keeps_them_at_80_by_24():
    for size in ((120, 40), (80, 24)):
        async with table_app(1, 13, my_row_has(3, 5)).run_test(size=size) as pilot:
            await settle(pilot)
            table = pilot.app.screen
            assert table.board_fit.tier == "full"
            assert not table.query_one(SeatLine).has_class("-compact")


async def test_a_board_says_its_state_in_words_frame_and_digit_colour():
    """Seed 12, four players: Revan has stayed; a bust follows later in the round."""
    shot = SCENES["flip7-table-4p"]
    async with shot.build().run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = pilot.app.screen
        view = table.session.match.observe(table.viewer)
        colours = {}
        for line, seat in zip(boards(table), view.seats, strict=True):
            colours[seat.status] = line.query_one(".now", Digits).styles.color
            if seat.status is Status.STAYED:
                assert line.has_class("-stayed") and "STAYED" in line.border_subtitle
                assert "banks" in text(line.query_one(".word", Static))
            if seat.status is Status.ACTIVE:
                assert not line.has_class("-stayed") and not line.has_class("-bust")
                assert "stay now" in text(line.query_one(".word", Static))
        assert colours[Status.STAYED] != colours[Status.ACTIVE]
        me = boards(table)[0]
        assert me.has_class("-to-move") and "▶ 1 You" in str(me.border_title)


async def test_the_boards_at_the_game_end_agree_with_the_summary():
    """The last round's row stays on the table: its board reads "total before → after", and
    after is the total the summary and the outcome give (it once read 208 → 230 against 208)."""
    for players, seed in ((1, 13), (4, 12)):
        async with table_app(players, seed, never).run_test(size=(120, 40)) as pilot:
            await last_move(pilot)
            result = pilot.app.screen
            assert isinstance(result, Flip7Result)
            table = pilot.app.screen_stack[-2]
            assert isinstance(table, Table)
            finals = [int(score) for score in table.session.match.outcome.scores]
            summary = text(result.query_one(".body", Static)).splitlines()[1:]
            for line, total, row in zip(boards(table), finals, summary, strict=True):
                shown = re.search(r"total (\d+)(?: → (\d+))?", line.border_subtitle)
                assert shown is not None
                after = int(shown.group(2) or shown.group(1))
                assert after == total and row.rstrip().endswith(f"→ {total}")


async def test_after_a_bust_the_header_and_odds_count_the_card_that_bust():
    """Seed 13, round 2: 4, 7 and 5 in the row, and the next card is the second 7. While the
    round's summary is up the table shows the ended round: the deck is one card shorter and
    one 7 fewer is left (it once showed the counts from before the bust)."""

    def before_the_bust(match: Match) -> bool:
        return match.state.table.round == 2 and len(match.state.rows[0].numbers) == 3

    async with table_app(1, 13, before_the_bust).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        before = table.session.match.observe(0)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(pilot.app.screen, Flip7Result)
        assert table.session.between_deals  # the ended round is the session's own state
        line = text(table.query_one("#match-line", Static))
        assert f"deck {before.deck_count - 1} ·" in line
        row = table.query_one(SeatLine)
        assert row.has_class("-bust") and "BUST" in row.border_subtitle
        left = next(
            r for r in text(table.query_one(OddsPanel)).splitlines() if r.startswith("left")
        )
        counts = [int(n) for n in left.split()[1 : 1 + 13]]
        assert counts[Card.SEVEN] == before.deck_counts[Card.SEVEN] - 1
        assert sum(counts) <= before.deck_count - 1


async def test_eight_players_at_80_by_24_sit_in_two_columns_of_lines_none_scrolled_away():
    async with table_app(8, 5, my_row_has(2, 2)).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        lines = boards(table)
        assert table.board_fit == Fit(2, "line")
        assert all(line.has_class("-compact") for line in lines)
        assert len({line.region.x for line in lines}) == 2
        seats = table.query_one("#seats").region
        assert all(seats.contains_region(line.region) for line in lines)
        view = table.session.match.observe(table.viewer)
        for line, seat in zip(lines, view.seats, strict=True):
            mods = line.query_one(".mods", CardRow)
            assert len(mods.cards) == len(seat.modifiers) + seat.second_chance
            if mods.cards:  # the modifiers keep their room; the head line gives way
                assert mods.region.width > 0 and seats.contains_region(mods.region)


async def test_the_room_a_hidden_log_leaves_goes_to_the_boards():
    shot = SCENES["flip7-table-6p"]
    async with shot.build().run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = pilot.app.screen
        before = [line.region.width for line in boards(table)]
        table.query_one(MoveLog).display = False
        await settle(pilot)
        after = [line.region.width for line in boards(table)]
        assert all(wide > narrow for wide, narrow in zip(after, before, strict=True))
        assert sum(after[:2]) >= pilot.app.size.width - 4
        edge = boards(table)[0].border_subtitle
        assert "your turn" in edge and "of 7" in edge
