"""A faster constructor for the frozen, slotted dataclasses built on every move.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``,
which costs about as much as the rest of a Flip 7 hit; a random solo race builds a state and
an event hundreds of times. ``quick_init`` swaps in an ``__init__`` with the same signature
that stores each field through its slot descriptor instead. Equality, hashing, ``repr``,
``replace`` and immutability after construction are untouched.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Class decorator, applied over ``@dataclass(frozen=True, slots=True)``."""
    # any class here is a dataclass (the decorator goes over @dataclass), which type[T] cannot say
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__}: quick_init supports plain defaults only")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init would skip __post_init__")
    scope: dict[str, Any] = {}
    params, body = [], []
    for f in fields:
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, scope)  # the same technique dataclasses uses to build __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]  # replacing __init__ is the point
    return cls
