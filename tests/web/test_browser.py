"""A person in a browser: home screen, a Pazaak match against the easy bot, by mouse and keys."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tests.web.conftest import Served
from tests.web.tab import Tab

#: set to a path (e.g. screenshots/web-pazaak.png) to keep a picture of the page mid-set
README_PICTURE = "CARDTABLE_WEB_SCREENSHOT"

TOTAL = re.compile(r"total (\d+)")
#: a result box, drawn in full (its buttons too)
RESULT = re.compile(r"(won the set|set is void).*Next set|won the match.*Save picture", re.S)


def steady_key(text: str, seat: int) -> str | None:
    """Stand on 17 or more, else end the turn (the boards show in seat order); None while the
    screen is caught mid-redraw, with not every board's total on it yet."""
    totals = TOTAL.findall(text)
    if len(totals) <= seat:
        return None
    return "s" if int(totals[seat]) >= 17 else "e"


def play_set(tab: Tab, picture: str | None = None) -> str:
    """Stand on 17 or more, else end the turn, until a result box shows; the screen then.

    With ``picture`` (a path), the page is kept there as the person is about to stand.
    """
    for _ in range(120):  # 40 moves at most, and the odd look at a screen mid-redraw
        text = tab.wait_for(lambda t: bool(RESULT.search(t)) or "your turn" in t)
        if RESULT.search(text):
            return text
        key = steady_key(text, 0)
        if key is None:
            tab.pause()
            continue
        if key == "s" and picture:
            tab.page.screenshot(path=picture)
            picture = None
        tab.step(key)
    raise AssertionError(f"no result after 40 moves or more; screen:\n{tab.text()}")


def check_a_second_visitor_sees_nothing_of_the_first(served: Served, first: Tab) -> None:
    """The first tab has a saved match; a second tab's home offers no "Continue", its data
    folder is its own and empty, and it is gone once the tab is closed."""
    other = served.open()
    other.wait_for("choose a game")
    # the saved games come after the first paint, and no saved game shows nothing: there is
    # no sign to wait for, so a wrong "Continue" is given a second to appear
    other.page.wait_for_timeout(1000)
    assert "Continue " not in other.wait_for("Stats (t)")
    homes = served.visitor_homes()
    assert len(homes) == 2
    assert [any(p.is_file() for p in home.rglob("*")) for home in homes].count(False) == 1
    assert sum(1 for home in homes for _ in home.rglob("saves/pazaak.json")) == 1
    other.page.context.close()
    first.wait_until(lambda: len(served.visitor_homes()) == 1, "the closed tab's folder to go")


def test_pazaak_against_the_easy_bot_in_chromium(served):
    tab = served.open()
    tab.wait_for("choose a game")
    tab.page.locator("#terminal").click(position={"x": 4, "y": 4})  # a blank corner: focus only
    tab.shot("home")
    tab.click_text("Pazaak  —")
    tab.wait_for("New game of Pazaak")
    tab.shot("new-game")
    # seat 2's ◀ steps back through the levels (seat 1, the person, shows no "◀ b")
    tab.click_text("◀ b")
    tab.wait_for("◀ bot: medium")  # the label goes on with the level's rating
    tab.click_text("◀ b")
    tab.wait_for("◀ bot: easy")
    tab.shot("easy-bot-chosen")
    tab.click_text("Start (Enter)")
    tab.wait_for("(easy)")
    tab.shot("table")
    text = play_set(tab, os.environ.get(README_PICTURE))
    tab.shot("set-result")
    check_a_second_visitor_sees_nothing_of_the_first(served, tab)
    for _ in range(8):
        if "won the match" in text:
            break
        tab.press("Enter")
        tab.wait_for(lambda t: "Next set" not in t)
        text = play_set(tab)
    tab.shot("match-result")
    assert "Save replay" in text and "Save picture" in text, text  # served: they download

    downloads = []
    tab.page.on("download", lambda download: downloads.append(download))
    tab.click_text("Save replay")
    saved = tab.wait_until(lambda: downloads, "the replay's download")[0]
    assert saved.suggested_filename.startswith("pazaak-")
    replay = json.loads(Path(saved.path()).read_text())
    assert replay["game"] == "pazaak" and replay["finished"]
    assert "seed " + str(replay["seed"]) in text

    tab.wait_for("Save picture")
    with tab.page.context.expect_page() as opened:
        tab.click_text("Save picture")
    picture = opened.value
    picture.wait_for_load_state()
    svg = picture.content()
    assert svg.startswith("<svg") and "Pazaak" in svg
