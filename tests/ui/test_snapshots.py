"""Snapshots of every main screen (the same scenes as ``cardtable screenshots``), in two themes.

Update after an intended visual change: ``python -m pytest tests/ui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import pytest

from cardtable.tools.shots import all_shots

THEMES = ("felt", "light")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("shot", all_shots(), ids=lambda shot: shot.name)
def test_screen_matches_snapshot(shot, theme, snap_compare):
    app = shot.build()
    app.theme = theme
    assert snap_compare(app, terminal_size=shot.size, run_before=shot.drive)
