"""Nothing but the game: an unknown key, a command, no terminal, SFTP and port forwarding are
all turned away, and none of them starts an app."""

from __future__ import annotations

import asyncssh
import pytest

from tests.ssh.conftest import SshServer


async def test_an_unknown_key_is_turned_away(ssh_server: SshServer) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await ssh_server.connect("eve", stranger)


async def test_commands_sftp_no_terminal_and_forwarding_are_refused(
    ssh_server: SshServer,
) -> None:
    apps = ssh_server.apps()
    async with await ssh_server.connect() as conn:
        command = await conn.run("cat /etc/passwd", check=False)
        assert command.exit_status == 1
        assert command.stdout == ""
        assert "only the game runs here, no commands" in str(command.stderr)
        shell = await conn.run(check=False)  # a shell, but no terminal asked for
        assert shell.exit_status == 1
        assert "the game needs a terminal" in str(shell.stderr)
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", ssh_server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", ssh_server.port)
    assert ssh_server.apps() == apps
