"""Test-wide setup: no animations, and every test's files in its own temporary home."""

from __future__ import annotations

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
