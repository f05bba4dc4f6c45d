"""When a change of a widget's classes should restyle it, and what it restyles: not while its
screen is being built, and only what the class styles.

Textual restyles a widget and everything in it whenever one of its classes changes, and it
restyles every widget on a screen as that screen is first shown. A table draws its first
state between the two (in ``on_mount``), so restyling as it goes styled each widget it touched
twice more before the first frame: the classes are set then, and styled once, with the rest.
"""

from __future__ import annotations

from typing import Any

from textual.css.match import match
from textual.css.model import SelectorType
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget


def restyle_now(widget: Widget) -> bool:
    """Whether ``widget``'s new classes must be styled at once: only on a screen already shown
    (a widget not yet on one is styled as it arrives)."""
    return widget.is_attached and widget.screen.stack_updates > 0


def set_screen_class(screen: Screen[Any], add: bool, name: str) -> None:
    """Set or clear the class ``name`` on ``screen``, restyling only what it styles.

    Textual restyles every widget on a screen when one of the screen's classes changes. A
    class that hides a few parts (a table's ``-under-result``: its log, buttons and footer)
    changes the styles of those alone: the widgets a rule naming the class selects while the
    screen has it, and everything in them (for what they pass on). A table has some hundred
    and fifty widgets, and restyling them all was half the cost of a rematch's ``take_game``.
    """
    if screen.has_class(name) == add:
        return
    if add:
        screen.add_class(name, update=False)
    styled = _styled_by(screen, name)
    if not add:
        screen.remove_class(name, update=False)
    if styled:
        screen.app.stylesheet.update_nodes(styled, animate=False)


def _styled_by(screen: Screen[Any], name: str) -> list[DOMNode]:
    """The widgets on ``screen`` (itself included) that a rule naming the class ``name``
    selects as it stands, each followed by everything in it, each once."""
    naming = [
        selector_set
        for rule in screen.app.stylesheet.rules
        for selector_set in rule.selector_set
        if any(
            part.type == SelectorType.CLASS and part.name == name for part in selector_set.selectors
        )
    ]
    styled: dict[DOMNode, None] = {}
    for node in screen.walk_children(with_self=True):
        if node not in styled and match(naming, node):
            styled.update(dict.fromkeys(node.walk_children(with_self=True)))
    return list(styled)
