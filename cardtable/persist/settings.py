"""User settings (theme, bot pace, your name online), kept as JSON in the config folder.

Read before the first frame, so the few fields are checked here rather than through pydantic.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from cardtable.core.names import clean_name
from cardtable.persist.files import FileProblem, read_json, set_aside, write_atomic
from cardtable.persist.paths import config_dir

#: the longest pause a bot makes before its move, in seconds
MAX_BOT_PAUSE = 5.0


@dataclass(frozen=True)
class Settings:
    theme: str = "felt"
    bot_pause: float = 0.6
    #: the name other people see at an online table ("" until it is first asked for)
    name: str = ""
    #: cards fade in, busts flash, wins glow; off, the table changes without motion
    animation: bool = True


def settings_from_data(data: object) -> Settings | str:
    """Settings from parsed JSON (unknown keys ignored), or what is wrong with it."""
    if not isinstance(data, dict):
        return "should hold a JSON object"
    theme = data.get("theme", Settings.theme)
    if not isinstance(theme, str):
        return "field 'theme': should be a theme name"
    pause = data.get("bot_pause", Settings.bot_pause)
    if isinstance(pause, bool) or not isinstance(pause, int | float):
        return "field 'bot_pause': should be a number of seconds"
    if not 0.0 <= pause <= MAX_BOT_PAUSE:
        return f"field 'bot_pause': should be from 0 to {MAX_BOT_PAUSE:g} seconds, not {pause}"
    name = data.get("name", Settings.name)
    if not isinstance(name, str):
        return "field 'name': should be text"
    if name:
        try:
            name = clean_name(name)
        except ValueError as error:
            return f"field 'name': {error}"
    animation = data.get("animation", Settings.animation)
    if not isinstance(animation, bool):
        return "field 'animation': should be true or false"
    return Settings(theme, float(pause), name, animation)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, FileProblem | None]:
    """The saved settings, or the defaults and the problem with an unreadable file (set aside)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    data = read_json(path)
    result = settings_from_data(data) if not isinstance(data, FileProblem) else data.message
    if isinstance(result, str):
        return Settings(), FileProblem(path, result, set_aside(path))
    return result, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=1), backup=False)
