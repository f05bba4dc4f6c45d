"""Motion with taste: a card that lands fades in, a bust flashes, a Flip 7 or a pure 20 glows.

Every effect is decoration laid over a table that is already drawn in its final state: nothing
here waits, holds a key or a bot, or changes what a widget shows once the effect ends. Motion
runs only at Textual's "full" animation level: "basic" is the reduced-motion setting and "none"
(``TEXTUAL_ANIMATIONS=none``, as CI runs) is still; then no effect starts at all.

A table hands ``play`` the cues of a move (``cardtable.ui.cues``) and a way to find the widget
each cue is about. A widget that draws many cards as one text (the Pixies grid) says how its
newest card lands through ``Lands``; any other widget fades in whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

from textual.color import Color
from textual.css.query import NoMatches
from textual.widget import Widget

from cardtable.ui.cues import Cue
from cardtable.ui.widgets.card import CardView

#: seconds: a card fading in, a bust's flash, one of a celebration's two glows
ARRIVE, FLASH, GLOW = 0.35, 0.6, 0.45
#: how strongly a flash or a glow tints the widget at its peak
PEAK = 0.55


@runtime_checkable
class Lands(Protocol):
    """A widget that draws several cards and can fade in just the one at ``place``."""

    def land(self, place: int) -> bool: ...


def moving(widget: Widget) -> bool:
    """Motion is on: the app animates in full (not reduced, not off)."""
    return widget.app.animation_level == "full"


def fade_in(widget: Widget, attribute: str | None = None) -> bool:
    """Bring ``widget`` in from transparent, or run its float ``attribute`` from 0 to 1 (its
    own fade, for a part of what it draws). False, and nothing touched, when motion is off."""
    if not moving(widget):
        return False
    if attribute is None:
        widget.styles.opacity = 0.0
        widget.styles.animate(
            "opacity",
            1.0,
            duration=ARRIVE,
            easing="out_cubic",
            on_complete=unset(widget, "opacity"),
        )
    else:
        setattr(widget, attribute, 0.0)
        widget.animate(attribute, 1.0, duration=ARRIVE, easing="out_cubic")
    return True


def pulse(
    widget: Widget, variable: str, duration: float, then: Callable[[], None] | None = None
) -> bool:
    """Tint ``widget`` with the theme colour ``variable`` and let the tint fade away."""
    if not moving(widget):
        return False
    colour = Color.parse(widget.app.get_css_variables()[variable])
    widget.styles.tint = colour.with_alpha(PEAK)
    widget.styles.animate(
        "tint",
        colour.with_alpha(0.0),
        duration=duration,
        easing="out_cubic",
        on_complete=then or unset(widget, "tint"),
    )
    return True


def unset(widget: Widget, rule: str) -> Callable[[], None]:
    """Drop the inline ``rule`` an effect set, so the widget's own CSS (a dimmed card's
    opacity, a hover tint) holds again once the effect is over."""

    def clear() -> None:
        setattr(widget.styles, rule, None)

    return clear


def flash(widget: Widget) -> bool:
    """A bust: one sharp flash of the bust colour."""
    return pulse(widget, "bust", FLASH)


def cheer(widget: Widget) -> bool:
    """A Flip 7 or a pure 20: two glows of the highlight colour, one after the other."""

    def again() -> None:
        pulse(widget, "highlight", GLOW)

    return pulse(widget, "highlight", GLOW, then=again)


def arrive(widget: Widget, place: int | None) -> bool:
    """A card landed on the board ``widget``: the board's own card at ``place`` if it draws
    its cards as one text, else its newest card widget (boards fill in order), else all of it."""
    if isinstance(widget, Lands) and place is not None:
        return widget.land(place)
    cards = [card for card in widget.query(CardView) if not card.has_class("-empty")]
    return fade_in(cards[-1] if cards else widget)


def play(cues: Iterable[Cue], target: Callable[[Cue], Widget | None]) -> list[Cue]:
    """Start each cue's effect on the widget ``target`` finds for it (None, or no such widget:
    no effect there).

    Returns the cues that started, so a test can see what moved without waiting for it.
    """
    started: list[Cue] = []
    for cue in cues:
        try:
            widget = target(cue)
        except NoMatches:  # a seat whose board is not drawn (yet)
            continue
        if widget is None:
            continue
        if cue.kind == "arrive":
            done = arrive(widget, cue.place)
        elif cue.kind == "bust":
            done = flash(widget)
        else:
            done = cheer(widget)
        if done:
            started.append(cue)
    return started
