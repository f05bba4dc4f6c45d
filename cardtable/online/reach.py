"""How a friend reaches a table: the one line to send them, the address it names, and in plain
words why a server could not be reached.

A join line carries the server and the invite code together (``cardtable join
ws://192.0.2.7:7777/KMTRX``), so a friend has one thing to copy; a bare code means the default
server on their own machine.
"""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse
from collections.abc import Iterable

from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.online.protocol import CODE_LETTERS

DEFAULT_PORT = 7777
DEFAULT_URL = f"ws://127.0.0.1:{DEFAULT_PORT}"
#: listen on every network address of the machine (``--lan``)
ALL_ADDRESSES = "0.0.0.0"


class BadTarget(ValueError):
    """A code or join line that names no table."""


def check_code(code: str) -> str:
    """``code`` in capitals, or BadTarget saying what a code looks like."""
    upper = code.strip().upper()
    if len(upper) != 5 or any(ch not in CODE_LETTERS for ch in upper):
        raise BadTarget(f"{code!r} is not a code: a code is five letters from {CODE_LETTERS}")
    return upper


def split_target(target: str, server: str | None) -> tuple[str, str]:
    """The server address and code that ``target`` names: a bare code (on ``server``, or the
    default one) or a join line's ``ws://host:port/CODE``."""
    if "://" not in target:
        return server or DEFAULT_URL, check_code(target)
    address, _, code = target.rstrip("/").rpartition("/")
    if not address.partition("://")[2] or not address.startswith(("ws://", "wss://")):
        raise BadTarget(f"{target!r}: a join line looks like ws://192.0.2.7:7777/KMTRX")
    if server is not None and server.rstrip("/") != address:
        raise BadTarget(f"{target!r} names the server {address}: leave out --server {server}")
    return address, check_code(code)


def join_line(url: str, code: str, command: str = "join") -> str:
    """What a friend types to take a seat (or, ``command`` "watch", to look on)."""
    if url == DEFAULT_URL:
        return f"cardtable {command} {code}"
    return f"cardtable {command} {url.rstrip('/')}/{code}"


def lan_address(candidates: Iterable[str]) -> str | None:
    """The address of ``candidates`` a friend on the same network is likeliest to reach: a
    private IPv4 one first, then any other IPv4, then IPv6; never loopback or link-local."""
    usable = []
    for text in candidates:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        rank = (address.version != 4, not address.is_private)
        usable.append((rank, text))
    return min(usable)[1] if usable else None


def machine_addresses() -> list[str]:
    """This machine's addresses as the system knows them (nothing is sent anywhere): those of
    its host name, and the one it would use to leave the machine."""
    found: list[str] = []
    try:
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
            found.append(str(sockaddr[0]))
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: no packet leaves
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    return found


def lan_url(port: int, candidates: Iterable[str]) -> str | None:
    """The server address a friend on this network uses, or None if the machine has none."""
    address = lan_address(candidates)
    if address is None:
        return None
    host = f"[{address}]" if ":" in address else address
    return f"ws://{host}:{port}"


def listens(url: str, timeout: float = 2.0) -> bool:
    """Whether anything accepts a connection at ``url``'s host and port (opened and closed at
    once, nothing sent): a line naming an address nobody listens on is never shown."""
    parts = urllib.parse.urlsplit(url)
    if parts.hostname is None or parts.port is None:
        return False
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout):
            return True
    except OSError:
        return False


def unreachable(url: str, error: BaseException) -> str:
    """Why ``url`` could not be reached, for a person to act on."""
    if isinstance(error, socket.gaierror):
        why = "unknown host: check the address"
    # a name with several addresses (localhost: ::1 and 127.0.0.1) fails with one OSError
    # that lists each address's "Connect call failed"
    elif isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):
        why = "connection refused: no server listens there (is it running? right port?)"
    elif isinstance(error, TimeoutError):
        why = "timed out: no answer (a firewall, or the wrong address?)"
    elif isinstance(error, InvalidURI):
        why = "not a server address: it looks like ws://192.0.2.7:7777"
    elif isinstance(error, InvalidHandshake | ValidationError | ValueError):
        why = "not a cardtable server (something else answers there)"
    elif isinstance(error, ConnectionClosed):
        why = "the server hung up before it answered"
    elif isinstance(error, OSError):
        why = error.strerror or str(error)
    else:
        why = str(error) or type(error).__name__
    return f"cannot reach {url}: {why}"
