"""The ``cardtable`` commands of online play: serve, host, join and watch (parsing only: what
they run loads when one is chosen)."""

from __future__ import annotations

from typing import Any

from cardtable.games.registry import GAMES
from cardtable.tools.cliopts import add_plain_options


def _add_quota_options(serve: Any) -> None:
    """The limits a public server needs; each defaults to ``Quotas``' value, 0 turns it off."""
    from cardtable.online.quotas import Quotas

    limits = serve.add_argument_group("limits for a public server (0: no limit)")
    for flag, field, kind, what in (
        ("--max-tables", "tables", int, "tables open at once"),
        ("--tables-per-address", "tables_per_address", int, "tables open from one address"),
        ("--wrong-codes", "wrong_codes_per_minute", int, "wrong codes an address may try a minute"),
        ("--hello-deadline", "hello_deadline", float, "seconds a connection has to sit down"),
        ("--idle-minutes", "idle_minutes", float, "minutes an empty table is kept"),
    ):
        default = getattr(Quotas, field)
        help_text = f"{what} (default {default:g})"
        limits.add_argument(
            flag, dest=field, type=kind, default=default, metavar="N", help=help_text
        )
    limits.add_argument(
        "--behind-proxy",
        action="store_true",
        help="a TLS proxy on this machine passes visitors on: count each by X-Forwarded-For",
    )


def add_online_commands(commands: Any) -> None:
    """serve, host, join and watch (see the README's "Online play" and "Play with a friend")."""
    lan = {
        "action": "store_true",
        "help": "listen on this machine's network addresses, not only 127.0.0.1, so friends "
        "on the same network can connect",
    }
    serve = commands.add_parser("serve", help="run a game server for online play")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--lan", **lan)
    serve.add_argument("--port", type=int, default=7777, help="port (default 7777)")
    serve.add_argument("--db", default=None, help="the action log (default: in the data folder)")
    serve.add_argument(
        "--recompute-ratings",
        action="store_true",
        help="rebuild every rating in --db (or --store) from its results, say what differed, exit",
    )
    serve.add_argument(
        "--metrics",
        type=int,
        default=None,
        metavar="PORT",
        help="serve Prometheus metrics over HTTP on this port of the same host",
    )
    serve.add_argument(
        "--store",
        default=None,
        metavar="URL",
        help="keep the action log in PostgreSQL (postgresql://…, the cluster extra), not SQLite",
    )
    nodes = serve.add_argument_group("several nodes sharing --store (see the README)")
    nodes.add_argument("--redis", default=None, metavar="URL", help="routes to tables (redis://…)")
    nodes.add_argument(
        "--node-url", default=None, metavar="URL", help="where clients reach this node"
    )
    nodes.add_argument(
        "--lease",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="a dead node's tables move after this long (default 10)",
    )
    _add_quota_options(serve)
    server = {"default": None, "metavar": "URL", "help": "server (default ws://127.0.0.1:7777)"}
    name = {"default": None, "help": "your name at the table (default: the one in Settings)"}
    host = commands.add_parser("host", help="open an online table and wait for players")
    host.add_argument("game", help=f"one of: {', '.join(GAMES)}")
    host.add_argument("--server", **server)
    host.add_argument("--lan", **lan)
    host.add_argument("--seats", default=None, metavar="LIST", help="e.g. human,human,easy")
    host.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    host.add_argument("--name", **name)
    host.add_argument(
        "--listed", action="store_true", help="show the table in the server's lobby to anyone"
    )
    add_plain_options(host)
    for command, what in (("join", "take a seat at an online table"), ("watch", "watch a table")):
        sub = commands.add_parser(command, help=what)
        sub.add_argument(
            "code",
            help=f"the {'invite' if command == 'join' else 'watch'} code, or the whole line "
            "you were sent: ws://HOST:PORT/CODE",
        )
        sub.add_argument("--server", **server)
        sub.add_argument("--name", **name)
        if command == "join":
            sub.add_argument("--bot", default=None, metavar="LEVEL", help="play headless")
            sub.add_argument("--json", action="store_true", help="with --bot: print JSON")
        add_plain_options(sub)
