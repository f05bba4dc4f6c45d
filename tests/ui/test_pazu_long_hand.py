"""Item 1 of issue 14: a Pazu-Pazaak hand past nine cards is all on show and every card plays, by
its key or a click, at 80×24 too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.games.pazaak.cards import minus, plus
from cardtable.games.pazu.actions import PlaySide
from cardtable.games.pazu.state import Phase
from cardtable.session import LocalSession
from cardtable.tools.shots import settle
from cardtable.tools.shots.pazu import SPEC, preplay, seats_for
from cardtable.ui.app import CardtableApp
from cardtable.ui.tables.pazaak.widgets import HandCard
from cardtable.ui.tables.pazu.table import PazuTable
from cardtable.ui.tables.pazu.widgets import SeatBoard, hand_key
from cardtable.ui.tablescreens import table_screen

HAND = tuple(plus(n % 6 + 1) if n % 2 else minus(n % 6 + 1) for n in range(14))


def long_hand_app(players: int):
    match = preplay(players, 3, lambda m: m.state.phase is Phase.TURN and not m.state.played_side)
    hands = (HAND, *match.state.hands[1:])
    match.state = replace(match.state, hands=hands)
    session = LocalSession(SPEC, match, seats_for(players))
    return CardtableApp(lambda app: table_screen(session), bot_pause=0), match


def visible(widget, screen) -> bool:
    region = widget.region
    return (
        widget.display
        and region.width > 0
        and region.right <= screen.size.width
        and region.bottom <= screen.size.height
    )


@pytest.mark.parametrize(("players", "size"), [(3, (80, 24)), (6, (80, 24)), (4, (120, 40))])
async def test_every_card_of_a_fourteen_card_hand_is_on_show(players, size):
    app, _ = long_hand_app(players)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, PazuTable))
        cards = [c for c in table.query(HandCard) if c.display]
        assert len(cards) == len(HAND)
        assert all(visible(card, table) for card in cards)
        assert len({(c.region.x, c.region.y) for c in cards}) == len(HAND)  # none on another
        assert [str(c.border_title) for c in cards] == [hand_key(i) for i in range(len(HAND))]
        boards = [b for b in table.query(SeatBoard) if b.display]
        assert len(boards) == players and all(visible(b, table) for b in boards)
        hand_top = min(c.region.y for c in cards)
        assert all(b.region.bottom <= hand_top for b in boards)  # the boards make room


@pytest.mark.parametrize("how", ["key", "click"])
async def test_the_twelfth_hand_card_plays_by_its_key_or_a_click(how):
    app, match = long_hand_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, PazuTable))
        assert table.my_turn
        if how == "key":
            await pilot.press(hand_key(11))
        else:
            await pilot.click("#hand-11")
        await settle(pilot)
        assert any(isinstance(a, PlaySide) and a.index == 11 for a in match.actions)
