"""Bad command-line input: one line naming what is valid, exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.cli import main


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli", *words], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "words, fragment",
    [
        (("play", "chess"), "choose from: pazaak"),
        (("sim", "chess", "--seats", "hard"), "choose from: pazaak"),
        (("sim", "pazaak", "--seats", "hard,genius"), "choose from: easy, medium, hard"),
        (("play", "pazaak", "-o", "main_deck=infinite"), "main_deck"),
        (("play", "pazaak", "-o", "colour=red"), "valid options"),
        (("play", "pazaak", "--frobnicate"), "unrecognized arguments"),
        (("play", "pazaak", "--solo"), "only for flip7"),
        (("bench", "chess"), "choose from: pazaak"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(words, fragment, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(list(words))
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert fragment in err
    assert len(err.splitlines()) == 1


def test_help_lists_every_command_without_loading_textual():
    out = run("--help")
    assert out.returncode == 0
    for command in ("play", "resume", "replay", "sim", "bench"):
        assert command in out.stdout
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from cardtable.cli import build_parser; "
            "build_parser(); print('textual' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip() == "False"
