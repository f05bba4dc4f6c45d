"""Signing a connection in with a player's key: the nonce it is sent, the answer that proves
the key, and the one sign-in a connection has (lobby connections and identified seats alike)."""

from __future__ import annotations

import base64
import binascii

from cardtable.online import protocol as wire
from cardtable.online.identity import Challenge, IdentityError
from cardtable.online.tables import Refusal

#: a connection is one player: it signs in once
SIGNED_ONCE = (
    "this connection is signed in already: one key a connection "
    "(open another connection to use another key)"
)


def challenge_text(challenge: Challenge) -> str:
    """The ``challenge`` message with a fresh nonce of ``challenge`` (any earlier one is void)."""
    nonce = base64.b64encode(challenge.issue()).decode()
    return wire.Challenge(type="challenge", nonce=nonce, host=challenge.host).model_dump_json()


def proven(challenge: Challenge, message: wire.SignIn) -> str:
    """The player id a ``sign_in`` answer proves; a Refusal saying why it proves nothing."""
    try:
        signature = base64.b64decode(message.signature, validate=True)
        return challenge.answer(message.key, signature)
    except (IdentityError, binascii.Error) as error:
        raise Refusal("sign_in", f"not signed in: {error}") from None
