"""``cardtable ssh`` on the command line: bad flags and a missing keys file get one clear line;
the host key is made once, kept private, and announced by its fingerprint."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import asyncssh
import pytest

from cardtable.cli import main
from cardtable.tools.ssh import announce, host_key, ssh_folder
from cardtable.tools.sshdoor import Host
from cardtable.tools.sshgate import VisitLimits


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--max-sessions", "0"], "--max-sessions must be at least 1, not 0"),
        (["--per-address", "-1"], "--per-address must be at least 1, not -1"),
        (["--idle-minutes", "0"], "--idle-minutes must be more than 0, not 0"),
        (["--port", "70000"], "--port must be from 0 to 65535, not 70000"),
        (["--keys", "/nowhere/keys"], "no keys file at /nowhere/keys"),
    ],
)
def test_bad_words_get_one_line(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["ssh", *words])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err


def test_without_keys_it_says_where_to_put_them(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["ssh"])
    said = capsys.readouterr().err
    assert str(ssh_folder() / "authorized_keys") in said and "--open" in said


def test_the_host_key_is_made_once_and_kept_private() -> None:
    first, again = host_key(asyncssh), host_key(asyncssh)
    assert first.get_fingerprint() == again.get_fingerprint()
    assert os.stat(ssh_folder() / "host_key").st_mode & 0o077 == 0


def test_the_start_names_the_key_the_way_in_and_open_doors_loudly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = host_key(asyncssh)
    host = Host(tmp_path, "ws://127.0.0.1:7000", VisitLimits(), 2222)
    args = argparse.Namespace(host="0.0.0.0")
    announce(args, host, key, tmp_path / "keys", own=True)
    shown = capsys.readouterr()
    assert key.get_fingerprint() in shown.out
    assert "ssh -p 2222 NAME@this machine's address" in shown.out
    assert "OPEN" not in shown.err
    announce(args, host, key, None, own=True)
    assert "OPEN: anyone who reaches this port comes in" in capsys.readouterr().err
