"""How a client opens a table: the first message, a session that keeps its seat token, and a
server started here when none listens at the default address.

Headless, so the full-screen app, the plain line mode and a headless bot seat open tables the
same way.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.registry import GAMES
from cardtable.online.hosting import SeatBook, embedded_server, port_free
from cardtable.online.reach import DEFAULT_PORT, DEFAULT_URL
from cardtable.online.remote import RemoteSession


def hello_for(action: str, url: str, game: str, seats: str, code: str, name: str) -> dict[str, Any]:
    """The first message for ``host``, ``join`` or ``watch``."""
    if action == "host":
        words = [w.strip() for w in seats.split(",") if w.strip()]
        return {"type": "create", "game": game, "seats": words, "name": name}
    if action == "watch":  # a spectator's name is only for chat: without one, "Spectator N"
        return {"type": "watch", "code": code} | ({"name": name} if name else {})
    return {"type": "join", "code": code, "name": name}


def remote_session(
    url: str, hello: dict[str, Any], game: str | None = None, shared_url: str | None = None
) -> RemoteSession:
    """A session whose seat token is kept in the data folder as soon as the server gives it;
    joining a table this person sat at before resumes that seat, if it is free.
    ``shared_url``: the server as friends reach it, when not as this machine does."""
    code = hello.get("code")
    kept = SeatBook().token(url, code) if hello["type"] == "join" and code else None
    session = RemoteSession(GAMES[game] if game else None, url, hello, kept)
    session.shared_url = shared_url or url

    def keep(s: RemoteSession) -> None:
        if s.token is not None:
            SeatBook().keep(url, s.invite, s.spec.id, s.token)

    session.on_token = keep
    return session


def local_server_for(url: str) -> str:
    """The default local address with nothing listening on it: start a server on 127.0.0.1
    first (``host --lan`` starts one friends can reach: ``hosting.shared_server``)."""
    if url == DEFAULT_URL and port_free("127.0.0.1", DEFAULT_PORT):
        return embedded_server(DEFAULT_PORT)
    return url
