"""``cardtable web`` without a browser: the command line, and one data folder per tab."""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import build_parser, main
from cardtable.tools.web import WEB_ROOT, served_command, visitor_home


def test_web_binds_the_loopback_address_unless_told_otherwise():
    args = build_parser().parse_args(["web"])
    assert (args.host, args.port, args.public_url) == ("127.0.0.1", 8000, None)


def test_each_tab_gets_a_fresh_home_that_goes_when_it_closes(tmp_path, monkeypatch):
    monkeypatch.setenv(WEB_ROOT, str(tmp_path))
    homes = []
    for _ in range(2):
        with visitor_home():
            home = Path(os.environ["CARDTABLE_HOME"])
            assert home.parent == tmp_path and home.is_dir() and not any(home.iterdir())
            (home / "data").mkdir()
            homes.append(home)
        assert not home.exists()
    assert homes[0] != homes[1]


def test_outside_a_web_server_the_persons_own_folder_is_kept(isolated_home, monkeypatch):
    monkeypatch.delenv(WEB_ROOT, raising=False)
    with visitor_home():
        assert os.environ["CARDTABLE_HOME"] == str(isolated_home)


def test_the_served_command_is_this_python_running_this_cardtable():
    assert shlex.split(served_command()) == [sys.executable, "-m", "cardtable"]


def test_without_the_web_extra_the_command_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # as if not installed
    with pytest.raises(SystemExit) as exit_:
        main(["web"])
    assert exit_.value.code == 2
    assert "pip install 'cardtable[web]'" in capsys.readouterr().err


def test_a_port_in_use_is_one_clear_line_and_status_2():
    pytest.importorskip("textual_serve", reason="the web extra is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "cardtable", "web", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert run.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in run.stderr.splitlines()[-1]
