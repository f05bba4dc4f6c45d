"""One real ``cardtable ssh`` on a free 127.0.0.1 port, shared by the tests here: a throw-away
client key in its keys file, its own data folder (where it makes and keeps its host key) and its
own temporary folder, where the visitors' data folders come and go."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="the ssh extra is not installed")
pytest.importorskip("pyte", reason="pyte (the test extra) is not installed")

from tests.ssh.visitor import Visitor  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class SshServer:
    process: subprocess.Popen[str]
    port: int
    key: asyncssh.SSHKey
    folder: Path

    async def connect(self, user: str = "ann", key: asyncssh.SSHKey | None = None):
        host_key = asyncssh.read_private_key(self.folder / "home" / "data" / "ssh" / "host_key")
        return await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=user,
            client_keys=[key or self.key],
            known_hosts=([host_key.convert_to_public()], [], []),
            agent_path=None,
            connect_timeout=10,
        )

    async def visit(
        self,
        user: str = "ann",
        key: asyncssh.SSHKey | None = None,
        columns: int = 100,
        rows: int = 30,
    ) -> Visitor:
        return await Visitor(await self.connect(user, key), columns, rows).start()

    def visitor_folders(self) -> list[Path]:
        return sorted(self.folder.glob("tmp/cardtable-ssh-*/visitor-*"))

    def apps(self) -> set[int]:
        """The process ids of the visitors' apps (the server's children)."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return {int(child) for child in children}


def listening_port(process: subprocess.Popen[str], patience: float = 30.0) -> int:
    """The port from the first line the server prints, read within ``patience`` seconds."""
    assert process.stdout is not None
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            line = process.stdout.readline()
            if not line:
                break
            if line.startswith("cardtable ssh: listening on 127.0.0.1:"):
                return int(line.rsplit(":", 1)[1])
    raise AssertionError("cardtable ssh did not start listening")


@contextmanager
def running_server(folder: Path, *words: str) -> Iterator[SshServer]:
    """``cardtable ssh`` on a free 127.0.0.1 port, its files under ``folder``, then stopped."""
    (folder / "tmp").mkdir(parents=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = folder / "authorized_keys"
    keys.write_bytes(key.export_public_key())
    env = {
        **os.environ,
        "CARDTABLE_HOME": str(folder / "home"),
        "TMPDIR": str(folder / "tmp"),
        "CARDTABLE_BOT_PAUSE": "0",
        "PYTHONPATH": str(ROOT),
    }
    command = [sys.executable, "-m", "cardtable", "ssh", "--port", "0", "--keys", str(keys)]
    with open(folder / "server.log", "w") as log:
        process = subprocess.Popen(
            [*command, *words], stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=ROOT
        )
    try:
        yield SshServer(process, listening_port(process), key, folder)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


@pytest.fixture(scope="session")
def ssh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    with running_server(tmp_path_factory.mktemp("ssh")) as server:
        yield server


@pytest.fixture
async def ann(ssh_server: SshServer) -> AsyncIterator[Visitor]:
    visitor = await ssh_server.visit("ann")
    yield visitor
    await visitor.leave()
