"""``cardtable ssh``: friends with nothing but an SSH client sit down at your tables.

Every terminal session gets its own app (tools/sshvisit.py) whose "Play online" points at one
game server (``--server``, or one started here on 127.0.0.1), so visitors play each other by
invite code. The host key is made once and kept in the data folder, so visitors' clients can
recognise the server from one day to the next.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.tools.fail import fail
from cardtable.tools.sshgate import VisitLimits

if TYPE_CHECKING:
    from cardtable.tools.sshdoor import Host


def ssh_folder() -> Path:
    """Where the host key (and, by default, the visitors' keys and tables) are kept."""
    from cardtable.persist.paths import data_dir, ensure  # here, so `cardtable --help` stays quick

    return ensure(data_dir() / "ssh")


def add_ssh_parser(commands: Any) -> None:
    limits = VisitLimits()
    ssh = commands.add_parser(
        "ssh", help="let friends play here with an SSH client (the ssh extra)"
    )
    ssh.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    ssh.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    ssh.add_argument(
        "--keys",
        default=None,
        metavar="FILE",
        help="an authorized_keys file of who may come in (default: authorized_keys in the "
        "data folder's ssh/ folder)",
    )
    ssh.add_argument("--open", action="store_true", help="let anyone in, without a key")
    ssh.add_argument(
        "--server", default=None, metavar="URL", help="game server (default: one started here)"
    )
    ssh.add_argument(
        "--max-sessions",
        type=int,
        default=limits.sessions,
        metavar="N",
        help="visitors at once (default %(default)s)",
    )
    ssh.add_argument(
        "--per-address",
        type=int,
        default=limits.per_address,
        metavar="N",
        help="visitors at once from one address (default %(default)s)",
    )
    ssh.add_argument(
        "--idle-minutes",
        type=float,
        default=limits.idle / 60,
        metavar="M",
        help="minutes without a key before a visitor is let go (default %(default)g)",
    )


def limits_from(args: argparse.Namespace) -> VisitLimits:
    if not 0 <= args.port <= 65535:
        fail(f"--port must be from 0 to 65535, not {args.port}")
    for flag, value in (("--max-sessions", args.max_sessions), ("--per-address", args.per_address)):
        if value < 1:
            fail(f"{flag} must be at least 1, not {value}")
    if args.idle_minutes <= 0:
        fail(f"--idle-minutes must be more than 0, not {args.idle_minutes:g}")
    return VisitLimits(args.max_sessions, args.per_address, args.idle_minutes * 60)


def keys_file(args: argparse.Namespace) -> Path | None:
    """The authorized_keys file to check visitors against; None with --open."""
    if args.open:
        return None
    path = Path(args.keys) if args.keys else ssh_folder() / "authorized_keys"
    if not path.is_file():
        fail(
            f"no keys file at {path}: put your friends' public keys there (one a line, as in "
            "~/.ssh/authorized_keys), name another with --keys FILE, or let anyone in with --open"
        )
    return path


def host_key(asyncssh: Any) -> Any:
    """The server's key: made on the first start, then the same every time."""
    path = ssh_folder() / "host_key"
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as error:
            fail(f"cannot read the host key {path}: {error}")
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


def run_ssh_command(args: argparse.Namespace) -> int:
    import asyncio  # here: the command line imports this module to build its parser

    try:
        import asyncssh
    except ImportError:
        fail("playing over SSH needs the ssh extra: pip install 'cardtable[ssh]'")
    limits = limits_from(args)
    keys = keys_file(args)
    key = host_key(asyncssh)
    root = Path(tempfile.mkdtemp(prefix="cardtable-ssh-"))
    try:
        asyncio.run(serve(args, limits, keys, key, root))
    except KeyboardInterrupt:
        pass
    except OSError as error:
        fail(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


async def serve(
    args: argparse.Namespace, limits: VisitLimits, keys: Path | None, key: Any, root: Path
) -> None:
    import asyncio

    import asyncssh

    from cardtable.tools.sshdoor import Doorman, Host

    game, url = None, args.server
    if url is None:
        from cardtable.online.server import GameServer
        from cardtable.online.store import SqliteStore

        game = GameServer(SqliteStore(ssh_folder() / "tables.db"))
        tables = await game.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{next(iter(tables.sockets)).getsockname()[1]}"
    host = Host(root, url, limits, args.port, game.quick.lobby if game is not None else None)
    listener = await asyncssh.create_server(
        lambda: Doorman(keys),
        args.host,
        args.port,
        server_host_keys=[key],
        process_factory=host.visit,
        encoding=None,
        line_editor=False,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        login_timeout=30,
        keepalive_interval=30,
    )
    host.port = listener.sockets[0].getsockname()[1]
    announce(args, host, key, keys, game is not None)
    stopped = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    try:
        await stopped.wait()
    finally:
        listener.close()
        if game is not None:
            game.stop()


def announce(args: argparse.Namespace, host: Host, key: Any, keys: Path | None, own: bool) -> None:
    """What the person starting the server needs: where, which key, who may come in, limits."""
    where = "this machine's address" if args.host in ("0.0.0.0", "::") else args.host
    limits = host.gate.limits
    lines = [
        f"cardtable ssh: listening on {args.host}:{host.port}",
        f"host key: {key.get_fingerprint()} (visitors can check it when ssh asks)",
        f"friends type: ssh -p {host.port} NAME@{where}",
        f"game server: {host.server}" + (" (started here, on this machine only)" if own else ""),
        f"limits: {limits.sessions} visitors, {limits.per_address} per address, "
        f"{limits.idle / 60:g} minutes idle",
    ]
    if keys is not None:
        lines.insert(2, f"who may come in: the keys in {keys} (read again at every login)")
    print("\n".join(lines), flush=True)
    if keys is None:
        print(
            "\n*** OPEN: anyone who reaches this port comes in, with any name and no key. ***\n"
            "*** Stop with Ctrl+C; leave out --open to let in only the keys you list.   ***\n",
            file=sys.stderr,
            flush=True,
        )
