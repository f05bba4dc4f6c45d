"""User settings (theme, bot pace), kept as JSON in the config folder."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from cardtable.persist.files import FileProblem, read_model, set_aside, write_atomic
from cardtable.persist.paths import config_dir


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    theme: str = "felt"
    bot_pause: float = Field(default=0.6, ge=0.0, le=5.0)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, FileProblem | None]:
    """The saved settings, or the defaults and the problem with an unreadable file (set aside)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    result = read_model(path, Settings)
    if isinstance(result, FileProblem):
        return Settings(), FileProblem(path, result.message, set_aside(path))
    return result, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(settings.model_dump(), indent=1), backup=False)
