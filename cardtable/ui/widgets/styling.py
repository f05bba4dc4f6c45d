"""When a change of a widget's classes should restyle it: not while its screen is being built.

Textual restyles a widget and everything in it whenever one of its classes changes, and it
restyles every widget on a screen as that screen is first shown. A table draws its first
state between the two (in ``on_mount``), so restyling as it goes styled each widget it touched
twice more before the first frame: the classes are set then, and styled once, with the rest.
"""

from __future__ import annotations

from textual.widget import Widget


def restyle_now(widget: Widget) -> bool:
    """Whether ``widget``'s new classes must be styled at once: only on a screen already shown
    (a widget not yet on one is styled as it arrives)."""
    return widget.is_attached and widget.screen.stack_updates > 0
