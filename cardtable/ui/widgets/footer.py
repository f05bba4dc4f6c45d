"""The key footer every screen shows: Textual's, drawn even before the app has had focus.

Textual's footer waits for the app to have focus before it draws the keys (while the app is
out of focus, a footer already drawn keeps its keys rather than lose the focused widget's). A
browser tab on ``cardtable web`` may tell the app it is out of focus before the first screen
is up (textual-serve sends "blur" when the page loads without the terminal focused), and the
footer then stayed empty until a key or a click came. This one draws its first keys whatever
the focus; after that it behaves as Textual's.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    def bindings_changed(self, screen: Screen[Any]) -> None:
        super().bindings_changed(screen)
        never_drawn = not self.children
        if never_drawn and not screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)
