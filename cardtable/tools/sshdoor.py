"""Who comes in over SSH, and what they may do once in: play the game on a terminal, nothing else.

Keys are checked against an ``authorized_keys`` file read afresh at every login (a friend's key
added while the server runs works at once), or nobody is asked for one with ``--open``. A session
that asks for a command, a subsystem (SFTP) or no terminal gets one line saying why not; port
forwarding, agent and X11 forwarding are refused by asyncssh's defaults, which this keeps.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import asyncssh

from cardtable.online.identity import player_id_of_blob
from cardtable.online.lobby import LobbyService
from cardtable.tools.sshgate import Gate, VisitLimits
from cardtable.tools.sshvisit import Visit

log = logging.getLogger("cardtable.ssh")


class RememberingKeys(asyncssh.SSHAuthorizedKeys):
    """An authorized_keys list that remembers the last key it let in: the one a login signed
    with (asyncssh checks a key, then its signature, each through ``validate``)."""

    matched: asyncssh.SSHKey | None = None

    def validate(self, key: asyncssh.SSHKey, *args: Any, **kwargs: Any) -> Any:
        options = super().validate(key, *args, **kwargs)
        if options is not None and not kwargs.get("ca", False):
            self.matched = key
        return options


class Doorman(asyncssh.SSHServer):
    """One connection's login: a key from the list, or anyone when ``keys`` is None."""

    def __init__(self, keys: Path | None) -> None:
        self.keys = keys
        self.conn: asyncssh.SSHServerConnection | None = None
        self.allowed = RememberingKeys()

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        if self.keys is None:
            return False  # --open: in without a key
        assert self.conn is not None
        try:
            self.allowed = RememberingKeys(self.keys.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as error:
            log.warning("cannot read the keys in %s (%s): nobody gets in", self.keys, error)
            self.allowed = RememberingKeys()
        self.conn.set_authorized_keys(self.allowed)
        return True

    @property
    def player(self) -> str | None:
        """The player id of the key the visitor logged in with (None: in without a key)."""
        key = self.allowed.matched
        return None if key is None else player_id_of_blob(key.public_data)


class Host:
    """Seats visitors: one app each, within the limits, on the given game server."""

    def __init__(
        self,
        root: Path,
        server: str,
        limits: VisitLimits,
        port: int,
        passes: LobbyService | None = None,
    ) -> None:
        """``passes``: the lobby of the game server started here, which takes the door's word
        for who a visitor is (a server elsewhere does not: there a visitor signs in with a key
        of the visit's own)."""
        self.root = root
        self.server = server
        self.gate = Gate(limits)
        self.port = port
        self.passes = passes

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
        door = self._pass(process)
        try:
            visit = Visit(process, self.root, self.server, self.gate.limits.idle, door)
            status = await visit.run()
        except OSError as error:
            log.error("cannot start a game for %s: %s", address, error)
            process.stderr.write(b"cardtable: the game could not start here, sorry\r\n")
            status = 1
        finally:
            self.gate.leave(address)
            if door is not None and self.passes is not None:
                self.passes.revoke_pass(door)
        process.exit(status)

    def _pass(self, process: asyncssh.SSHServerProcess[bytes]) -> str | None:
        """A lobby pass for the key this visitor logged in with, when the server is ours."""
        doorman = process.channel.get_connection().get_owner()
        player = doorman.player if isinstance(doorman, Doorman) else None
        if player is None or self.passes is None:
            return None
        return self.passes.issue_pass(player)
