"""An app whose terminal goes away without a SIGHUP exits by itself instead of spinning."""

from __future__ import annotations

import os
import pty
import signal

from cardtable.ui.hangup import hung_up
from tests.web.terminal import Terminal

#: generous bounds for a loaded 2-core machine; the loops below end as soon as they can
START_S = 60.0
LEAVE_S = 30.0


def test_a_closed_pty_reads_as_hung_up_and_an_open_one_does_not() -> None:
    leader, follower = pty.openpty()
    try:
        assert not hung_up(follower)
        os.close(leader)
        assert hung_up(follower)
    finally:
        os.close(follower)


def test_the_app_exits_when_its_pty_closes_without_a_hangup_signal(tmp_path) -> None:
    # the harness starts the app in a new session with no controlling terminal: closing the
    # pty's other end sends no SIGHUP
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path / "home")}
    terminal = Terminal(["play", "pazaak"], tmp_path, env)
    try:
        terminal.wait_for("Start", seconds=START_S)
        terminal.hang_up()
        assert terminal.process.wait(timeout=LEAVE_S) == 1
    finally:
        if terminal.process.poll() is None:
            os.killpg(terminal.process.pid, signal.SIGKILL)
            terminal.process.wait(timeout=10)
