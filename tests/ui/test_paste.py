"""Issue 36 item 12: in tmux, a pasted escape sequence in the chat box reordered the text around
it (``nice `` typed, ``world \\x1b[Hred`` pasted: ``nice ^[Hredworld``). Textual's input parser
sends what follows an ESC inside a bracketed paste on as key presses at once, and the rest of
the paste at its end; ``WholePasteParser`` reads each paste whole. The chat box itself is tested
with these bytes in ``tests/online/test_chat_apps.py``."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable

from hypothesis import given
from hypothesis import strategies as st
from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from cardtable.ui.app import CardtableApp
from cardtable.ui.paste import PASTE_END, PASTE_START, WholePasteParser
from cardtable.ui.screens.home import HomeScreen

#: the bytes tmux 3.3a sends an app that asked for bracketed pastes, "nice " typed first and
#: then a buffer pasted with ``paste-buffer -p`` (read back from the pane)
TMUX_BYTES = "nice \x1b[200~world \x1b[Hred \x1b[31mblue\x1b[0m end\x1b[201~"
PASTED = "world \x1b[Hred \x1b[31mblue\x1b[0m end"


def typed(tokens: Iterable[Message]) -> list[str]:
    """Each key's character, and each paste's text, in the order the app gets them."""
    return [t.text if isinstance(t, events.Paste) else getattr(t, "character", "?") for t in tokens]


def fed(parser: XTermParser, data: str, sizes: Iterable[int]) -> list[Message]:
    """What ``parser`` makes of ``data`` read in pieces of these sizes (the rest in one)."""
    tokens: list[Message] = []
    for size in sizes:
        piece, data = data[:size], data[size:]
        if piece:
            tokens += parser.feed(piece)
    if data:
        tokens += parser.feed(data)
    return tokens


def test_textuals_own_parser_still_sends_part_of_such_a_paste_ahead_of_it() -> None:
    """What Textual 8.2.8 does (if this fails, Textual reads pastes whole and ``paste`` can go)."""
    got = typed(XTermParser().feed(TMUX_BYTES))
    assert got[:5] == list("nice ")
    assert "".join(got[5:-1]) == "^[Hred ^[31mblue^[0m end" and got[-1] == "world "


@given(st.lists(st.integers(min_value=1, max_value=8), max_size=12))
def test_a_paste_arrives_whole_and_in_its_place_however_the_reads_split_it(
    sizes: list[int],
) -> None:
    data = TMUX_BYTES + "!"
    assert typed(fed(WholePasteParser(), data, sizes)) == [*"nice ", PASTED, "!"]


@given(st.text(alphabet=st.sampled_from("ab \x1b[]~0123;mH\x00")), st.integers(1, 9))
def test_any_pasted_text_comes_through_as_sent_without_nuls(text: str, size: int) -> None:
    if PASTE_END in text:
        return  # a terminal never sends its end marker inside a paste
    tokens = fed(WholePasteParser(), f"{PASTE_START}{text}{PASTE_END}x", [size] * 99)
    assert typed(tokens) == [text.replace("\x00", ""), "x"]


def test_keys_that_begin_like_a_paste_still_come_when_nothing_follows() -> None:
    """The Escape key (or ESC [ on its own) is held while a paste's marker may follow, for no
    longer than Textual's own parser waits for the rest of a key's sequence."""
    for keys, expected in (("\x1b", "escape"), ("\x1b[", "left_square_bracket")):
        parser = WholePasteParser()
        assert list(parser.feed(keys)) == [] and list(parser.tick()) == []
        time.sleep(0.11)  # Textual's escape delay (0.1 s) gone by: not a timing assertion
        assert [key.key for key in parser.tick()] == [expected]  # type: ignore[attr-defined]
    assert [k.key for k in WholePasteParser().feed("\x1b[A")] == ["up"]  # type: ignore[attr-defined]


def test_the_app_reads_a_terminal_through_the_whole_paste_parser() -> None:
    assert CardtableApp(lambda app: HomeScreen()).driver_class is LinuxDriver
    assert sys.modules[LinuxDriver.__module__].XTermParser is WholePasteParser
