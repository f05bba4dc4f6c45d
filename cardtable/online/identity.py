"""Who a player is, without accounts: an Ed25519 key, and a signature over the server's fresh nonce.

The client makes its key on first online use and keeps it in the data folder (``identity``, mode
0600, OpenSSH format). A player's id is the key's SHA256 fingerprint exactly as ``ssh-keygen -l``
prints it (``SHA256:…``), which is also how an SSH server names a key: so one Ed25519 key is one
player whether it signs the server's nonce itself or logs in over ``cardtable ssh`` (point
``ssh -i`` at the same file, or copy your own unencrypted ``id_ed25519`` over it).

Proof of the key: the server sends a random nonce; the client signs ``PURPOSE``, the ``Host`` its
WebSocket handshake named and the nonce; the server checks the signature against its own view of
that connection's ``Host`` and the nonce it issued, once. A signature made for one server (or for
anything other than signing in to cardtable) is worth nothing on another, and a nonce is never
accepted twice.

Names stay free text; where ratings are shown a name carries a short tag from the id
(``Ann#k3Qf``), so a look-alike name shows a different tag. The full id is what counts.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: what a signature is for: a signature made for anything else never verifies as a sign-in
PURPOSE = b"cardtable sign-in v1"
#: the key file's name in the data folder
KEY_FILE = "identity"
#: random bytes in a nonce
NONCE_BYTES = 32
#: characters of the id shown after a name
TAG_LENGTH = 4
#: where ``cardtable ssh`` hands a visitor's app the pass that says which SSH key logged in
DOOR_PASS_ENV = "CARDTABLE_DOOR_PASS"


class IdentityError(ValueError):
    """A key or signature that proves nothing; the message says why in a line."""


def player_id_of_blob(blob: bytes) -> str:
    """The id of any SSH public key, from its wire-format blob: OpenSSH's SHA256 fingerprint."""
    digest = base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    return f"SHA256:{digest}"


def _ssh_blob(public: Ed25519PublicKey) -> bytes:
    line = public.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    return base64.b64decode(line.split()[1])


def player_id(public: Ed25519PublicKey) -> str:
    """The player id of an Ed25519 key (the same as its SSH fingerprint)."""
    return player_id_of_blob(_ssh_blob(public))


def tag(player: str) -> str:
    """The short mark shown after a name: the fingerprint's first characters, URL-safe."""
    return player.removeprefix("SHA256:")[:TAG_LENGTH].replace("+", "-").replace("/", "_")


def tagged(name: str, player: str | None) -> str:
    """A name as shown beside a rating: ``Ann#k3Qf``; an anonymous player keeps the bare name."""
    return f"{name}#{tag(player)}" if player else name


def challenge_message(host: str, nonce: bytes) -> bytes:
    """The exact bytes a client signs: what for, which server (its Host header), which nonce."""
    return b"\n".join([PURPOSE, host.encode(), nonce])


def public_text(public: Ed25519PublicKey) -> str:
    """A public key as it travels: the OpenSSH line ``ssh-ed25519 AAAA…``."""
    return public.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode()


def read_public(text: str) -> Ed25519PublicKey:
    """An Ed25519 public key from its OpenSSH line; IdentityError for anything else."""
    try:
        key = serialization.load_ssh_public_key(text.encode())
    except (ValueError, TypeError) as error:
        raise IdentityError(f"not an OpenSSH public key ({error})") from None
    if not isinstance(key, Ed25519PublicKey):
        raise IdentityError("only Ed25519 keys sign in here")
    return key


@dataclass(frozen=True)
class Identity:
    """The client's own key."""

    key: Ed25519PrivateKey

    @property
    def player(self) -> str:
        return player_id(self.key.public_key())

    @property
    def public(self) -> str:
        return public_text(self.key.public_key())

    def sign(self, host: str, nonce: bytes) -> bytes:
        """Answer a server's challenge made over the connection whose Host header is ``host``."""
        return self.key.sign(challenge_message(host, nonce))


def load_or_create(folder: Path) -> Identity:
    """The key in ``folder``, made there (mode 0600) the first time; IdentityError if unreadable."""
    path = folder / KEY_FILE
    if path.exists():
        try:
            key = serialization.load_ssh_private_key(path.read_bytes(), password=None)
        except (OSError, ValueError, TypeError) as error:
            raise IdentityError(f"cannot read your key {path}: {error}") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise IdentityError(f"{path} holds a key that is not Ed25519")
        return Identity(key)
    key = Ed25519PrivateKey.generate()
    folder.mkdir(parents=True, exist_ok=True)
    text = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    # created 0600 from the start: never a moment when others may read it
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(text)
    (folder / f"{KEY_FILE}.pub").write_text(public_text(key.public_key()) + "\n")
    return Identity(key)


class Challenge:
    """One connection's sign-in: a nonce issued by the server, good for one answer."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.nonce: bytes | None = None

    def issue(self) -> bytes:
        """A fresh nonce; any earlier one on this connection is void."""
        self.nonce = secrets.token_bytes(NONCE_BYTES)
        return self.nonce

    def answer(self, public: str, signature: bytes) -> str:
        """The player id the answer proves, or IdentityError. The nonce is spent either way."""
        nonce, self.nonce = self.nonce, None
        if nonce is None:
            raise IdentityError("no sign-in was asked for, or it was answered already")
        key = read_public(public)
        try:
            key.verify(signature, challenge_message(self.host, nonce))
        except InvalidSignature:
            raise IdentityError("the signature does not match this key and challenge") from None
        return player_id(key)
