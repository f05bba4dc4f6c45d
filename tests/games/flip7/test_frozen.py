"""``quick_init``: the faster constructor keeps a frozen dataclass's behaviour and refuses
the classes it could not build faithfully."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.games.flip7.frozen import quick_init


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class _Point:
    x: int
    y: int = 2


def test_the_quick_constructor_behaves_like_the_dataclass_one():
    assert _Point(1) == _Point(1, 2) and _Point(x=3, y=4).y == 4
    assert repr(_Point(1)) == "_Point(x=1, y=2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        _Point(1).x = 5  # type: ignore[misc]


def test_classes_it_cannot_build_faithfully_are_refused_by_name():
    @dataclasses.dataclass(frozen=True, slots=True)
    class WithFactory:
        items: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithPostInit:
        x: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="^WithFactory: quick_init supports plain defaults only$"):
        quick_init(WithFactory)
    with pytest.raises(TypeError, match="^WithPostInit: quick_init would skip __post_init__$"):
        quick_init(WithPostInit)
