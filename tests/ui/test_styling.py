"""A table's widgets are styled once as they arrive and once as the screen first shows, and
not again by the table's first drawing in between (see ``cardtable.ui.widgets.styling``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.widgets import Button, Static

from cardtable.tools.shots import all_shots
from cardtable.ui.widgets.styling import restyle_now

SHOTS = {shot.name: shot for shot in all_shots()}


class Probe(App[None]):
    """Records what ``restyle_now`` says of a widget while its screen is built."""

    def compose(self) -> ComposeResult:
        yield Static("probe")

    def on_mount(self) -> None:
        self.while_built = restyle_now(self.query_one(Static))


async def test_a_change_of_classes_restyles_at_once_only_on_a_screen_already_shown() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.while_built is False
        assert restyle_now(app.query_one(Static)) is True
        assert restyle_now(Static("not on a screen")) is False


# (Flip 7 sizes its boards when its first layout tells it its size, after the screen shows:
# its restyles then are changes, not the same styles twice)
@pytest.mark.parametrize("name", ["pazaak-table", "pixies-4p", "pazu-5p"])
async def test_no_widget_of_a_table_is_styled_more_than_twice_before_its_first_frame(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Styled as it arrives, and again as Textual first shows the screen: a third styling
    before the first frame is the table's first drawing restyling what it touched."""
    styled: Counter[int] = Counter()
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> None:
        styled[id(node)] += 1
        apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = SHOTS[name].build()
    async with app.run_test(size=(120, 40)):
        table = app.screen
        # a button's disabled state is a pseudo-class, which Textual restyles as it changes
        restyled = [
            widget
            for widget in table.walk_children(with_self=True)
            if styled[id(widget)] > 2 and not isinstance(widget, Button)
        ]
        assert not restyled, restyled[:5]
