"""Flatten a game's observation dataclass into a fixed-length float vector, from its type hints.

The vector is worked out from ``observe(seat)`` alone, so it can carry nothing the seat may not
see. Its layout follows the view's fields in order: a number is one slot, an enum one slot per
member (one-hot), ``X | None`` a presence flag then X, a dataclass its fields, and a variable
tuple its length then ``cap`` items (zeros past the end). Caps come from the game's limits; a
tuple longer than its cap is an error, never a silent cut.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

Writer = Callable[[Any, list[float]], None]


@dataclasses.dataclass(frozen=True)
class Layout:
    """How to read one game's view: the cap of each variable tuple (by field name; a nested
    tuple's items by ``name[]``) and the fields left out (events, the config, free text)."""

    caps: Mapping[str, int]
    skip: frozenset[str] = frozenset()


class Encoder:
    """Turns views of one type into float32 vectors of ``size`` numbers."""

    def __init__(self, view_type: type, layout: Layout) -> None:
        self._layout = layout
        self.size, self._write = self._compile(view_type, view_type.__name__)

    def __call__(self, view: Any) -> np.ndarray:
        out: list[float] = []
        self._write(view, out)
        return np.asarray(out, dtype=np.float32)

    def _compile(self, hint: Any, name: str) -> tuple[int, Writer]:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            return self._optional(hint, name)
        if origin is tuple:
            return self._tuple(hint, name)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _one_hot(hint)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._dataclass(hint)
        if hint in (bool, int, float):
            return 1, _number
        raise TypeError(f"cannot encode field {name!r} of type {hint!r}: skip it in the layout")

    def _optional(self, hint: Any, name: str) -> tuple[int, Writer]:
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(options) != 1:
            raise TypeError(f"cannot encode the union {hint!r} of {name!r}: skip it")
        size, write = self._compile(options[0], name)
        blank = [0.0] * (size + 1)

        def optional(value: Any, out: list[float]) -> None:
            if value is None:
                out.extend(blank)
            else:
                out.append(1.0)
                write(value, out)

        return size + 1, optional

    def _tuple(self, hint: Any, name: str) -> tuple[int, Writer]:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis:
            parts = [self._compile(a, name) for a in args]
            return sum(s for s, _ in parts), _sequence([w for _, w in parts])
        if name not in self._layout.caps:
            raise TypeError(f"the tuple field {name!r} needs a cap in the layout")
        cap = self._layout.caps[name]
        size, write = self._compile(args[0], f"{name}[]")

        def variable(value: Any, out: list[float]) -> None:
            if len(value) > cap:
                raise ValueError(f"{name} holds {len(value)} items, more than its cap {cap}")
            out.append(float(len(value)))
            for item in value:
                write(item, out)
            out.extend([0.0] * (size * (cap - len(value))))

        return 1 + cap * size, variable

    def _dataclass(self, cls: type) -> tuple[int, Writer]:
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls) if f.name not in self._layout.skip]
        parts = [self._compile(hints[n], n) for n in names]
        writers = [w for _, w in parts]

        def fields(value: Any, out: list[float]) -> None:
            for field_name, write in zip(names, writers, strict=True):
                write(getattr(value, field_name), out)

        return sum(s for s, _ in parts), fields


def _number(value: Any, out: list[float]) -> None:
    out.append(float(value))


def _one_hot(cls: type[enum.Enum]) -> tuple[int, Writer]:
    members = list(cls)
    place = {member: i for i, member in enumerate(members)}

    def write(value: Any, out: list[float]) -> None:
        slots = [0.0] * len(members)
        slots[place[value]] = 1.0
        out.extend(slots)

    return len(members), write


def _sequence(writers: list[Writer]) -> Writer:
    def write(value: Any, out: list[float]) -> None:
        for item, part in zip(value, writers, strict=True):
            part(item, out)

    return write
