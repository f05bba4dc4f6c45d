"""``cardtable play GAME --plain`` as a person pipes it: the real command line and standard
input, every game to its end on "1" after "1", then a clean exit; and input that ends early."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

GAMES = [["pazaak"], ["pazu-pazaak"], ["pixies"], ["flip7", "--solo"], ["flip7", "--players", "3"]]


def cardtable(args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize("game", GAMES, ids=" ".join)
def test_one_after_one_finishes_the_game_and_leaves(game: list[str]) -> None:
    done = cardtable(["play", *game, "--plain", "--seed", "1", "--bot", "easy"], "1\n" * 5000)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-2:] == ["1 quit, 2 play again", "> 1"]
    assert " won (" in " ".join(lines[-4:-2]) and "\x1b" not in done.stdout


def test_input_ending_mid_game_leaves_with_status_0() -> None:
    done = cardtable(["play", "pazaak", "--plain", "--seed", "1"], "board\nst")
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "> st You stand on 2" in said and said.endswith(
        "> quit You leave the table: the game is not saved."
    )


def test_bell_and_width_belong_to_plain() -> None:
    done = cardtable(["play", "pazaak", "--bell"], "")
    assert done.returncode == 2 and "--bell and --width are for --plain" in done.stderr
