"""A one-line choice stepped through with ← and → (or a click): "◀ bot: hard ▶".

The new-game form shows one per seat in its first frame. Textual's Select builds a current-value
widget and a hidden option list for each, which cost a tenth of the form's start-up; a handful
of seat kinds reads as well in a row of arrows, as game menus have long shown them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Static


class Stepper(Static, can_focus=True):
    """``options`` are (label, value) pairs; ``value`` is the chosen one's value. ← and → step
    (wrapping round), as does a click: on the ◀ it steps back, anywhere else forward."""

    DEFAULT_CSS = """
    Stepper { width: 1fr; height: 1; background: $surface; }
    Stepper:hover { background: $panel-lighten-1; }
    Stepper:focus { background: $accent 35%; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Change", key_display="←/→"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("space", "step(1)", "Next", show=False),
    ]

    def __init__(self, options: Sequence[tuple[str, str]], value: str, *, id: str) -> None:
        super().__init__(markup=False, id=id)
        self.options = list(options)
        self.index = self._index_of(value)
        self.update(self._text())

    @property
    def value(self) -> str:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: str) -> None:
        self.index = self._index_of(value)
        self.update(self._text())

    def action_step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.options)
        self.update(self._text())

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_step(-1 if event.x <= 1 else 1)

    def _index_of(self, value: str) -> int:
        values = [v for _, v in self.options]
        if value not in values:
            raise ValueError(f"{value!r} is not one of {', '.join(values)}")
        return values.index(value)

    def _text(self) -> str:
        return f"◀ {self.options[self.index][0]} ▶"
