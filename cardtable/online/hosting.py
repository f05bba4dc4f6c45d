"""Running a server (in the foreground, or embedded in a player's app) and keeping seat tokens.

A token is what lets a player back into their seat after a drop or a restart, so the client keeps
it in its data folder, readable by its owner only, keyed by server and invite code.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.online.directory import TableDirectory
from cardtable.online.gc_tuning import tune_for_serving
from cardtable.online.journal import Journal
from cardtable.online.metrics import Exposed
from cardtable.online.placement import Placement
from cardtable.online.reach import ALL_ADDRESSES, DEFAULT_PORT, listens
from cardtable.online.server import GameServer, Limits
from cardtable.online.starting import StartWatch, shown
from cardtable.online.store import SharedStore, SqliteStore, TableStore, default_db
from cardtable.persist.paths import data_dir, ensure


async def open_store(
    url: str | None, db: Path | None, lease: float = 10.0
) -> TableStore | SharedStore:
    """The store ``serve`` was asked for: PostgreSQL at ``url``, else the SQLite file."""
    if url is None:
        return SqliteStore(db or default_db())
    if not url.startswith(("postgresql://", "postgres://")):
        raise StoreUnreachable(f"--store takes a postgresql:// address, not {url!r}")
    try:
        from asyncpg import PostgresError

        from cardtable.online.pgstore import PostgresStore
    except ImportError:
        raise StoreUnreachable(
            "PostgreSQL needs the cluster extra: pip install 'cardtable[cluster]'"
        ) from None
    try:
        return await PostgresStore.open(url, stall=lease)
    except (OSError, PostgresError) as error:
        raise StoreUnreachable(f"cannot reach PostgreSQL at {shown(url)}: {error}") from None


class StoreUnreachable(Exception):
    """The store (or the Redis) ``serve`` was given cannot be used; the message says why."""


@dataclass(frozen=True)
class Backing:
    """What a server shares with others (``serve --store/--redis``): none, by default."""

    store: str | None = None
    redis: str | None = None
    #: where clients reach this node (redirects name it); default ws://HOST:PORT
    node_url: str | None = None
    lease: float = 10.0


async def serve_forever(
    host: str,
    port: int,
    db: Path | None,
    limits: Limits | None = None,
    ready: Any = None,
    backing: Backing = Backing(),
    metrics: int | None = None,
) -> None:
    """Run a server until cancelled; ``ready`` (a threading.Event) is set once it listens.
    With ``metrics``, Prometheus reads its counts over HTTP on that port of the same host.
    A start that waits on something says so in the log every few seconds (``StartWatch``)."""
    watch = StartWatch()
    async with watch.watching():
        where = "" if backing.store is None else f" (PostgreSQL at {shown(backing.store)})"
        watch.now(f"opening its store{where}")
        store = await open_store(backing.store, db, backing.lease)
    placement = None
    if backing.redis is not None:
        placement = _node(store, backing.redis, backing, f"ws://{host}:{port}")
    game = GameServer(store, limits, placement)
    exposed = None if metrics is None else _expose(game, host, metrics)
    try:
        async with watch.watching():
            try:
                server = await game.start(host, port, watch.now)
            except Exception as error:
                unreachable = _redis_unreachable(error, backing)
                if unreachable is None:
                    raise
                raise unreachable from None
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
        await game.shut_down()
        await game.placement.stop()
        if exposed is not None:
            exposed.close()


def _node(
    store: TableStore | SharedStore, redis: str, backing: Backing, default_url: str
) -> Callable[[TableDirectory, Journal], Placement]:
    """This server as one node of several (``serve --redis``): its placement, once the
    server has its table directory and journal."""
    if not isinstance(store, SharedStore):
        raise StoreUnreachable("--redis needs a shared store: add --store postgresql://…")
    try:
        from cardtable.online.cluster import Node
    except ImportError:
        raise StoreUnreachable(
            "Redis needs the cluster extra: pip install 'cardtable[cluster]'"
        ) from None
    url, lease = backing.node_url or default_url, backing.lease
    return lambda tables, journal: Node(tables, journal, store, redis, url, lease)


def _redis_unreachable(error: Exception, backing: Backing) -> StoreUnreachable | None:
    """A Redis error at start as the one line ``serve`` fails with (not a traceback); None
    for any other error."""
    if backing.redis is None:
        return None
    from redis.exceptions import RedisError

    if not isinstance(error, RedisError):
        return None
    return StoreUnreachable(f"cannot reach Redis at {shown(backing.redis)}: {error}")


def _expose(game: GameServer, host: str, port: int) -> Exposed:
    """The metrics endpoint; a port it cannot have is named in the error, as the game's is."""
    try:
        return Exposed(game.tables, game.transport.connections, game.metrics, host, port)
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


def port_free(host: str, port: int) -> bool:
    """Whether a server could listen on ``host``:``port`` now. As the server does, a port that
    only closed connections still hold counts as free."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


class NotShared(OSError):
    """``host --lan`` found a server on its port that friends cannot reach; the message says
    what to do instead."""


def shared_server(port: int, shared_url: str) -> str:
    """A server friends reach at ``shared_url`` (``host --lan``): started here on every network
    address, or the one already on ``port`` if it answers there; the URL this process uses.
    One that listens for this machine only (``serve`` without ``--lan``) is not offered."""
    if port_free(ALL_ADDRESSES, port):
        return embedded_server(port, host=ALL_ADDRESSES)
    if not listens(shared_url):
        raise NotShared(
            f"a server already runs on port {port} of this machine, but for this machine only: "
            f"friends could not reach it at {shared_url}. Stop it and host again (a server for "
            "your network starts with the table), or restart it with 'cardtable serve --lan', "
            "or leave out --lan to play on this machine only"
        )
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
