"""Opening a lobby connection from a screen: with the player's key for seeking and ratings (made
the first time, and the player told so once, in plain words), or anonymously to look around."""

from __future__ import annotations

from typing import Any

from cardtable.online.identity import KEY_FILE, Identity, IdentityError, load_or_create
from cardtable.online.lobbyclient import LobbyClient, LobbyError
from cardtable.persist.paths import data_dir


def key_made_note(folder: str) -> str:
    """What a player reads the one time their key is made."""
    return (
        f"Made your player key in {folder}. It is your account on every cardtable server: no "
        "sign-up, no password. Your ratings belong to it, so keep that file (copy it to play "
        "as the same player on another computer)."
    )


def player_key(app: Any, make: bool) -> Identity | None:
    """The player's key: made now with ``make`` if this is the first time (and the player told
    so, once), else only if there is one (a look at the lobby or a leaderboard makes no key).
    IdentityError or OSError in a sentence if the file cannot be read or written."""
    folder = data_dir()
    first_time = not (folder / KEY_FILE).exists()
    if first_time and not make:
        return None
    identity = load_or_create(folder)
    if first_time:
        app.notify(
            key_made_note(str(folder / KEY_FILE)), title="Your key", timeout=15, markup=False
        )
    return identity


async def open_lobby(app: Any, url: str, signed: bool) -> LobbyClient:
    """A lobby connection named as the app's player, signed in with their key (made now when
    ``signed``, see ``player_key``). LobbyError says in a sentence what went wrong."""
    try:
        identity = player_key(app, make=signed)
    except (IdentityError, OSError) as error:
        raise LobbyError("key", str(error)) from None
    name = app.settings.name or "Player"
    return await LobbyClient.open(url, name=name, identity=identity)
