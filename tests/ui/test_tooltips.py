"""Hovering a card shows what it is and does; a hidden card's tooltip never says what it is."""

from __future__ import annotations

from typing import Any

from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import Tooltip

from cardtable.games.flip7.cards import Card as Flip7Card
from cardtable.games.flip7.state import CHOICE_CARD, Status
from cardtable.games.flip7.view import SeatView
from cardtable.games.pazaak.cards import Card, Kind, label, parse_all
from cardtable.games.pixies.cards import DECK
from cardtable.tools.shots import Shot, all_shots
from cardtable.ui.tables.flip7.cards import HIDDEN_TIP, SIZES, card_at, card_tip, face_width
from cardtable.ui.tables.flip7.widgets import CardRow, SeatLook, cards_of
from cardtable.ui.tables.pazaak.widgets import HandCard, board_tip
from cardtable.ui.tables.pazaak.widgets import card_tip as pazaak_tip
from cardtable.ui.tables.pixies.cards import card_tip as pixies_tip
from cardtable.ui.tables.pixies.widgets import GridBoard, OfferStrip
from cardtable.ui.widgets.card import BACK_TIP
from tests.waits import until

SHOTS = {shot.name: shot for shot in all_shots()}


def scene(name: str) -> Shot:
    return SHOTS[name]


async def hover_tip(pilot: Any, widget: Widget, at: Offset | None = None) -> str:
    """The tooltip shown after the mouse rests on ``widget`` (at content offset ``at``)."""
    pilot.app.TOOLTIP_DELAY = 0.01
    tooltip = pilot.app.screen.query_one(Tooltip)
    await pilot.hover(offset=(0, 0))  # somewhere without a tooltip first, to start afresh
    tooltip.display = False  # the last tip hidden: the one shown next is this rest's
    region = widget.content_region
    at = at or Offset(1, 1)
    await pilot.hover(offset=(region.x + at.x, region.y + at.y))
    await until(lambda: tooltip.display, f"a tooltip on {widget} at {at}", pilot=pilot)
    return str(tooltip.content)


def test_every_pazaak_card_has_its_own_plain_words():
    cards = parse_all("+3 -2 ±3 ±1/2 2&4 3&6 D ±1T")
    tips = [pazaak_tip(card) for card in cards]
    assert tips[2] == "±3 dual card: add or subtract 3 — you choose when you play it"
    assert tips[4].startswith("Flip 2&4: every card worth 2 or 4 on both boards changes sign")
    assert "drew this turn counts double" in tips[6] and "wins a tied set" in tips[7]
    assert len(set(tips)) == len(tips)
    assert pazaak_tip(Card(Kind.MAIN, 7)) == "7: a main-deck card worth 7"


async def test_pazaak_hand_board_and_the_other_hand_tooltips():
    shot = scene("pazaak-table")
    app = shot.build()
    async with app.run_test(size=shot.size, tooltips=True) as pilot:
        await shot.drive(pilot)
        table = app.screen
        view = table.session.match.observe(table.viewer)
        hand_card = table.query_one("#my-hand #hand-0", HandCard)
        tip = await hover_tip(pilot, hand_card)
        assert tip is not None and tip.startswith(pazaak_tip(view.hand[0]))

        cell = table.query_one("#board-0 #cell-0")
        assert await hover_tip(pilot, cell) == board_tip(view.boards[0].cards[0])

        # the other hand: card backs that say only that they are hidden, and a count
        assert await hover_tip(pilot, table.query_one("#their-hand #hand-0")) == BACK_TIP
        tip = str(table.query_one("#their-hand .caption").tooltip)
        assert "face down (hidden)" in tip
        secret = table.session.match.state.hands[1]
        assert not any(label(card) in tip for card in secret)


async def test_a_hidden_pazaak_hand_says_only_that_it_is_hidden():
    """Behind the hot-seat hand-off the hand shows backs: their tooltips must not tell."""
    shot = scene("pazaak-table")
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = app.screen
        row = table.query_one("#my-hand")
        row.show_backs(4)
        for card_view in row.query(HandCard):
            assert card_view.tooltip == BACK_TIP
        # a card that turns face up again says what it is, and a dimmed one that it can't be played
        card = table.session.match.observe(table.viewer).hand[0]
        row.show_faces((card,), frozenset())
        tip = table.query_one("#my-hand #hand-0", HandCard).tooltip
        assert tip.startswith(pazaak_tip(card)) and "cannot be played now" in tip


def test_flip7_tips_and_where_each_drawn_card_sits():
    assert card_tip(Flip7Card.FREEZE).startswith("Freeze: the player who gets it banks their row")
    assert card_tip(Flip7Card.TIMES2).startswith("×2: doubles the sum of this row's numbers")
    assert card_tip(Flip7Card.PLUS4).startswith("+4: adds 4")
    assert "bust" in card_tip(Flip7Card(12), bust=True)
    faces = [("3", "low"), ("10", "high"), ("2nd Chance", "action"), ("", "back"), ("", "slot")]
    for size, (_, _, gap) in SIZES.items():
        x = 0
        for i, (text, kind) in enumerate(faces):
            width = face_width(text, kind, size)
            assert card_at(faces, x, size) == card_at(faces, x + width - 1, size) == i
            if gap:
                assert card_at(faces, x + width, size) is None  # the gap
            x += width + gap


def test_a_flip7_card_still_turning_over_keeps_its_face_out_of_the_tooltip():
    seat = SeatView(
        seat=0,
        numbers=(Flip7Card(5), Flip7Card(11)),
        modifiers=(Flip7Card.PLUS8,),
        status=Status.ACTIVE,
        second_chance=False,
        banked=0,
        round_score=24,
    )
    numbers, mods = cards_of(SeatLook(seat, "You", 200, hidden_numbers=1, hidden_modifiers=1))
    assert numbers[0][1] == card_tip(Flip7Card(5))
    assert numbers[1] == (("", "back"), HIDDEN_TIP) and mods == [(("", "back"), HIDDEN_TIP)]


def x_of(row: CardRow, index: int) -> int:
    """The column of the middle of card ``index`` in a drawn row."""
    faces = [face for face, _ in row.cards]
    gap = SIZES[row.card_size][2]
    x = sum(face_width(*face, row.card_size) + gap for face in faces[:index])
    return x + face_width(*faces[index], row.card_size) // 2


async def test_flip7_numbers_modifiers_and_action_cards_have_tooltips():
    shot = scene("flip7-pick-target")
    app = shot.build()
    async with app.run_test(size=shot.size, tooltips=True) as pilot:
        await shot.drive(pilot)
        table = app.screen
        view = table.session.match.observe(table.viewer)
        row = table.query_one("#seat-0 .row", CardRow)
        first = view.seats[0].numbers[0]
        assert await hover_tip(pilot, row, Offset(x_of(row, 0), 1)) == card_tip(first)
        # the card that bust a row says so
        bust = next(s for s in view.seats if s.status.value == "bust")
        row = table.query_one(f"#seat-{bust.seat} .row", CardRow)
        last = len(bust.numbers) - 1
        tip = await hover_tip(pilot, row, Offset(x_of(row, last), 1))
        assert tip == card_tip(bust.numbers[-1], bust=True)
        # a Second Chance held above a row
        held = next(s for s in view.seats if s.second_chance)
        mods = table.query_one(f"#seat-{held.seat} .mods", CardRow)
        tip = await hover_tip(pilot, mods, Offset(x_of(mods, len(mods.cards) - 1), 0))
        assert tip == card_tip(Flip7Card.SECOND_CHANCE)
        # the action card being handed out, on its picker
        picker = table.query_one("#picker")
        tip = await hover_tip(pilot, picker, Offset(2, 0))
        assert tip == card_tip(CHOICE_CARD[view.pending.choice])


async def test_flip7_modifier_tooltips():
    shot = scene("flip7-table-4p")
    app = shot.build()
    async with app.run_test(size=shot.size, tooltips=True) as pilot:
        await shot.drive(pilot)
        table = app.screen
        view = table.session.match.observe(table.viewer)
        seat = next(s for s in view.seats if s.modifiers)
        mods = table.query_one(f"#seat-{seat.seat} .mods", CardRow)
        tip = await hover_tip(pilot, mods, Offset(x_of(mods, 0), 0))
        assert tip == card_tip(seat.modifiers[0])


async def test_pixies_offer_grid_and_tucked_cards_have_tooltips():
    shot = scene("pixies-2p-midround")
    app = shot.build()
    async with app.run_test(size=shot.size, tooltips=True) as pilot:
        await shot.drive(pilot)
        table = app.screen
        view = table.session.match.observe(table.viewer)
        strip = table.query_one(OfferStrip)
        tip = await hover_tip(pilot, strip, strip.offset_of(0))
        assert tip is not None and tip.startswith(pixies_tip(view.revealed[0]))
        assert "Press 1 to take it" in tip

        board = table.query_one(f"#px-board-{table.viewer}", GridBoard)
        cells = view.grids[table.viewer].cells
        tucked = next(c for c in cells if c.validated)
        tip = await hover_tip(pilot, board, board.offset_of(tucked.space))
        assert tip is not None and tip.startswith(pixies_tip(tucked.up))
        assert "Validated: a face-down card is tucked under it" in tip
        # a face-down card alone: hidden from everyone, and its tooltip names no card
        state = table.session.match.state
        for seat, grid in enumerate(view.grids):
            board = table.query_one(f"#px-board-{seat}", GridBoard)
            for cell in grid.cells:
                if cell.down and cell.up is None:
                    tip = await hover_tip(pilot, board, board.offset_of(cell.space))
                    assert tip is not None and "face-down card, hidden from everyone" in tip
                    secret = state.grids[seat].down[cell.space - 1]
                    assert DECK[secret].label not in tip
                    return
        raise AssertionError("the scene has no lone face-down card")


async def test_pazu_hand_cards_get_the_pazaak_words_and_other_hands_stay_hidden():
    shot = scene("pazu-5p")
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        faces = 0
        for card_view in app.screen.query(HandCard):
            if card_view.has_class("-back"):
                assert card_view.tooltip == BACK_TIP
            elif card_view.display:
                faces += 1
                assert " card" in card_view.tooltip or card_view.tooltip.startswith("Flip")
        assert faces
