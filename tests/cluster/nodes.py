"""Several `cardtable serve` processes on loopback sharing one PostgreSQL and one Redis: real
nodes, so a test may kill one (-9) or stall it (SIGSTOP) as a machine would."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.online.conftest import PATIENCE
from tests.waits import until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Node:
    name: str
    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def said(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


async def listening(node: Node) -> None:
    """Once ``node`` takes connections; it must not have exited meanwhile."""

    async def answers() -> bool:
        assert node.process is not None and node.process.poll() is None, node.said()
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", node.port)
        except OSError:
            return False
        writer.close()
        await writer.wait_closed()
        return True

    await until(answers, lambda: f"node {node.name} to listen: {node.said()}", every=0.05)


@dataclass
class Cluster:
    """Nodes named A, B, C… started by ``start`` and all ended by ``stop``."""

    dsn: str
    redis: str
    folder: Path
    #: short, so the tests do not wait long; yet a loaded machine may stall a node past it
    lease: float = 2.0
    #: more ``serve`` options for every node
    options: tuple[str, ...] = ()
    nodes: list[Node] = field(default_factory=list)

    async def start(self, count: int) -> list[Node]:
        for i in range(count):
            name = "ABCDEFGH"[i]
            node = Node(name, free_port(), self.folder / f"node-{name}.log")
            self.nodes.append(node)
            self.launch(node)
        for node in self.nodes:
            await listening(node)
        return self.nodes

    def launch(self, node: Node) -> None:
        command = [sys.executable, "-m", "cardtable", "serve", "--port", str(node.port)]
        command += ["--store", self.dsn, "--redis", self.redis, "--node-url", node.url]
        command += ["--lease", str(self.lease), *self.options]
        env = {**os.environ, "CARDTABLE_HOME": str(self.folder / f"home-{node.name}")}
        with node.log.open("ab") as log:
            node.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)

    def signal(self, node: Node, number: signal.Signals) -> None:
        assert node.process is not None
        node.process.send_signal(number)

    def stop(self) -> None:
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                node.process.send_signal(signal.SIGCONT)
                node.process.kill()
                node.process.wait(PATIENCE)
