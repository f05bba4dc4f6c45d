"""Every table stays playable without colour (NO_COLOR) and with only the 16 ANSI colours.

Each game's table is drawn as the terminal would receive it, and the test reads the text: whose
turn, stayed or bust, plus and minus, which cards can be played now. None of that may live in a
colour alone. Textual 8.2 reads NO_COLOR when the App is built (a monochrome line filter) and
takes its colour system from TEXTUAL_COLOR_SYSTEM (``textual.constants.COLOR_SYSTEM``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import textual.constants
from rich.color import ColorSystem
from rich.style import Style as RichStyle

from cardtable.games.pazaak.cards import label
from cardtable.tools.shots import all_shots
from cardtable.ui.tables.pazaak.widgets import HandCard
from cardtable.ui.widgets.card import CardView

SHOTS = {shot.name: shot for shot in all_shots()}
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def lines_of(app: Any) -> list[str]:
    """The screen as plain text, one string per row."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return ["".join(strip.text for strip in line) for line in update.strips]


def terminal_output(app: Any) -> str:
    """The colours the driver would write for a full redraw, in the app's own colour system.

    Each cell's colours are drawn through a new Rich style: a style keeps the codes it was first
    drawn with, whatever colour system draws it next, and styles are shared by every app in a
    process. A truecolour app in an earlier test lent these tables its 24-bit codes (all four
    sixteen-colour cases failed after one in a full run), which a real terminal, one app to a
    process, never sees."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    system = app.console._color_system
    return "".join(
        text
        if style is None
        else RichStyle(color=style.color, bgcolor=style.bgcolor).render(text, color_system=system)
        for line in update.strips
        for strip in line
        for text, style, _ in strip
    )


def colour_codes(output: str) -> list[list[int]]:
    """The parameters of every SGR sequence that sets a colour."""
    found = []
    for match in SGR.finditer(output):
        params = [int(p) for p in match.group(1).split(";") if p]
        if any(30 <= p <= 49 or 90 <= p <= 107 for p in params):
            found.append(params)
    return found


def pazaak_markers(app: Any, text: str) -> None:
    table = app.screen
    view = table.session.match.observe(table.viewer)
    assert "your turn" in text and "TO PLAY" in text
    for card in view.hand:
        assert label(card) in text  # the sign is part of the face: +3, -2, ±4
    assert "▚▚▚" in text and "4 left" in text  # the other hand: card backs and a count
    assert f"total {view.boards[0].total}" in text
    assert "± " in text and "◆ " in text  # dual and gold cards carry their kind's mark


def flip7_markers(app: Any, text: str) -> None:
    assert "▶ 1 You" in text  # whose turn, by a marker as well as the highlight
    assert "STAYED" in text and "BUST" in text and "2nd Chance" in text
    assert re.search(r"\d+!", text)  # the duplicate that bust a row is marked
    assert "[1] You (yourself)" in text and "press 1 to give" in text


def pixies_markers(app: Any, text: str) -> None:
    assert "▶ You" in text
    assert "✓" in text and "◆ zone" in text  # validated, and the largest zone
    for letter in "BGYR":  # every colour has its letter
        assert re.search(rf"\d +{letter}\b", text)


def pazu_markers(app: Any, text: str) -> None:
    assert "▶" in text and "chips" in text


SCENES = {
    "pazaak-table": pazaak_markers,
    "flip7-pick-target": flip7_markers,
    "pixies-2p-midround": pixies_markers,
    "pazu-5p": pazu_markers,
}


@pytest.mark.parametrize("name", SCENES)
async def test_tables_read_without_colour(name, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")
    shot = SHOTS[name]
    app = shot.build()
    assert app.no_color
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        SCENES[name](app, "\n".join(lines_of(app)))
        # the monochrome filter reached every widget: only greys are left
        for params in colour_codes(terminal_output(app)):
            for i, p in enumerate(params):
                if p in (38, 48) and params[i + 1] == 2:
                    r, g, b = params[i + 2 : i + 5]
                    assert r == g == b, params


@pytest.mark.parametrize("name", SCENES)
async def test_tables_read_in_sixteen_colours(name, monkeypatch):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    shot = SHOTS[name]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        assert app.sixteen_colours and app.has_class("-sixteen-colours")
        SCENES[name](app, "\n".join(lines_of(app)))
        codes = colour_codes(terminal_output(app))
        assert codes and not any(p in (38, 48) for params in codes for p in params)


async def test_empty_places_keep_a_visible_frame_in_sixteen_colours(monkeypatch):
    """Faint frames blend into the felt and round to its colour; empty places must not vanish."""
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        empty = [c for c in app.screen.query(CardView) if c.has_class("-empty")]
        assert empty
        for cell in empty:
            frame = cell.styles.border_top[1]
            behind = cell.background_colors[0]
            assert frame.rich_color.downgrade(ColorSystem.STANDARD).number != (
                behind.rich_color.downgrade(ColorSystem.STANDARD).number
            )


async def test_cards_that_cannot_be_played_lose_their_key_not_just_their_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    shot = SHOTS["pazaak-table"]
    app = shot.build()
    async with app.run_test(size=shot.size) as pilot:
        await shot.drive(pilot)
        table = app.screen
        cards = list(table.query("#my-hand HandCard").results(HandCard))
        shown = [c for c in cards if c.display]

        def keys_drawn() -> list[str]:
            """The digits drawn in each hand card's top edge."""
            rows = lines_of(app)
            return [re.sub(r"\D", "", rows[c.region.y][c.region.x : c.region.right]) for c in shown]

        assert keys_drawn() == [str(i + 1) for i in range(len(shown))]
        # play a side card: no other can follow this turn, and the keys say so in text
        await pilot.press("1")
        await pilot.pause()
        if app.screen is not table:  # a dual card asks which value
            await pilot.press("1")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert table.my_turn
        shown = [c for c in cards if c.display]
        assert all(c.has_class("-dim") for c in shown)
        assert keys_drawn() == [""] * len(shown)
