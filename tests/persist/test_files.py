"""Atomic writes with a backup; unreadable files are described and set aside."""

from __future__ import annotations

from pydantic import BaseModel

from cardtable.persist.files import FileProblem, backup_path, read_model, set_aside, write_atomic


class Thing(BaseModel):
    n: int


def test_atomic_write_keeps_one_backup(tmp_path):
    path = tmp_path / "a.json"
    write_atomic(path, '{"n": 1}')
    write_atomic(path, '{"n": 2}')
    assert read_model(path, Thing) == Thing(n=2)
    assert read_model(backup_path(path), Thing) == Thing(n=1)
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n"n": 1,\n}')
    problem = read_model(path, Thing)
    assert isinstance(problem, FileProblem)
    assert "line 3" in str(problem) and "bad.json" in str(problem)


def test_wrong_shape_names_the_field(tmp_path):
    path = tmp_path / "shape.json"
    path.write_text('{"n": "many"}')
    assert "'n'" in str(read_model(path, Thing))


def test_set_aside_never_clobbers(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("one")
    first = set_aside(path)
    path.write_text("two")
    second = set_aside(path)
    assert first != second and first.read_text() == "one" and second.read_text() == "two"
