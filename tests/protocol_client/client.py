"""A cardtable client written from docs/PROTOCOL.md and nothing else: no import from `cardtable`,
only `websockets`, `cryptography` and the standard library, the way a developer outside the
project would write one. Where this file had to guess, the guess is a finding about the document
(see the tests beside it)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

#: "Every first message carries `version`: the protocol number"
PROTOCOL_VERSION = 4
#: a wait that only a broken server (or a wrong document) ever reaches
PATIENCE = 30.0
#: the document's message rate is 20 a second in bursts of 40; a client keeps well inside it
PACE_PER_SECOND = 15.0
PACE_BURST = 30.0

Message = dict[str, Any]
T = TypeVar("T")


class ServerError(Exception):
    """The server refused a message: its `error` reply, with `code` for programs."""

    def __init__(self, reply: Message) -> None:
        super().__init__(f"{reply.get('code')}: {reply.get('message')}")
        self.reply = reply
        self.code: str = reply.get("code", "")


class Pace:
    """A token bucket that keeps a connection's messages inside the documented rate: a
    program answering every update at once would outrun it (Flip 7 solo moves many times in a
    row) and have moves refused as `rate`."""

    def __init__(self) -> None:
        self._tokens = PACE_BURST
        self._at = time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        self._tokens = min(PACE_BURST, self._tokens + (now - self._at) * PACE_PER_SECOND)
        self._at = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / PACE_PER_SECOND)
            self._at = time.monotonic()
            self._tokens = 1
        self._tokens -= 1


class Connection:
    """One WebSocket to the server. Every message heard is kept in `heard`, in order, so a test
    can look back at all of them; `next` hands them out one by one to whoever waits."""

    def __init__(self, ws: ClientConnection) -> None:
        self._ws = ws
        self._pace = Pace()
        self.heard: list[Message] = []
        self._handed = 0
        self._news = asyncio.Event()
        self._reader = asyncio.create_task(self._read_all())

    @classmethod
    async def open(cls, url: str) -> Connection:
        return cls(await asyncio.wait_for(connect(url, max_size=2**20), PATIENCE))

    @property
    def host(self) -> str:
        """The `Host` header this client sent in its handshake: what a sign-in signs."""
        assert self._ws.request is not None
        return str(self._ws.request.headers["Host"])

    @property
    def close_code(self) -> int | None:
        return self._ws.close_code

    @property
    def close_reason(self) -> str | None:
        return self._ws.close_reason

    async def _read_all(self) -> None:
        try:
            async for frame in self._ws:
                self.heard.append(json.loads(frame))
                self._news.set()
        except ConnectionClosed:
            pass
        finally:
            self._news.set()

    @property
    def open_now(self) -> bool:
        return not self._reader.done()

    async def send(self, message: Message | str | bytes, *, paced: bool = True) -> None:
        """A message as JSON; a str or bytes goes out as it is (for malformed-message tests).
        `paced=False` skips the rate keeping, to test the server's."""
        if paced:
            await self._pace.wait()
        await self._ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def until(
        self, holds: Callable[[], T | None], what: str, patience: float = PATIENCE
    ) -> T:
        """`holds()` once it is truthy, looked at again after every message heard; a wait
        past `patience` fails naming `what` it waited for."""
        try:
            async with asyncio.timeout(patience):
                while True:
                    self._news.clear()
                    if value := holds():
                        return value
                    if not self.open_now:
                        raise ConnectionError(
                            f"connection closed ({self.close_code}) waiting for {what}"
                        )
                    await self._news.wait()
        except TimeoutError:
            raise AssertionError(f"waited {patience:g} s for {what}") from None

    async def next(self, *types: str, patience: float = PATIENCE) -> Message:
        """The next message not yet handed out whose type is one of `types`, passing over
        others; an `error` is raised as ServerError unless `error` is among `types`."""

        def found() -> Message | None:
            while self._handed < len(self.heard):
                message = self.heard[self._handed]
                self._handed += 1
                if message["type"] in types:
                    return message
                if message["type"] == "error":
                    raise ServerError(message)
            return None

        return await self.until(found, f"a message of type {' or '.join(types)}", patience)

    async def ask(self, message: Message, *types: str) -> Message:
        """Sends `message` and returns the first message of `types`, or the first `error`, heard
        after it (what came before is passed over)."""
        self._handed = len(self.heard)
        await self.send(message)
        return await self.next(*types, "error")

    async def closed(self, patience: float = PATIENCE) -> int | None:
        """Waits for the server to close the connection; its close code."""
        await asyncio.wait_for(asyncio.shield(self._reader), patience)
        return self.close_code

    async def close(self) -> None:
        await self._ws.close()
        await asyncio.wait_for(self._reader, PATIENCE)

    def of_type(self, kind: str) -> list[Message]:
        return [message for message in self.heard if message["type"] == kind]


# --- identity -------------------------------------------------------------------------------


def _ssh_string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def sign_in_payload(host: str, nonce: str) -> bytes:
    """What a sign-in signs: `"cardtable sign-in v1" \\n HOST \\n NONCE`, NONCE the 32 bytes the
    challenge's base64 `nonce` decodes to."""
    return b"cardtable sign-in v1\n" + host.encode() + b"\n" + base64.b64decode(nonce)


def player_of(public_line: str) -> tuple[str, str]:
    """The player id and tag of an OpenSSH public key line: `SHA256:` and the unpadded base64
    of SHA-256 over the key's wire form (the line's base64 field), and the first four
    characters of that base64 with `+` written `-` and `/` written `_`."""
    wire = base64.b64decode(public_line.split()[1])
    player = "SHA256:" + base64.b64encode(hashlib.sha256(wire).digest()).decode().rstrip("=")
    return player, player.removeprefix("SHA256:")[:4].replace("+", "-").replace("/", "_")


@dataclass(frozen=True)
class Identity:
    """A player: an Ed25519 key."""

    key: Ed25519PrivateKey

    @classmethod
    def new(cls) -> Identity:
        return cls(Ed25519PrivateKey.generate())

    @property
    def wire(self) -> bytes:
        """The key's SSH wire form: `ssh-ed25519` and the 32 bytes, each length-prefixed."""
        raw = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        return _ssh_string(b"ssh-ed25519") + _ssh_string(raw)

    @property
    def public_line(self) -> str:
        """The OpenSSH public key line `sign_in` sends as `key`."""
        return "ssh-ed25519 " + base64.b64encode(self.wire).decode()

    @property
    def player(self) -> str:
        return player_of(self.public_line)[0]

    @property
    def tag(self) -> str:
        return player_of(self.public_line)[1]

    def sign_in(self, challenge: Message, host: str) -> Message:
        """The `sign_in` answering `challenge` on a connection whose handshake sent `host`."""
        signature = self.key.sign(sign_in_payload(host, challenge["nonce"]))
        return {
            "type": "sign_in",
            "key": self.public_line,
            "signature": base64.b64encode(signature).decode(),
        }


async def _sign_in(conn: Connection, identity: Identity) -> Message:
    """Answers the latest `challenge` heard; the `you` that follows (ServerError if refused)."""
    challenge = conn.of_type("challenge")[-1]
    await conn.send(identity.sign_in(challenge, conn.host))
    return await conn.next("you")


# --- table connections ----------------------------------------------------------------------

#: picks one action from an update's non-empty `legal`
Chooser = Callable[[Message], Message]


def steady_pazaak(update: Message) -> Message:
    """Stands on 17 or more, else ends the turn; plays no side card. Reads only `legal` and the
    view's `totals` (shown in the document's update), so it finishes a match in few moves."""
    kinds = {action["type"]: action for action in update["legal"]}
    view = update["observation"]
    total = view.get("totals", [0] * (view["seat"] + 1))[view["seat"]]
    if "Stand" in kinds and total >= 17:
        return kinds["Stand"]
    return kinds.get("EndTurn") or kinds.get("Stand") or update["legal"][0]


class TableClient:
    """A table connection: one seat (or a spectator) at one table."""

    def __init__(self, conn: Connection, welcome: Message) -> None:
        self.conn = conn
        self.welcome = welcome

    @classmethod
    async def _sit(cls, url: str, first: Message) -> TableClient:
        conn = await Connection.open(url)
        await conn.send({"version": PROTOCOL_VERSION, **first})
        return cls(conn, await conn.next("welcome"))

    @classmethod
    async def create(
        cls,
        url: str,
        game: str,
        seats: list[str],
        name: str | None = None,
        *,
        options: dict[str, str] | None = None,
        listed: bool = False,
        identify: bool = False,
    ) -> TableClient:
        first: Message = {"type": "create", "game": game, "seats": seats, "listed": listed}
        if name is not None:
            first["name"] = name
        if options is not None:
            first["options"] = options
        if identify:
            first["identify"] = True
        return await cls._sit(url, first)

    @classmethod
    async def join(
        cls, url: str, code: str, name: str | None = None, *, identify: bool = False
    ) -> TableClient:
        first: Message = {"type": "join", "code": code}
        if name is not None:
            first["name"] = name
        if identify:
            first["identify"] = True
        return await cls._sit(url, first)

    @classmethod
    async def watch(cls, url: str, code: str, name: str | None = None) -> TableClient:
        first: Message = {"type": "watch", "code": code}
        if name is not None:
            first["name"] = name
        return await cls._sit(url, first)

    @classmethod
    async def resume(cls, url: str, token: str) -> TableClient:
        return await cls._sit(url, {"type": "resume", "token": token})

    @property
    def seat(self) -> int | None:
        return self.welcome["seat"]

    @property
    def invite(self) -> str:
        """The code that takes a seat (a player's welcome has it; a spectator's is null)."""
        code = self.welcome["invite"]
        assert code is not None, "a spectator holds no invite code"
        return str(code)

    @property
    def watch_code(self) -> str:
        return self.welcome["watch"]

    def latest(self) -> Message | None:
        """The newest `update` heard: every field but `moves` is the whole table now."""
        updates = self.conn.of_type("update")
        return updates[-1] if updates else None

    def lines(self) -> list[str]:
        """Every move's `lines` heard, in order (a `fresh` update restarts the record)."""
        said: list[str] = []
        for update in self.conn.of_type("update"):
            if update["fresh"]:
                said = []
            said += [line for move in update["moves"] for line in move["lines"]]
        return said

    async def sign_in(self, identity: Identity) -> Message:
        """Signs this seat in (a `create`/`join` that asked to `identify`)."""
        await self.conn.next("challenge")
        return await _sign_in(self.conn, identity)

    async def chat(self, text: str) -> None:
        await self.conn.send({"type": "chat", "text": text})

    async def move(self, ply: int, action: Message) -> None:
        await self.conn.send({"type": "move", "ply": ply, "action": action})

    async def until_update(self, holds: Callable[[Message], bool], what: str) -> Message:
        """The newest update once `holds` is true of it."""

        def found() -> Message | None:
            update = self.latest()
            return update if update is not None and holds(update) else None

        return await self.conn.until(found, what)

    async def play_to_end(self, choose: Chooser, *, most_moves: int = 400) -> Message:
        """Plays this seat to the game's end, one move per `ply` it is offered, and returns the
        final update. Any `error` heard while playing is raised: a client that only sends what
        `legal` offers should never get one."""
        errors_before = len(self.conn.of_type("error"))
        moved_at: int | None = None

        def my_turn_or_over() -> Message | None:
            if errors := self.conn.of_type("error")[errors_before:]:
                raise ServerError(errors[0])
            update = self.latest()
            if update is None:
                return None
            if update["outcome"] is not None:
                return update
            if update["legal"] and not update["waiting"] and update["ply"] != moved_at:
                return update
            return None

        for _ in range(most_moves):
            update = await self.conn.until(my_turn_or_over, f"seat {self.seat}'s turn or the end")
            if update["outcome"] is not None:
                return update
            moved_at = update["ply"]
            await self.move(moved_at, choose(update))
        raise AssertionError(f"seat {self.seat} made {most_moves} moves and the game goes on")

    async def leave(self) -> None:
        await self.conn.close()


# --- lobby connections ----------------------------------------------------------------------


class LobbyClient:
    """A lobby connection: sign in, quick match, the listed tables, leaderboards."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, url: str, name: str | None = None, *, bot: bool = False) -> LobbyClient:
        conn = await Connection.open(url)
        first: Message = {"type": "lobby", "version": PROTOCOL_VERSION, "bot": bot}
        if name is not None:
            first["name"] = name
        await conn.send(first)
        await conn.next("challenge")
        return cls(conn)

    async def sign_in(self, identity: Identity) -> Message:
        return await _sign_in(self.conn, identity)

    async def whoami(self) -> Message:
        await self.conn.send({"type": "whoami"})
        return await self.conn.next("you")

    async def seek(self, game: str, *, rated: bool, seats: list[int] | None = None) -> Message:
        message: Message = {"type": "seek", "game": game, "rated": rated}
        if seats is not None:
            message["seats"] = seats
        await self.conn.send(message)
        return await self.conn.next("seeking")

    async def matched(self) -> Message:
        """Waits in the pool for a table (the `seeking` of each wave are passed over)."""
        return await self.conn.next("matched")

    async def cancel(self) -> Message:
        await self.conn.send({"type": "cancel"})
        return await self.conn.next("cancelled")

    async def top(
        self, game: str, *, limit: int = 20, offset: int = 0, everyone: bool = False
    ) -> Message:
        await self.conn.send(
            {"type": "top", "game": game, "limit": limit, "offset": offset, "everyone": everyone}
        )
        return await self.conn.next("board")

    async def subscribe(self) -> Message:
        await self.conn.send({"type": "subscribe"})
        return await self.conn.next("listing")

    def tables(self) -> dict[str, Message]:
        """The listed tables now, by watch code, from the `listing` and every change since."""
        rows: dict[str, Message] = {}
        for message in self.conn.heard:
            if message["type"] == "listing":
                rows = {row["watch"]: row for row in message["tables"]}
            elif message["type"] == "listed":
                rows[message["table"]["watch"]] = message["table"]
            elif message["type"] == "unlisted":
                rows.pop(message["watch"], None)
        return rows

    async def until_tables(self, holds: Callable[[dict[str, Message]], bool], what: str) -> None:
        await self.conn.until(lambda: holds(self.tables()), what)

    async def close(self) -> None:
        await self.conn.close()


#: either kind of connection (both hang up with `.conn.close()`)
Client = TableClient | LobbyClient


async def quick_match(
    url: str, lobby: LobbyClient, game: str, *, rated: bool
) -> tuple[Message, TableClient]:
    """Seeks a game, waits to be matched and takes the reserved seat with its token, dialling
    `/t/INVITE` as the document asks (on a cluster the table may be on another node)."""
    await lobby.seek(game, rated=rated, seats=None)
    matched = await lobby.matched()
    table_url = f"{url.rstrip('/')}/t/{matched['invite']}"
    return matched, await TableClient.resume(table_url, matched["token"])
