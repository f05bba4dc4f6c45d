"""One key, one player, over either door: the key an SSH visitor logs in with is the player the
lobby signs them in as, the same as that key signing the server's nonce itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.online.identity import DOOR_PASS_ENV, KEY_FILE, load_or_create
from cardtable.online.lobbyclient import LobbyClient
from tests.online.conftest import Running

asyncssh = pytest.importorskip("asyncssh", reason="the ssh extra is not installed")

from cardtable.tools.sshdoor import Doorman, Host  # noqa: E402
from cardtable.tools.sshgate import VisitLimits  # noqa: E402


async def door_pass(server: Running, folder: Path, key: asyncssh.SSHKey, keys: Path) -> str:
    """Log in to a door in front of ``server`` with ``key``; the pass it hands the visit."""
    assert server.game is not None
    host = Host(folder, server.url, VisitLimits(), 0, server.game.quick.lobby)

    async def visit(process: asyncssh.SSHServerProcess[bytes]) -> None:
        given = host._pass(process)
        process.stdout.write((given or "none").encode())
        process.exit(0)

    host_key = asyncssh.generate_private_key("ssh-ed25519")
    door = await asyncssh.create_server(
        lambda: Doorman(keys),
        "127.0.0.1",
        0,
        server_host_keys=[host_key],
        process_factory=visit,
        encoding=None,
    )
    port = door.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect(
            "127.0.0.1",
            port,
            username="ann",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
        ) as connection:
            result = await connection.run(encoding=None)
            assert isinstance(result.stdout, bytes)
            return result.stdout.decode()
    finally:
        door.close()
        await door.wait_closed()


async def test_an_ssh_visitor_is_the_player_of_the_key_they_logged_in_with(
    server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(other.export_public_key() + key.export_public_key())
    # the same key kept as a terminal player's identity
    home = tmp_path / "terminal"
    home.mkdir()
    (home / KEY_FILE).write_bytes(key.export_private_key("openssh"))
    terminal_player = load_or_create(home).player
    given = await door_pass(server, tmp_path, key, keys)
    monkeypatch.setenv(DOOR_PASS_ENV, given)
    visitor = await LobbyClient.open(server.url, "Ann")
    assert visitor.you is not None and visitor.you.player == terminal_player
    await visitor.close()
    # the pass is worth nothing once revoked (the visit over), nor is a made-up one
    assert server.game is not None
    server.game.quick.lobby.revoke_pass(given)
    gone = await LobbyClient.open(server.url, "Ann")
    assert gone.you is not None and gone.you.player is None
    await gone.close()


async def test_a_terminal_player_signs_in_as_the_same_id(server: Running, tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / KEY_FILE).write_bytes(key.export_private_key("openssh"))
    me = load_or_create(tmp_path)
    client = await LobbyClient.open(server.url, "Ann", me)
    assert client.you is not None
    assert client.you.player == me.player == key.get_fingerprint()
    await client.close()
