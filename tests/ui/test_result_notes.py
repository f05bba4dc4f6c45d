"""A note added to a result panel (a rated game's rating changes) is shown whenever it comes:
before the panel is composed, after it is on the screen, or in between, while it is being
composed (the ratings of a quick match that ended on one's own move came just then, and the
panel showed none)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.app import App, ComposeResult

from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel
from tests.waits import until

RATINGS = "Ratings\nAnn#k3Qf  1,500? → 1,578? (+78)"


class NoteWhileComposing(ResultPanel):
    """The note arrives right after the panel's widgets are made, before they are mounted."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        self.add_note(RATINGS)


def noted_before(panel: ResultPanel) -> None:
    panel.add_note(RATINGS)


def nothing(panel: ResultPanel) -> None:
    """The note is added once the panel is on the screen."""


@pytest.mark.parametrize(
    ("make", "before"),
    [
        (NoteWhileComposing, nothing),
        (ResultPanel, noted_before),
        (ResultPanel, nothing),
    ],
    ids=["while-composing", "before-composing", "on-screen"],
)
async def test_a_note_is_shown_once_whenever_it_is_added(
    make: type[ResultPanel], before: Callable[[ResultPanel], None]
) -> None:
    panel = make("Bo won the match", "Sets 3 – 2", MATCH_CHOICES)
    before(panel)
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(panel)
        await pilot.pause()
        if not panel.notes:
            panel.add_note(RATINGS)

        def shown() -> list[str]:
            return [str(note.render()) for note in panel.query(".result-note")]

        await until(lambda: shown(), "the note on the panel", pilot=pilot)
        await pilot.pause()
        assert shown() == [RATINGS]  # once, not twice
