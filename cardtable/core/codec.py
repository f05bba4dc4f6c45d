"""Turn actions, events and configs (frozen dataclasses) into JSON-able data and back.

Saves and replays store actions this way; no pickle, no eval. Supported field types: bool, int,
float, str, Enum, None-unions, tuple[X, ...], frozenset[X] and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable
from functools import cache
from typing import Any


def encode(value: Any) -> Any:
    """A JSON-able form of ``value``; dataclasses carry their class name under ``type``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"type": type(value).__name__, **data}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((encode(v) for v in value), key=repr)
    return value


class Decoder:
    """Decodes the dataclasses of one game, looked up by class name."""

    def __init__(self, classes: Iterable[type]) -> None:
        self._classes = {cls.__name__: cls for cls in classes}

    def decode(self, data: Any) -> Any:
        """Rebuild a dataclass from ``encode``'s output; raise ValueError on bad data."""
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"expected an object with a 'type', got {data!r}")
        cls = self._classes.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown type {data['type']!r}")
        return self._build(cls, data)

    def _build(self, cls: type, data: dict[str, Any]) -> Any:
        hints = _hints(cls)
        kwargs = {}
        for field in dataclasses.fields(cls):
            if field.name not in data:
                if field.default is not dataclasses.MISSING:
                    continue
                raise ValueError(f"{cls.__name__} is missing {field.name!r}")
            kwargs[field.name] = self._value(hints[field.name], data[field.name])
        return cls(**kwargs)

    def _value(self, hint: Any, raw: Any) -> Any:
        origin = typing.get_origin(hint)
        if hint is Any:
            # an event kept as Any (a view's "recent" moves) still carries its class name
            known = isinstance(raw, dict) and raw.get("type") in self._classes
            return self.decode(raw) if known else raw
        if origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(hint) if a is not type(None)]
            if raw is None:
                return None
            named = isinstance(raw, dict) and raw.get("type")
            chosen = next((a for a in options if getattr(a, "__name__", None) == named), options[0])
            return self._value(chosen, raw)
        if origin in (tuple, frozenset):
            args = typing.get_args(hint)
            items = [self._value(args[0], r) for r in _as_list(raw)]
            return tuple(items) if origin is tuple else frozenset(items)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint(raw)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if not isinstance(raw, dict):
                raise ValueError(f"expected an object for {hint.__name__}, got {raw!r}")
            return self._build(hint, raw)
        if hint in (int, float, str, bool):
            if hint is float and isinstance(raw, int):
                return float(raw)
            if not isinstance(raw, hint) or (hint is int and isinstance(raw, bool)):
                raise ValueError(f"expected {hint.__name__}, got {raw!r}")
        return raw


def _as_list(raw: Any) -> list[Any]:
    if not isinstance(raw, list):
        raise ValueError(f"expected a list, got {raw!r}")
    return raw


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
