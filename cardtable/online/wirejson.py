"""The JSON the server sends of game values (views, events, actions), written by orjson from the
values themselves: the very bytes of ``orjson.dumps(encode(value))``, in about half the time.

Every seat's and spectator's view is written on every move. ``codec.encode`` walks a view in
Python to build dicts and lists that orjson then walks again; here orjson walks the tuples, the
plain values and the enums itself and asks back (``default``) only for what it cannot write as
``encode`` would: a dataclass, which gains its class name under ``type``, and a frozenset. A
leaf (a card, a board, most events: see ``codec``) is written once and spliced in as its bytes
(``orjson.Fragment``), as such values are few and come up in every view of every move.
"""

from __future__ import annotations

from typing import Any

import orjson

from cardtable.core.codec import ByIdentity, encode, encoding_plan

#: orjson hands every dataclass to ``_form`` instead of writing it without its class name
_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS
#: the bytes of each leaf met so far
_LEAF_BYTES: ByIdentity[orjson.Fragment] = ByIdentity()


def dumps(value: Any) -> bytes:
    """``value`` as JSON: the same bytes as ``orjson.dumps(encode(value))``. Values inside
    dicts and lists are written the same way (an update's parts hold views and events)."""
    return orjson.dumps(value, default=_form, option=_OPTIONS)


class Moment:
    """Writes the values of one moment (every audience's part of one update), each as ``dumps``
    would: a tuple of game values that a dataclass among them holds (the boards, the cards
    played, the last events, which every seat's view holds: the very objects) is written once
    for all of them. Made for one moment and dropped: it keeps what it wrote."""

    def __init__(self) -> None:
        #: each tuple written, by identity, with its bytes (holding it keeps its identity)
        self._met: dict[int, tuple[tuple[Any, ...], orjson.Fragment]] = {}

    def dumps(self, value: Any) -> bytes:
        return orjson.dumps(value, default=self._form, option=_OPTIONS)

    def _form(self, value: Any) -> Any:
        return _form(value, self)

    def written(self, values: tuple[Any, ...]) -> orjson.Fragment:
        """``values`` as JSON, written the first time only."""
        met = self._met.get(id(values))
        if met is None:
            met = self._met[id(values)] = (values, orjson.Fragment(self.dumps(values)))
        return met[1]


def _form(value: Any, moment: Moment | None = None) -> Any:
    """What orjson writes for ``value``, a value it does not write itself as ``encode`` would;
    a tuple a dataclass holds is written by ``moment``, if there is one."""
    written = _LEAF_BYTES.made.get(id(value))  # first: nearly every call is for a leaf met before
    if written is not None:
        return written
    kind = type(value)
    names, leaf = encoding_plan(kind)
    if names is None:  # a frozenset: sorted by its members' forms
        form = encode(value)
        if form is value:
            raise TypeError(f"{kind.__name__} is not written as JSON")
        return form
    # its fields as they are: orjson writes them, asking back for what it needs (a leaf's
    # tuples hold leaves, found by identity: the moment's look-up would only add to them)
    data = {"type": kind.__name__}
    sharer = None if leaf else moment
    for name, plain in names:
        field = getattr(value, name)
        if sharer is not None and not plain and type(field) is tuple:
            field = sharer.written(field)
        data[name] = field
    if not leaf:
        return data
    return _LEAF_BYTES.keep(value, orjson.Fragment(dumps(data)))
