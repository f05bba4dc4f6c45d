"""The key footer every screen shows: Textual's, drawn even before the app has had focus.

Textual's footer waits for the app to have focus before it draws the keys (while the app is
out of focus, a footer already drawn keeps its keys rather than lose the focused widget's). A
browser tab on ``cardtable web`` may tell the app it is out of focus before the first screen
is up (textual-serve sends "blur" when the page loads without the terminal focused), and the
footer then stayed empty until a key or a click came. This one draws its first keys whatever
the focus; after that it keeps its keys while the app is out of focus, as Textual's does. It
builds its keys before the frame that follows a change of them, and only when they change,
each key styled as it arrives and not twice more as its ``compact`` setting settles.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    #: the keys as last built (see ``shown_keys``)
    _built: object = None

    def shown_keys(self) -> object:
        """Everything of the screen's bindings that the footer draws."""
        return tuple(
            (b.key, b.action, b.description, b.key_display, b.group, enabled, tooltip)
            for key, (_, b, enabled, tooltip) in self.screen.active_bindings.items()
            if b.show or key == self.app.COMMAND_PALETTE_BINDING
        )

    def compose(self) -> ComposeResult:
        """Textual's keys, each given its ``compact`` before it is mounted: a key starts
        compact, sets its class as it is mounted, and its binding to the footer's setting
        clears that, so every key was styled twice more, and now the keys come before the
        frame."""
        for widget in super().compose():
            compact = getattr(type(widget), "compact", None)  # a key's (Textual names it not)
            if isinstance(compact, Reactive):
                # the palette's key is not bound to the footer's setting: it stays compact
                value = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(compact, value)
                widget.set_class(value, "-compact", update=False)  # styled as it is mounted
            yield widget

    async def recompose(self) -> None:
        keys = self.shown_keys() if self._bindings_ready and self.is_attached else None
        if keys is not None and keys == self._built and self.children:
            return
        self._built = keys
        await super().recompose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Build the keys before the next frame (Textual's builds them after it, and the
        screen is then laid out and drawn again for them: a rematch's first frame drew the
        finished game's keys, then the new ones a layout later)."""
        self._bindings_ready = True
        if not self.is_attached or screen is not self.screen:
            return
        if screen.app.app_focus or not self.children:
            self.call_later(self.recompose)
