"""Leave when the terminal is gone.

A terminal that closes normally sends SIGHUP, which ends the process. A pty whose other end is
closed without making it the controlling terminal (a harness, a supervisor, a web bridge that died)
sends nothing, and Textual's input thread then spins on end-of-file at half a core, forever. So a
real terminal's input is polled once a second for a hang-up, and the app exits when it sees one.
Every move is already saved, so nothing is lost.
"""

from __future__ import annotations

import select
import sys
from typing import Any

from textual.app import App

#: seconds between looks at the terminal
EVERY_S = 1.0
_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def hung_up(fd: int) -> bool:
    """Whether the terminal on ``fd`` has hung up (its other end closed)."""
    poll = select.poll()
    poll.register(fd, _GONE)
    return any(mask & _GONE for _, mask in poll.poll(0))


def leave_on_hangup(app: App[Any]) -> None:
    """Exit ``app`` once its terminal hangs up; a no-op headless, in a browser, or on a pipe."""
    stdin = sys.__stdin__
    if app.is_headless or app.is_web or stdin is None or not stdin.isatty():
        return
    fd = stdin.fileno()

    def look() -> None:
        if hung_up(fd):
            app.exit(return_code=1, message="The terminal went away.")

    app.set_interval(EVERY_S, look, name="hang-up watch")
