"""Safe writing and careful reading of our JSON files: atomic, one backup, never clobber.

A file that cannot be read (corrupt, or written by a newer cardtable) is reported by name and
moved aside, so the next write cannot overwrite what the user might still want.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound="BaseModel")


@dataclass(frozen=True)
class FileProblem:
    """Why a file was not loaded, and where it was moved."""

    path: Path
    message: str
    moved_to: Path | None = None

    def __str__(self) -> str:
        where = f" (kept as {self.moved_to.name})" if self.moved_to else ""
        return f"{self.path.name}: {self.message}{where}"


def write_atomic(path: Path, text: str, backup: bool = True) -> None:
    """Write ``text`` so a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and path.exists():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock file: two apps sharing a data folder (a host and a joiner on one
    machine) read, change and write a file one after the other, so neither loses the other's
    change. Where the system has no ``fcntl`` (Windows), the two may still interleave."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def set_aside(path: Path) -> Path:
    """Move an unreadable file out of the way under a name that says why and when."""
    target = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    n = 1
    while target.exists():
        target = target.with_name(f"{path.stem}.unreadable-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def describe_validation(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "file"
    return f"field {where!r}: {first['msg']}"


def read_json(path: Path) -> object | FileProblem:
    """The JSON in ``path``, or what is wrong with it (with the line for bad JSON)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        return FileProblem(path, f"cannot be read ({error.strerror})")
    except UnicodeDecodeError:
        return FileProblem(path, "is not UTF-8 text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        return FileProblem(path, f"is not valid JSON (line {error.lineno}: {error.msg})")


def read_model(path: Path, model: type[Model]) -> Model | FileProblem:
    """Parse ``path`` as ``model``; on failure say what is wrong."""
    from pydantic import ValidationError

    data = read_json(path)
    if isinstance(data, FileProblem):
        return data
    try:
        return model.model_validate(data)
    except ValidationError as error:
        return FileProblem(path, f"does not fit: {describe_validation(error)}")
