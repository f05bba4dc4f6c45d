"""Who comes in over SSH, and what they may do once in: play the game on a terminal, nothing else.

Keys are checked against an ``authorized_keys`` file read afresh at every login (a friend's key
added while the server runs works at once), or nobody is asked for one with ``--open``. A session
that asks for a command, a subsystem (SFTP) or no terminal gets one line saying why not; port
forwarding, agent and X11 forwarding are refused by asyncssh's defaults, which this keeps.
"""

from __future__ import annotations

import logging
from pathlib import Path

import asyncssh

from cardtable.tools.sshgate import Gate, VisitLimits
from cardtable.tools.sshvisit import Visit

log = logging.getLogger("cardtable.ssh")


class Doorman(asyncssh.SSHServer):
    """One connection's login: a key from the list, or anyone when ``keys`` is None."""

    def __init__(self, keys: Path | None) -> None:
        self.keys = keys
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        if self.keys is None:
            return False  # --open: in without a key
        assert self.conn is not None
        try:
            self.conn.set_authorized_keys(str(self.keys))
        except (OSError, ValueError) as error:
            log.warning("cannot read the keys in %s (%s): nobody gets in", self.keys, error)
            self.conn.set_authorized_keys(asyncssh.import_authorized_keys(""))
        return True


class Host:
    """Seats visitors: one app each, within the limits, on the given game server."""

    def __init__(self, root: Path, server: str, limits: VisitLimits, port: int) -> None:
        self.root = root
        self.server = server
        self.gate = Gate(limits)
        self.port = port

    def refusal(self, process: asyncssh.SSHServerProcess[bytes]) -> str | None:
        """Why this session gets no game, in one line; None when it may play."""
        if process.command is not None or process.subsystem is not None:
            return f"only the game runs here, no commands: connect with 'ssh -p {self.port} HOST'"
        if process.get_terminal_type() is None:
            return f"the game needs a terminal: connect with 'ssh -t -p {self.port} HOST'"
        return None

    async def visit(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """asyncssh's process factory: one session, start to end."""
        address = str((process.get_extra_info("peername") or ("?",))[0])
        reason = self.refusal(process) or self.gate.enter(address)
        if reason is not None:
            process.stderr.write(f"cardtable: {reason}\r\n".encode())
            process.exit(1)
            return
        try:
            status = await Visit(process, self.root, self.server, self.gate.limits.idle).run()
        except OSError as error:
            log.error("cannot start a game for %s: %s", address, error)
            process.stderr.write(b"cardtable: the game could not start here, sorry\r\n")
            status = 1
        finally:
            self.gate.leave(address)
        process.exit(status)
