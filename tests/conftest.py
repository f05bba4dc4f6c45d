"""Test-wide setup: no animations, and every test's files in its own temporary home."""

from __future__ import annotations

import gc
import os

import pytest
import textual.constants
from hypothesis import settings

# CI draws the same examples every run, so a submission lands or fails on its own merits; run
# locally, hypothesis draws new ones each time and keeps hunting for bugs.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

os.environ["TEXTUAL_ANIMATIONS"] = "none"
# the snapshot plugin imports Textual before this file runs, so set the parsed constant too
textual.constants.TEXTUAL_ANIMATIONS = "none"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Saves, settings, stats and decks go to a temporary folder, never the user's."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def collector_thawed():
    """Each test ends with nothing frozen out of the cycle collector: an app freezes what lives
    at start-up and at each match's end (``ui.tables.collecting``), which a program's exit ends
    but a test worker's next test would inherit (a test of the start-up freeze then saw fewer
    objects frozen than the last match's end had left)."""
    yield
    gc.unfreeze()


def pytest_generate_tests(metafunc):
    """A test marked ``every_game`` runs for each game at its smallest, middle and largest table
    (``every_game(fewest=2, middle=False)`` narrows that, ``every_game(at=3)`` takes the one
    count nearest 3): each game in the rules' registry, or those its module names in
    ``GAME_SPECS`` (a game only the tests register, say)."""
    marker = metafunc.definition.get_closest_marker("every_game")
    if marker is None:
        return
    from cardtable.games.registry import GAMES

    specs = getattr(metafunc.module, "GAME_SPECS", None) or tuple(GAMES.values())
    fewest, middle = marker.kwargs.get("fewest", 1), marker.kwargs.get("middle", True)
    cases = []
    for spec in specs:
        low, high = max(spec.min_seats, fewest), spec.max_seats
        counts = {low, high, (low + high) // 2} if middle else {low, high}
        if "at" in marker.kwargs:
            counts = {min(max(marker.kwargs["at"], low), high)}
        cases += [pytest.param(spec.id, n, id=f"{spec.id}-{n}p") for n in sorted(counts)]
    metafunc.parametrize(("game_id", "seats"), cases)
