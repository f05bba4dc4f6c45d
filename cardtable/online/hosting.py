"""Running a server (in the foreground, or embedded in a player's app) and keeping seat tokens.

A token is what lets a player back into their seat after a drop or a restart, so the client keeps
it in its data folder, readable by its owner only, keyed by server and invite code.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from cardtable.online.gc_tuning import tune_for_serving
from cardtable.online.metrics import Exposed
from cardtable.online.reach import DEFAULT_PORT
from cardtable.online.server import GameServer, Limits
from cardtable.online.store import SqliteStore, default_db
from cardtable.persist.paths import data_dir, ensure


async def serve_forever(
    host: str,
    port: int,
    db: Path | None,
    limits: Limits | None = None,
    ready: Any = None,
    metrics: int | None = None,
) -> None:
    """Run a server until cancelled; ``ready`` (a threading.Event) is set once it listens.
    With ``metrics``, Prometheus reads its counts over HTTP on that port of the same host."""
    game = GameServer(SqliteStore(db or default_db()), limits)
    exposed = None if metrics is None else _expose(game, host, metrics)
    try:
        server = await game.start(host, port)
        tune_for_serving()
        if ready is not None:
            ready.set()
        logging.getLogger("cardtable.server").info(
            "listening on ws://%s:%d with %d tables rebuilt", host, port, len(game.tables)
        )
        if exposed is not None:
            logging.getLogger("cardtable.server").info(
                "metrics on http://%s:%d/metrics", host, exposed.port
            )
        await server.serve_forever()
    finally:
        game.stop()
        if exposed is not None:
            exposed.close()


def _expose(game: GameServer, host: str, port: int) -> Exposed:
    """The metrics endpoint; a port it cannot have is named in the error, as the game's is."""
    try:
        return Exposed(game, host, port)
    except OSError as error:
        raise OSError(error.errno, error.strerror, f"{host}:{port} (--metrics)") from None


def embedded_server(
    port: int = DEFAULT_PORT, db: Path | None = None, host: str = "127.0.0.1"
) -> str:
    """Start a server on ``host`` in a background thread of this process; the URL this
    process reaches it by."""
    ready = threading.Event()

    def run() -> None:
        asyncio.run(serve_forever(host, port, db, ready=ready))

    threading.Thread(target=run, name="cardtable-server", daemon=True).start()
    if not ready.wait(10):
        raise OSError(f"the embedded server could not listen on {host}:{port}")
    return f"ws://127.0.0.1:{port}"


#: the server an app's "Play online" form offers first (``cardtable ssh`` sets it for visitors)
SERVER_ENV = "CARDTABLE_SERVER"
#: "ssh" in an SSH visitor's app: friends reach its tables the way the visitor came in, not by
#: the server's address, which is loopback on the host
VISIT_ENV = "CARDTABLE_VISIT"


class SeatBook:
    """Seat tokens by server and invite code, in a file only its owner can read."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or ensure(data_dir()) / "online-seats.json"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def token(self, url: str, code: str) -> str | None:
        entry = self._read().get(f"{url} {code}")
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) else None

    def keep(self, url: str, code: str, game: str, token: str) -> None:
        data = self._read()
        data[f"{url} {code}"] = {"game": game, "token": token}
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)

    def game(self, url: str, code: str) -> str | None:
        entry = self._read().get(f"{url} {code}")
        game = entry.get("game") if isinstance(entry, dict) else None
        return game if isinstance(game, str) else None
