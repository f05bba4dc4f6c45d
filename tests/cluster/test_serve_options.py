"""`serve`'s cluster options refuse what cannot work with one clear line."""

from __future__ import annotations

import pytest

from cardtable.cli import main


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--store", "mysql://somewhere/db"], "--store takes a postgresql:// address"),
        (["--redis", "redis://127.0.0.1:1/0"], "--redis needs a shared store"),
        (["--store", "postgresql://postgres@127.0.0.1:1/x"], "cannot reach PostgreSQL"),
    ],
)
def test_serve_refuses_a_store_it_cannot_use(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", "0", *words])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err
