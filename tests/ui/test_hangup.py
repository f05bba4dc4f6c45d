"""An app whose terminal goes away without a SIGHUP exits by itself instead of spinning."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

from cardtable.ui.hangup import hung_up

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
    leader, follower = pty.openpty()
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path), "TERM": "xterm-256color"}
    # a new session and no controlling terminal: closing the leader sends no SIGHUP
    app = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "play", "pazaak"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        start_new_session=True,
    )
    os.close(follower)
    try:
        seen, started = b"", time.monotonic()
        while b"Start" not in seen and time.monotonic() - started < START_S:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                seen += os.read(leader, 65536)
        assert b"Start" in seen, "the new-game form never showed"
        os.close(leader)
        leader = -1
        assert app.wait(timeout=LEAVE_S) == 1
    finally:
        if leader >= 0:
            os.close(leader)
        if app.poll() is None:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait(timeout=10)
