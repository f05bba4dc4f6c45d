"""Bad command-line input: one line naming what is valid, exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable.cli import build_parser, main


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
        # issue 14: contradictory command lines, each one clear line
        (("play", "pazaak", "--seats", "human,human,hard"), "Pazaak is for 2 players, not 3"),
        (("play", "flip7", "--players", "0"), "not 0"),
        (("play", "pixies", "--players", "6"), "2 to 5 players, not 6"),
        (("play", "pazaak", "--hotseat", "--bot", "easy"), "drop --bot"),
        (("play", "pazaak", "--seats", "human,hard", "--players", "2"), "drop --players"),
        (("play", "pazaak", "--seats", "human,hard", "--hotseat"), "drop --hotseat"),
        (("play", "pazaak", "--seats", "human,hard", "--bot", "easy"), "drop --bot"),
        (("play", "pazaak", "--seats", "human,,hard"), "empty place"),
        (("play", "pazaak", "--seats", "hard,easy"), "at least one 'human'"),
        (("play", "flip7", "--solo", "--players", "3"), "--solo is one player"),
        (("play", "flip7", "--solo", "--hotseat"), "--solo is one player"),
        (("play", "flip7", "--solo", "-o", "mode=table"), "--solo contradicts -o mode=table"),
        (("play", "flip7", "--hotseat", "--players", "1"), "at least 2 people"),
        (("play", "flip7", "-o", "mode=solo", "--players", "3"), "solo challenge is for 1"),
        (("play", "pazu-pazaak", "--players", "2"), "3 to 6 players, not 2"),
        (("sim", "pazaak", "--seats", "hard,easy,easy"), "for 2 players, not 3"),
        (("sim", "pazaak", "--seats", "hard,easy", "--games", "0"), "--games must be"),
        (("sim", "--seats", "hard,easy"), "name a game"),
        (("sim", "pazaak"), "needs --seats"),
        (("sim", "--ratings", "chess"), "choose from: pazaak"),
        (("sim", "--ratings", "--games", "0"), "--games must be"),
        (("sim", "pazaak", "--seats", "hard,easy", "--jobs", "0"), "--jobs must be"),
        (("sim", "pazaak", "--seats", "human,hard"), "unknown seat 'human'"),
        (("sim", "flip7", "--seats", "hard", "--solo", "-o", "mode=table"), "contradicts"),
        (("bench", "pazaak", "--seconds", "0"), "--seconds must be more than 0"),
        (("bench", "startup", "--runs", "0"), "--runs must be at least 1"),
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
        timeout=60,
    )
    assert probe.stdout.strip() == "False"


def test_every_games_table_loads_nothing_online():
    """A game held here draws its first frame without the online package (pydantic, the keys,
    SQLite): every table once imported the rematch's waiting room, and with it all of that,
    which cost resume and replay about 300 ms of their first frame (bench startup: 2.3x the
    bare app became 3.0x)."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from cardtable.ui.app import CardtableApp; "
            "from cardtable.ui.tablescreens import TABLE_SCREENS; "
            "[entry.load_table() for entry in TABLE_SCREENS.values()]; "
            "print(sorted(m for m in sys.modules "
            "if m.startswith('cardtable.online') or m in ('pydantic', 'cryptography')))",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert probe.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "words, seats",
    [
        (("play", "pazaak"), ["You", "hard"]),
        (("play", "pixies", "--players", "4", "--bot", "easy"), ["You", "easy", "easy", "easy"]),
        (("play", "pixies", "--hotseat", "--players", "3"), [None, None, None]),
        (("play", "flip7", "--solo"), ["You"]),
        (("play", "pazaak", "--seats", "hard,human"), ["hard", "You"]),
    ],
)
def test_consistent_command_lines_build_the_seats_they_say(words, seats):
    from cardtable.games.registry import get
    from cardtable.tools.setup import play_seats

    args = build_parser().parse_args(list(words))
    built = play_seats(get(args.game), args)
    assert [seat.bot or ("You" if seat.name == "You" else None) for seat in built] == seats


def test_each_commands_help_states_its_own_default_seed():
    from cardtable.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    words = {name: " ".join(commands[name].format_help().split()) for name in ("sim", "play")}
    assert "(default: 1, so a run repeats exactly)" in words["sim"]  # sim's figures repeat
    assert "(default: random)" in words["play"]
