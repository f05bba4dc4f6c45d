"""The messages between a table server and its clients: JSON checked by pydantic models.

Every message is an object tagged by ``type``; unknown fields are refused and every string and
list is bounded, so a message cannot grow the server's memory. ``PROTOCOL`` changes whenever a
message changes shape: the first message of a connection carries it, and an older client is told
to upgrade instead of being sent things it cannot read.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from cardtable.core.names import clean_name

PROTOCOL = 4
#: the largest message a client may send, in bytes (an action is a few dozen)
MAX_MESSAGE = 4096
#: a message longer than this is no client's mistake: it is answered, then the connection closed
MAX_FRAME = 16 * 1024
#: letters nobody misreads: no B/8, G/6, I/1, L, O/0, S/5, Z/2
CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY"

Code = Annotated[str, StringConstraints(pattern=f"^[{CODE_LETTERS}]{{5}}$")]
Token = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{20,64}$")]
#: a person's name: plain printable text, 1 to ``MAX_NAME`` characters (see ``clean_name``)
Name = Annotated[str, StringConstraints(max_length=MAX_MESSAGE), AfterValidator(clean_name)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=32)]
#: a number sent as a number: "3" and true are refused, not read as 3 and 1
Version = StrictInt


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- client to server --------------------------------------------------------------------------


class Create(_Message):
    """Open a table; the sender takes the first seat marked "human"."""

    type: Literal["create"]
    version: Version
    game: Word
    #: every seat in order: "human" or a bot level
    seats: list[Word] = Field(min_length=1, max_length=8)
    options: dict[Word, Word] = Field(default_factory=dict, max_length=16)
    name: Name = "Host"
    #: shown to everyone in the lobby while a seat is free (friend tables are not, by default)
    listed: bool = False
    #: sign this seat in with a key: the server sends a ``challenge`` after the welcome
    identify: bool = False


class Join(_Message):
    """Take a free seat at the table with this invite code."""

    type: Literal["join"]
    version: Version
    code: Code
    name: Name = "Guest"
    #: sign this seat in with a key: the server sends a ``challenge`` after the welcome
    identify: bool = False


class Resume(_Message):
    """Sit down again in the seat this secret token was given for."""

    type: Literal["resume"]
    version: Version
    token: Token


class Watch(_Message):
    """Watch the table with this watch code: the public view only."""

    type: Literal["watch"]
    version: Version
    code: Code
    #: how the spectator's chat lines are signed ("Ann (watching)"); else "Spectator N"
    name: Name | None = None


class Move(_Message):
    """Play ``action`` (the codec's form) at move ``ply``; any other ply is a stale move."""

    type: Literal["move"]
    ply: StrictInt = Field(ge=0, le=1_000_000)
    action: dict[Word, Any]


class Rematch(_Message):
    """Once the game is over: play again with the same seats (everyone present must ask)."""

    type: Literal["rematch"]


class Chat(_Message):
    """Say ``text`` to everyone at the table (checked, cut to size and rate-limited by the
    server's chat, which says why it refuses one)."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=MAX_MESSAGE)]


# -- the lobby: a connection that sits at no table -----------------------------------------------

#: an OpenSSH public key line ("ssh-ed25519 AAAA…"); long enough for any key type's line
PublicKey = Annotated[str, StringConstraints(min_length=1, max_length=800)]
#: bytes as unpadded or padded standard base64
Base64 = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9+/]{1,400}={0,2}$")]


class Lobby(_Message):
    """Open a lobby connection (no table): sign in, seek, watch the listings, read ratings.

    The server answers with a ``challenge``; signing it is needed for rated play only."""

    type: Literal["lobby"]
    version: Version
    name: Name = "Player"
    #: the player is a program (``cardtable seek --bot``): shown as a bot account
    bot: bool = False
    #: an SSH visitor's pass from ``cardtable ssh`` (signed in as the SSH key it logged in with)
    door: Token | None = None


class SignIn(_Message):
    """The answer to the server's ``challenge``: the public key, and its signature over
    ``"cardtable sign-in v1\n" + Host + "\n" + nonce`` (see docs/PROTOCOL.md)."""

    type: Literal["sign_in"]
    key: PublicKey
    signature: Base64


class Seek(_Message):
    """Join the quick-match pool of ``game``: for a table of ``seats[0]`` to ``seats[1]``
    players (default: any size the game allows). Seeking again replaces the earlier seek."""

    type: Literal["seek"]
    game: Word
    rated: bool = False
    seats: tuple[Annotated[int, Field(ge=1, le=8)], Annotated[int, Field(ge=1, le=8)]] | None = None


class Cancel(_Message):
    """Leave the quick-match pool."""

    type: Literal["cancel"]


class Subscribe(_Message):
    """Receive the listed tables now, then every change to them as it happens."""

    type: Literal["subscribe"]


class Top(_Message):
    """A leaderboard page: ranked players from ``offset``; with ``everyone``, every rated
    player (ranked first, then the provisional and the inactive)."""

    type: Literal["top"]
    game: Word
    offset: StrictInt = Field(default=0, ge=0, le=10_000_000)
    limit: StrictInt = Field(default=20, ge=1, le=1000)
    everyone: bool = False
    #: the game's solo best scores instead (answered with ``solo_board``)
    solo: bool = False


class WhoAmI(_Message):
    """Who this connection is signed in as, with their ratings."""

    type: Literal["whoami"]


LobbyRequest = SignIn | Seek | Cancel | Subscribe | Top | WhoAmI


Hello = Create | Join | Resume | Watch | Lobby
ClientMessage = Annotated[
    Create | Join | Resume | Watch | Lobby | Move | Rematch | Chat | LobbyRequest,
    Field(discriminator="type"),
]
_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse_client(
    raw: str | bytes,
) -> Create | Join | Resume | Watch | Lobby | Move | Rematch | Chat | LobbyRequest:
    """A client's message; raises pydantic's ValidationError naming what is wrong."""
    return _CLIENT.validate_json(raw)


def plain_problem(error: ValidationError) -> str:
    """What is wrong with a client's message, in words a person can act on."""
    first = error.errors()[0]
    field = str(first["loc"][-1]) if first["loc"] else ""
    if field == "code":
        return f"a code is five letters from {CODE_LETTERS}"
    if field == "name" and first["type"] == "value_error":
        return str(first["ctx"]["error"])
    where = ".".join(str(p) for p in first["loc"]) or "message"
    return f"{where}: {first['msg']}"


def message_bytes(raw: str | bytes) -> int:
    """How long a message is as its limits count it: in bytes, not characters."""
    return len(raw.encode()) if isinstance(raw, str) else len(raw)


def stated_version(raw: str | bytes) -> int | None:
    """The ``version`` a first message claims, read before it is validated (an old client's
    message may not fit today's models); None if it names none."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # deep nesting: the validator then refuses it too
        return None
    version = data.get("version") if isinstance(data, dict) else None
    return version if type(version) is int else None


# -- server to client --------------------------------------------------------------------------


class SeatInfo(_Message):
    name: str
    bot: str | None = None
    #: a person is connected to this seat now
    connected: bool = False
    #: a bot plays for the person who left, until they come back
    stand_in: bool = False
    #: the player has left a game that goes on without them (Pazu-Pazaak, between sets)
    left: bool = False
    #: the game is over and this player asked for another at the same table
    again: bool = False


class Welcome(_Message):
    """You are in: your seat (None: watching), its token (first time only) and the codes."""

    type: Literal["welcome"]
    game: str
    seat: int | None
    token: str | None = None
    #: the code that takes a seat: None for a spectator, who holds only the watch code (a
    #: spectator told the invite could sit down uninvited)
    invite: str | None = None
    watch: str
    #: the rules options; None for a game whose options hold a seat's secret (a side deck):
    #: then they come with the seed once the game is over
    config: dict[str, Any] | None


class Played(_Message):
    """One move's events and log lines, as the receiving seat may know them."""

    events: list[dict[str, Any]]
    lines: list[str]


class Result(_Message):
    winners: list[int]
    scores: list[float]
    stats: dict[str, float | list[float]] = Field(default_factory=dict)


class Update(_Message):
    """The table now, for one seat; ``moves`` are the moves since the last update (all of them,
    the opening deal first, when ``fresh``: a new connection or a rematch)."""

    type: Literal["update"]
    #: which game at this table (a rematch starts another)
    game_id: str
    ply: int
    fresh: bool
    to_move: int | None
    seats: list[SeatInfo]
    #: some human seat has not been taken yet
    waiting: bool
    observation: dict[str, Any]
    legal: list[dict[str, Any]]
    moves: list[Played]
    #: log lines since the last update that belong to no move: a person away (a bot plays for
    #: them) or back
    notes: list[str] = Field(default_factory=list)
    outcome: Result | None = None
    #: told once the game is over, so the game can be kept and replayed
    seed: int | None = None
    actions: list[dict[str, Any]] | None = None
    config: dict[str, Any] | None = None


class Error(_Message):
    """What was wrong with the last message; nothing changed."""

    type: Literal["error"]
    code: str
    message: str


class Heard(_Message):
    """Someone at the table said ``text``: the seat's ``name``, or a spectator's label (seat
    None). Passed on, never kept."""

    type: Literal["chat"]
    seat: int | None
    name: str
    text: str


class RematchExpired(_Message):
    """The rematch offer of ``seat`` stood ``after`` seconds without everyone asking too, and
    was withdrawn (its seat is no longer marked ``again``); asking again makes a new offer."""

    type: Literal["rematch_expired"]
    seat: int
    name: str
    after: float


class Upgrade(_Message):
    type: Literal["upgrade"]
    version: Version
    message: str


# -- the lobby, server to client -------------------------------------------------------------------


class Challenge(_Message):
    """Sign ``nonce`` (base64 of 32 random bytes) to sign in; ``host`` is the Host header this
    connection's handshake named, which the signed text must hold."""

    type: Literal["challenge"]
    nonce: str
    host: str


class RatingInfo(_Message):
    """A rating in one game: ``shown`` is what people read ("1,512", "1,500?" while provisional)."""

    shown: str
    display: int
    provisional: bool
    mu: float
    sigma: float
    games: int
    #: what leaderboards rank by: mu − 3·sigma
    conservative: float


class You(_Message):
    """Who this connection is: ``player`` None while not signed in (anonymous, unrated)."""

    type: Literal["you"]
    player: str | None
    tag: str | None
    name: str
    bot: bool
    ratings: dict[str, RatingInfo]
    #: the share of their rated games they stayed in to the end (None: none started)
    finish_rate: float | None = None


class Seeking(_Message):
    """Pushed while in the pool (at every wave): what the waiting screen shows."""

    type: Literal["seeking"]
    game: str
    rated: bool
    seats: tuple[int, int]
    waited: float
    #: players seeking this game now, rated and casual
    seeking: int
    #: display points either side of your rating you are matched within now
    range: int
    #: no match yet after a long wait: a casual table against a bot is suggested
    bot_offer: bool = False


class Cancelled(_Message):
    """Out of the pool (asked for, or a matched seat not taken in time)."""

    type: Literal["cancelled"]
    message: str


class Opponent(_Message):
    """A player as the lobby shows them: name, tag and rating (None: not signed in)."""

    name: str
    tag: str | None
    rating: str | None
    bot: bool = False
    #: the share of their rated games they stayed in to the end (None: none yet, or unknown)
    finish_rate: float | None = None


class Matched(_Message):
    """A table was formed: take seat ``seat`` with ``token`` (a ``resume`` on a new
    connection) within ``within`` seconds, or the match is called off."""

    type: Literal["matched"]
    match: int
    game: str
    rated: bool
    seat: int
    token: str
    invite: str
    within: float
    players: list[Opponent]


class CalledOff(_Message):
    """A match was called off because a seat was not taken in time; ``requeued``: you took
    yours, so you are back at the front of the pool."""

    type: Literal["called_off"]
    match: int
    requeued: bool


class ListedTable(_Message):
    """One listed table, as the lobby shows it (never a token, never a hidden card)."""

    watch: str
    #: the invite code while a seat is free (None once full)
    invite: str | None
    game: str
    seats: int
    taken: int
    players: list[Opponent]
    options: dict[str, str]
    rated: bool
    spectators: int


class Listing(_Message):
    """Every listed table, sent on ``subscribe``."""

    type: Literal["listing"]
    tables: list[ListedTable]


class Listed(_Message):
    """A listed table opened or changed (same ``watch``: replaces the earlier row)."""

    type: Literal["listed"]
    table: ListedTable


class Unlisted(_Message):
    """A listed table closed, or its game ended."""

    type: Literal["unlisted"]
    watch: str


class BoardRow(_Message):
    #: None: not ranked (provisional, or no rated game lately)
    rank: int | None
    player: str
    name: str
    tag: str
    bot: bool
    rating: RatingInfo
    finish_rate: float | None


class Board(_Message):
    """A leaderboard page, and the asker's own row wherever it is (None: unrated there)."""

    type: Literal["board"]
    game: str
    offset: int
    rows: list[BoardRow]
    you: BoardRow | None


class SoloRow(_Message):
    """A player's best solo game: fewest rounds, then the highest score (``day``: YYYY-MM-DD)."""

    rank: int
    player: str
    name: str
    tag: str
    rounds: int
    score: int
    games: int
    day: str


class SoloBoard(_Message):
    """A page of a solo game's best scores, and the asker's own best (None: none yet)."""

    type: Literal["solo_board"]
    game: str
    offset: int
    rows: list[SoloRow]
    you: SoloRow | None


class RatingChange(_Message):
    player: str
    tag: str
    name: str
    before: RatingInfo
    after: RatingInfo
    #: "1,512 → 1,527 (+15)"
    text: str


class Rated(_Message):
    """On a table connection, after a rated game's end: each seat's rating change, in seat order
    (``counted`` False: nobody's rating moved, and ``reason`` says why in a sentence)."""

    type: Literal["rated"]
    counted: bool
    changes: list[RatingChange]
    #: set whenever ``counted`` is False: the daily pair limit, a game abandoned before every
    #: player moved, or a server that keeps no ratings
    reason: str | None = None


LobbyNews = (
    Challenge
    | You
    | Seeking
    | Cancelled
    | Matched
    | CalledOff
    | Listing
    | Listed
    | Unlisted
    | Board
    | SoloBoard
)


ServerMessage = Annotated[
    Welcome | Update | Error | Upgrade | Heard | RematchExpired | Rated | LobbyNews,
    Field(discriminator="type"),
]
_SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def parse_server(
    raw: str | bytes,
) -> Welcome | Update | Error | Upgrade | Heard | RematchExpired | Rated | LobbyNews:
    return _SERVER.validate_json(raw)


def upgrade_message(stated: int | None) -> str:
    """The answer to a first message of another protocol, saying which side is older."""
    if stated is not None and stated > PROTOCOL:
        words = (
            f"this server is older than your cardtable (it speaks protocol {PROTOCOL}, yours "
            f"{stated}): its owner must upgrade it, or you play with an older cardtable"
        )
    else:
        words = (
            f"your cardtable is older than this server (it speaks protocol {PROTOCOL}, yours "
            f"{stated if stated is not None else 'none'}): upgrade cardtable to play here"
        )
    return Upgrade(type="upgrade", version=PROTOCOL, message=words).model_dump_json()


def error_message(code: str, message: str) -> str:
    return Error(type="error", code=code, message=message).model_dump_json()
