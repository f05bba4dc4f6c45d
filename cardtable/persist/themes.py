"""Theme files (TOML) validated by pydantic and turned into Textual themes.

Built-in themes ship in the wheel (``cardtable/themes``, or ``themes/`` in a checkout); a user's
own ``*.toml`` in the config directory is picked up too. A bad file is reported with its name and
the line or field at fault, and skipped.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
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


def _colour(value: str) -> str:
    try:
        Color.parse(value)
    except ColorParseError as error:
        raise ValueError(f"{value!r} is not a colour") from error
    return value


class ThemeFile(BaseModel):
    """The shape of a theme file on disk."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    dark: bool = True
    primary: str
    secondary: str | None = None
    accent: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    variables: dict[str, str] = Field(default_factory=dict)

    @field_validator(
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
    @classmethod
    def _is_colour(cls, value: str | None) -> str | None:
        return None if value is None else _colour(value)

    @field_validator("variables")
    @classmethod
    def _known_variables(cls, value: dict[str, str]) -> dict[str, str]:
        for key, colour in value.items():
            if key not in TABLE_VARIABLES:
                raise ValueError(f"unknown variable {key!r} (known: {', '.join(TABLE_VARIABLES)})")
            _colour(colour)
        return value

    def to_theme(self) -> Theme:
        fields = self.model_dump(exclude={"name", "dark", "variables"}, exclude_none=True)
        return Theme(name=self.name, dark=self.dark, variables=dict(self.variables), **fields)


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
        return ThemeFile.model_validate(data).to_theme()
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "file"
        return ThemeProblem(path, f"field {field!r}: {first['msg']}")


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
