"""A real `cardtable serve` on 127.0.0.1, started as README.md says (`python -m cardtable serve
--port P`), for the doc-written client: the tests know it only by its address."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.waits import until_blocking

#: the tree under test, so the server runs this checkout's code
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@contextmanager
def serving(home: Path, *limits: str) -> Iterator[str]:
    """`ws://127.0.0.1:PORT/` of a server with its own action log and home in `home` (and any
    of `serve`'s limit options), stopped when the block ends."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": str(home / "home")}
    command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
    command += ["--db", str(home / "log.db"), *limits]
    with open(home / "server.log", "wb") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        until_blocking(
            lambda: server.poll() is not None or _accepts(port),
            lambda: f"the server to listen on port {port}: {(home / 'server.log').read_text()}",
        )
        assert server.poll() is None, (home / "server.log").read_text()
        yield f"ws://127.0.0.1:{port}/"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
