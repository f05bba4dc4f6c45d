"""Issue 36 item 11: a browser tab's home screen shows its keys before anything is pressed.

textual-serve tells the app the page is out of focus as it loads (headless, the terminal is
never focused), and Textual's footer draws no keys while the app is out of focus: the home
screen's footer stayed empty until a key or a click. The screen text is the app's own (the
canvas holds none), so its last line is the footer as the page draws it.
"""

from __future__ import annotations

from tests.web.conftest import Served


def test_the_home_screen_shows_its_keys_in_a_tab_nobody_has_touched(served: Served) -> None:
    tab = served.open()
    tab.wait_for("choose a game")
    footer = tab.wait_for(lambda text: "q Quit" in text.splitlines()[-1]).splitlines()[-1]
    assert "r Replays" in footer and "o Play online" in footer, footer
