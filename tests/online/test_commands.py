"""The online commands refuse bad words before anything connects."""

from __future__ import annotations

import pytest

from cardtable.cli import main


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["host", "chess", "--server", "ws://127.0.0.1:9"], "unknown game 'chess'"),
        (["host", "pazaak", "--seats", "easy,easy", "--server", "ws://127.0.0.1:9"], "'human'"),
        (["host", "pazaak", "--seats", "human,god", "--server", "ws://127.0.0.1:9"], "god"),
        (["host", "pixies", "--seats", "human", "--server", "ws://127.0.0.1:9"], "2 to 5"),
        (["host", "pazaak", "-o", "colour=red", "--server", "ws://127.0.0.1:9"], "colour"),
        (["bench", "online", "--tables", "0"], "--tables"),
        (["bench", "online", "--spectators", "-1"], "--spectators"),
        (["host", "pazaak", "--seats", "human,policy:os:getcwd", "--server", "ws://x:9"], "policy"),
        (["join", "ACDEF", "--bot", "policy:nowhere.at.all:act"], "cannot load policy"),
    ],
)
def test_bad_words_are_refused_by_name(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


def test_serve_and_join_offer_their_options(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("serve", "host", "join", "watch"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
    out = capsys.readouterr().out
    assert "--db" in out and "--seats" in out and "--bot LEVEL" in out


def test_watch_takes_a_name_for_its_chat_lines() -> None:
    from cardtable.online.client import hello_for

    assert hello_for("watch", "", "", "", "PQHXA", "Eve") == {
        "type": "watch",
        "code": "PQHXA",
        "name": "Eve",
    }
    assert hello_for("watch", "", "", "", "PQHXA", "") == {"type": "watch", "code": "PQHXA"}
