"""Theme files (TOML) checked field by field and turned into Textual themes.

Built-in themes ship in the wheel (``cardtable/themes``, or ``themes/`` in a checkout); a user's
own ``*.toml`` in the config directory is picked up too. A bad file is reported with its name and
the line or field at fault, and skipped. Themes are read before the first frame, so this module
checks its few fields itself rather than loading pydantic (a quarter of a bare app's start-up).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.color import Color, ColorParseError
from textual.theme import Theme

#: the table colours every theme may set; the app supplies defaults for the rest
TABLE_VARIABLES = (
    "felt",
    "card-face",
    "card-text",
    "card-main",
    "card-plus",
    "card-minus",
    "card-special",
    "card-back",
    "bust",
    "stand",
    "highlight",
)
#: Textual's colour fields a theme file may set; ``primary`` is required
COLOUR_FIELDS = (
    "primary",
    "secondary",
    "accent",
    "warning",
    "error",
    "success",
    "foreground",
    "background",
    "surface",
    "panel",
)
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class _FieldError(ValueError):
    """A field of a theme file that does not fit; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _colour(field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _FieldError(field, 'should be a colour in quotes, e.g. "#1e6b3a"')
    try:
        Color.parse(value)
    except ColorParseError:
        raise _FieldError(field, f"{value!r} is not a colour") from None
    return value


def theme_from_data(data: dict[str, Any]) -> Theme:
    """A Textual theme from a parsed theme file; ``_FieldError`` names the first bad field."""
    unknown = sorted(set(data) - {"name", "dark", "variables", *COLOUR_FIELDS})
    if unknown:
        raise _FieldError(unknown[0], "is not a theme field")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise _FieldError("name", "should be lower-case letters, digits and dashes")
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise _FieldError("dark", "should be true or false")
    if "primary" not in data:
        raise _FieldError("primary", "is required")
    colours = {key: _colour(key, data[key]) for key in COLOUR_FIELDS if key in data}
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise _FieldError("variables", "should be a table of colours")
    for key, colour in variables.items():
        if key not in TABLE_VARIABLES:
            known = ", ".join(TABLE_VARIABLES)
            raise _FieldError(f"variables.{key}", f"unknown variable {key!r} (known: {known})")
        _colour(f"variables.{key}", colour)
    pick = colours.get
    return Theme(
        name=name,
        primary=colours["primary"],
        secondary=pick("secondary"),
        accent=pick("accent"),
        warning=pick("warning"),
        error=pick("error"),
        success=pick("success"),
        foreground=pick("foreground"),
        background=pick("background"),
        surface=pick("surface"),
        panel=pick("panel"),
        dark=dark,
        variables=dict(variables),
    )


@dataclass(frozen=True)
class ThemeProblem:
    """Why one theme file was skipped."""

    path: Path
    message: str

    def __str__(self) -> str:
        return f"{self.path.name}: {self.message}"


def read_theme(path: Path) -> Theme | ThemeProblem:
    """One theme file, or the problem with it (name, line or field)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return ThemeProblem(path, f"cannot be read ({error.strerror})")
    except tomllib.TOMLDecodeError as error:
        return ThemeProblem(path, f"is not valid TOML: {error}")
    except UnicodeDecodeError:
        return ThemeProblem(path, "is not UTF-8 text")
    try:
        return theme_from_data(data)
    except _FieldError as error:
        return ThemeProblem(path, f"field {error.field!r}: {error}")


def builtin_theme_dir() -> Path:
    """Where the shipped themes are: inside the wheel, or the checkout's ``themes/``."""
    packaged = Path(__file__).resolve().parent.parent / "themes"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "themes"


def load_themes(*folders: Path) -> tuple[list[Theme], list[ThemeProblem]]:
    """Every valid theme in ``folders`` (later folders override by name) and the problems."""
    themes: dict[str, Theme] = {}
    problems: list[ThemeProblem] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            result = read_theme(path)
            if isinstance(result, ThemeProblem):
                problems.append(result)
            else:
                themes[result.name] = result
    return list(themes.values()), problems
