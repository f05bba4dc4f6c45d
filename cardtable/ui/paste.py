"""Bracketed pastes read whole, escape sequences and all.

Textual's input parser (``textual._xterm_parser.XTermParser``, 8.2.8) takes an ESC inside a
bracketed paste for the start of a key's escape sequence: the characters after it are kept out of
the paste and, once 32 have gone by or the next ESC comes, sent on at once as single key presses
(the ESC itself as ``^``), while the rest of the paste arrives as one ``Paste`` event at its end.
Pasting ``world \\x1b[Hred`` after typing ``nice `` in tmux thus typed ``^[Hred`` first and
inserted ``world `` after it: ``nice ^[Hredworld``.

``WholePasteParser`` cuts each paste out of the input before Textual's parser sees it and hands
it on as one ``Paste`` with its text as sent (the chat box cleans escape sequences out of it);
everything outside a paste goes to Textual's parser unchanged. ``read_pastes_whole`` makes the
app's terminal driver use it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from time import monotonic
from typing import TYPE_CHECKING

from textual import constants, events
from textual._xterm_parser import XTermParser

if TYPE_CHECKING:
    from textual.driver import Driver
    from textual.message import Message

#: what a terminal sends around pasted text once the app has asked for bracketed pastes
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


class WholePasteParser(XTermParser):
    """Textual's parser, but a bracketed paste is read to its end marker as text."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        #: the text of a paste under way (its end marker may come in a later read), or None
        self._pasted: str | None = None
        #: the end of a read that may be the first part of a paste's start marker, and when
        #: it came: it goes on to Textual's parser if the rest does not follow (see ``tick``)
        self._held, self._held_at = "", 0.0

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of input
            yield from self._release()
            yield from super().feed(data)
            return
        data, self._held = self._held + data, ""
        while data:
            if self._pasted is None:
                start = data.find(PASTE_START)
                if start < 0:
                    keep = _marker_begun(data)
                    if keep < len(data):
                        yield from super().feed(data[: len(data) - keep])
                    if keep:
                        self._held, self._held_at = data[-keep:], monotonic()
                    return
                if start:
                    yield from super().feed(data[:start])
                self._pasted, data = "", data[start + len(PASTE_START) :]
            else:
                searched = max(0, len(self._pasted) - len(PASTE_END) + 1)
                self._pasted += data
                end = self._pasted.find(PASTE_END, searched)
                if end < 0:
                    return  # the rest of the paste comes in a later read
                text, data = self._pasted[:end], self._pasted[end + len(PASTE_END) :]
                self._pasted = None
                yield events.Paste(text.replace("\x00", ""))  # as Textual drops NULs

    def tick(self) -> Iterable[Message]:
        """Textual's timeouts, and held text that no paste followed: it goes to Textual's
        parser as keys, at once (it has waited Textual's escape delay here already: the
        Escape key comes no later than it would without this parser)."""
        if self._held and monotonic() - self._held_at >= constants.ESCAPE_DELAY:
            yield from self._release()
            self._timeout_time = 0.0  # Textual's parser waits for no more of it
        yield from super().tick()

    def _release(self) -> Iterable[Message]:
        held, self._held = self._held, ""
        if held:
            yield from super().feed(held)


def _marker_begun(data: str) -> int:
    """How many characters at the end of ``data`` may begin a paste's start marker."""
    for size in range(len(PASTE_START) - 1, 0, -1):
        if data.endswith(PASTE_START[:size]):
            return size
    return 0


def read_pastes_whole(driver_class: type[Driver]) -> type[Driver]:
    """Have ``driver_class`` (a terminal's or a browser's) parse its input with
    ``WholePasteParser``. Textual's drivers make their parser by the module's name for it, so
    that name is pointed at ours; a driver that parses no terminal input (headless) is left as
    it is."""
    module = sys.modules[driver_class.__module__]
    if getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = WholePasteParser  # type: ignore[attr-defined]
    return driver_class
