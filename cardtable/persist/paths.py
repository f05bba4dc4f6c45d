"""Where cardtable keeps its files: the platform's data and config folders (platformdirs).

``CARDTABLE_HOME`` puts everything under one folder instead, for tests and portable installs.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_config_path, user_data_path, user_downloads_path

APP = "cardtable"


def _home() -> Path | None:
    value = os.environ.get("CARDTABLE_HOME")
    return Path(value) if value else None


def data_dir() -> Path:
    """Saves, replays, stats, side decks."""
    home = _home()
    return home / "data" if home else user_data_path(APP, appauthor=False)


def config_dir() -> Path:
    """Settings and the user's own themes."""
    home = _home()
    return home / "config" if home else user_config_path(APP, appauthor=False)


def ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def downloads_dir() -> Path:
    """Where screenshots and downloads go: the Downloads folder, or the data folder's
    ``pictures/`` where there is none (a server often has no Downloads)."""
    downloads = user_downloads_path()
    return downloads if downloads.is_dir() else ensure(data_dir() / "pictures")
