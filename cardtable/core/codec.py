"""Turn actions, events and configs (frozen dataclasses) into JSON-able data and back.

Saves and replays store actions this way; no pickle, no eval. Supported field types: bool, int,
float, str, Enum, None-unions, tuple[X, ...], frozenset[X] and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Generic, TypeVar

#: values that are their own JSON form (exact types: an IntEnum is not one of them)
_PLAIN = frozenset({int, float, str, bool, type(None)})
#: each class's dataclass fields (None for a class that is no dataclass), each named with
#: whether its type says its values are plain or tuples of plain values (JSON as they are, a
#: tuple as a list), and whether the class is a leaf: frozen, hashable, every field plain, an
#: enum, a leaf or a tuple of them
_FIELDS: dict[type, tuple[tuple[tuple[str, bool], ...] | None, bool]] = {}
#: the encoding of each leaf value met so far (a card, say): such values are few and come up
#: in every view of every move, so each is encoded once
_LEAVES: dict[Any, dict[str, Any]] = {}
T = TypeVar("T")

#: past this many leaf values a cache starts again (a game with unexpectedly many)
LEAVES_KEPT = 4096


class ByIdentity(Generic[T]):
    """What was made of each value, found by the value's identity (``made.get(id(value))``,
    read directly on hot paths), starting again past ``LEAVES_KEPT`` values. Looking a
    dataclass up by value calls its hash and its ``__eq__`` (Python code), and nearly every leaf
    met is an object met before (a deck's cards, an event told to each seat).

    It holds the values too, so no other value can take an identity while it is kept: two
    dicts, not one of pairs, so an entry makes no object for the cycle collector to walk (a
    server keeps thousands of these, renewed every few seconds)."""

    def __init__(self) -> None:
        self.made: dict[int, T] = {}
        self._held: dict[int, Any] = {}

    def keep(self, value: Any, made: T) -> T:
        if len(self.made) >= LEAVES_KEPT:
            self.made.clear()
            self._held.clear()
        self.made[id(value)] = made
        self._held[id(value)] = value
        return made


#: the forms of leaves by identity
_LEAF_FORMS: ByIdentity[dict[str, Any]] = ByIdentity()


def encode(value: Any) -> Any:
    """A JSON-able form of ``value``; dataclasses carry their class name under ``type``.

    Saves, the store and the wire all read this form, so the common cases come first, each
    class's fields are looked up once, and a leaf value's form is made once and shared: never
    change what this returns (the server writes the same JSON straight from the values:
    ``online.wirejson``).
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    names, leaf = encoding_plan(kind)
    if leaf:
        same = _LEAF_FORMS.made.get(id(value))
        if same is not None:
            return same
        known = _LEAVES.get(value)
        if known is not None:
            _LEAF_FORMS.keep(value, known)
            return known
    if names is not None:
        data: dict[str, Any] = {"type": kind.__name__}
        for name, plain in names:
            field = getattr(value, name)
            if type(field) in _PLAIN:
                data[name] = field
            elif plain and type(field) is tuple:
                data[name] = list(field)
            else:
                data[name] = encode(field)
        if leaf:
            if len(_LEAVES) >= LEAVES_KEPT:
                _LEAVES.clear()
            _LEAVES[value] = data
            _LEAF_FORMS.keep(value, data)
        return data
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [v if type(v) in _PLAIN else encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((encode(v) for v in value), key=repr)
    return value


def encoding_plan(kind: type) -> tuple[tuple[tuple[str, bool], ...] | None, bool]:
    """``kind``'s fields (None: no dataclass), each named with whether its values are plain or
    tuples of plain values, and whether the class's values are leaves (worked out once)."""
    plan = _FIELDS.get(kind)
    if plan is None:
        plan = _FIELDS[kind] = _encoding_plan(kind)
    return plan


def _encoding_plan(kind: type) -> tuple[tuple[tuple[str, bool], ...] | None, bool]:
    if not dataclasses.is_dataclass(kind):
        return None, False
    fields = dataclasses.fields(kind)
    try:
        hints = typing.get_type_hints(kind)
    except (NameError, TypeError):
        hints = {}
    frozen = kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
    leaf = frozen and kind.__hash__ is not None and all(_simple(hints.get(f.name)) for f in fields)
    names = tuple((f.name, _plain(hints.get(f.name))) for f in fields)
    return names, bool(leaf)


def _plain(hint: Any) -> bool:
    """A field type whose values are their own JSON form, or tuples of such (``tuple[int,
    ...]``, a tuple written as a list): exactly, not subclasses (an enum's form is another)."""
    if hint in _PLAIN:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return all(arg is Ellipsis or arg in _PLAIN for arg in args)
    if origin in (typing.Union, types.UnionType):
        return all(_plain(arg) for arg in args)
    return False


def _simple(hint: Any) -> bool:
    """A field type whose values are their own JSON form, an enum's, leaves themselves (a
    card placed with its value), or tuples of those."""
    if hint in _PLAIN or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return True
    if typing.get_origin(hint) is tuple:
        return all(arg is Ellipsis or _simple(arg) for arg in typing.get_args(hint))
    if not isinstance(hint, type) or not dataclasses.is_dataclass(hint):
        return False
    return encoding_plan(hint)[1]


class Decoder:
    """Decodes the dataclasses of one game, looked up by class name.

    Each type hint is turned into a converter once and kept: a client decodes an observation on
    every move of an online game, so the type walk must not be repeated each time.
    """

    def __init__(self, classes: Iterable[type]) -> None:
        self._classes = {cls.__name__: cls for cls in classes}
        self._converters: dict[Any, Callable[[Any], Any]] = {}

    def decode(self, data: Any) -> Any:
        """Rebuild a dataclass from ``encode``'s output; raise ValueError on bad data."""
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"expected an object with a 'type', got {data!r}")
        cls = self._classes.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown type {data['type']!r}")
        return self._build(cls, data)

    def _build(self, cls: type, data: dict[str, Any]) -> Any:
        kwargs = {}
        for name, optional, hint in _plan(cls):
            if name not in data:
                if optional:
                    continue
                raise ValueError(f"{cls.__name__} is missing {name!r}")
            kwargs[name] = self._value(hint, data[name])
        return cls(**kwargs)

    def _value(self, hint: Any, raw: Any) -> Any:
        convert = self._converters.get(hint)
        if convert is None:
            convert = self._converters[hint] = self._converter(hint)
        return convert(raw)

    def _converter(self, hint: Any) -> Callable[[Any], Any]:
        """A function turning raw JSON data into a value of ``hint``."""
        origin = typing.get_origin(hint)
        if hint is Any:
            # an event kept as Any (a view's "recent" moves) still carries its class name
            return self._any
        if origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(hint) if a is not type(None)]
            by_name = {getattr(a, "__name__", None): a for a in options}

            def union(raw: Any) -> Any:
                if raw is None:
                    return None
                named = raw.get("type") if isinstance(raw, dict) else None
                return self._value(by_name.get(named, options[0]), raw)

            return union
        if origin in (tuple, frozenset):
            item = typing.get_args(hint)[0]
            make = tuple if origin is tuple else frozenset
            return lambda raw: make([self._value(item, r) for r in _as_list(raw)])
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return lambda raw: self._build(hint, _as_dict(raw, hint))
        if hint in (int, float, str, bool):
            return lambda raw: _scalar(hint, raw)
        return lambda raw: raw

    def _any(self, raw: Any) -> Any:
        known = isinstance(raw, dict) and raw.get("type") in self._classes
        return self.decode(raw) if known else raw


def _scalar(hint: type, raw: Any) -> Any:
    if hint is float and isinstance(raw, int):
        return float(raw)
    if not isinstance(raw, hint) or (hint is int and isinstance(raw, bool)):
        raise ValueError(f"expected {hint.__name__}, got {raw!r}")
    return raw


def _as_dict(raw: Any, hint: type) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ValueError(f"expected an object for {hint.__name__}, got {raw!r}")
    return raw


def _as_list(raw: Any) -> list[Any]:
    if not isinstance(raw, list):
        raise ValueError(f"expected a list, got {raw!r}")
    return raw


@cache
def _plan(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """Each field's name, whether it may be left out, and its type hint."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, f.default is not dataclasses.MISSING, hints[f.name])
        for f in dataclasses.fields(cls)
    )
