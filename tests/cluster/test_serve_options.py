"""`serve`'s cluster options refuse what cannot work with one clear line."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from tests.cluster.nodes import free_port


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


def test_serve_says_when_it_cannot_reach_redis(
    pg_dsn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line naming Redis, not a traceback from inside redis-py."""
    pytest.importorskip("redis", reason="the cluster extra is not installed")
    nobody = f"redis://127.0.0.1:{free_port()}/0"
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", "0", "--store", pg_dsn, "--redis", nobody])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert f"cannot reach Redis at {nobody}" in said and "Traceback" not in said


def test_serve_names_the_store_it_cannot_reach_without_its_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
    store = f"postgresql://ann:hush@127.0.0.1:{free_port()}/x"
    with pytest.raises(SystemExit):
        main(["serve", "--port", "0", "--store", store])
    said = capsys.readouterr().err
    assert "cannot reach PostgreSQL at postgresql://ann@127.0.0.1:" in said
    assert "hush" not in said
