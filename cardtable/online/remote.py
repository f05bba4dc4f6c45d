"""A table held by a server, seen through one seat: the ``Session`` the table screens draw from.

The connection (``link.Link``) runs as a task on the caller's asyncio loop (the app's, in the UI),
so the screen never waits on the network. A dropped connection is retried with growing, jittered
pauses, resuming the seat with its secret token; meanwhile ``connection`` says "reconnecting…" and
moves are refused. This class is the table as the server tells it: the protocol's answers, the
seat's decoded view and the game's log.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

from cardtable.core.codec import encode
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.names import YOU
from cardtable.core.printable import printable
from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec
from cardtable.online.chat import MAX_CHAT
from cardtable.online.holding import HeldUpdates
from cardtable.online.identity import Identity
from cardtable.online.link import TRANSPORT, Link
from cardtable.online.presence import away_from, table_note
from cardtable.online.protocol import (
    PROTOCOL,
    Challenge,
    Chat,
    Error,
    Heard,
    Move,
    Rated,
    Rematch,
    RematchExpired,
    SeatInfo,
    SignIn,
    Update,
    Upgrade,
    Welcome,
    You,
    parse_server,
)
from cardtable.online.reach import unreachable
from cardtable.online.rematching import Rematching, others_asked
from cardtable.online.tables import wire_decoder
from cardtable.online.told import Told
from cardtable.session.base import (
    Dispatch,
    Listener,
    Moved,
    NextGame,
    Noted,
    RatingsChanged,
    Refused,
    RematchEnd,
    Said,
    Session,
    Status,
)

#: refusals of the first message: the session cannot go on (a bad code, an old client, …)
FATAL = {"code", "full", "token", "game", "seats", "options", "invalid", "hello", "size"}


class RemoteSession(Session):
    """One seat (or a spectator's view, ``viewer`` None) of a table on the server at ``url``."""

    offers_hints = False
    held_here = False
    chats = True

    @property
    def spectating(self) -> bool:
        return self.hello.get("type") == "watch"

    def __init__(
        self, spec: GameSpec | None, url: str, hello: dict[str, Any], kept: str | None = None
    ) -> None:
        """``spec`` may be None when joining by code: the server's welcome names the game.
        ``kept``: a token kept from an earlier visit, tried before ``hello`` (a join)."""
        super().__init__()
        if spec is not None:
            self.spec = spec
        self.url = url
        self.link = Link(url)
        #: the server as friends elsewhere reach it (a network address, hosting with --lan)
        self.shared_url = url
        self.hello = {**hello, "version": PROTOCOL}
        self.viewer = None
        self.token: str | None = kept or hello.get("token")
        #: the token was kept from before: if its seat is taken now (by this person's other
        #: terminal, say), join as someone new instead
        self._kept = kept is not None
        self.invite = self.watch = ""
        #: why the session had to stop (a bad code, an old client), shown to the person
        self.problem: str | None = None
        self.ready = asyncio.Event()
        self.connection = "connecting…"
        #: called with the token once the server gives one, so the seat can be resumed later
        self.on_token: Callable[[RemoteSession], None] | None = None
        self._decoder = None if spec is None else wire_decoder(spec)
        self._config: Any = None
        #: what the server has told this seat: the latest update, every move, the log
        self._told = Told()
        #: the updates that came after a set or round ended (the server deals the next one at
        #: once), held until the table has shown how it ended and ``proceed``s
        self._held = HeldUpdates()
        #: this seat's ask for another game: ``ready`` waits for the next one
        self._rematch = Rematching()
        #: the finished game, rebuilt from the seed and actions the server tells at its end
        self.match: Match | None = None
        self._keeper: Callable[[Session], None] | None = None
        #: the rating changes of a rated game's end (quick match), once the server sends them
        self.rated: Rated | None = None
        #: chat and notes heard while no table listened (between a game and its rematch), told
        #: to the next
        self._unheard: deque[Said | Noted] = deque(maxlen=20)
        #: the player's key when this seat signs in (``identify``); ``you`` once it has
        self.identity: Identity | None = None
        self.you: You | None = None

    def identify(self, identity: Identity) -> None:
        """Sign this seat in with ``identity`` once seated (call before ``start``), so a listed
        table's lobby row shows the player's tag and rating. A create or join only."""
        self.identity = identity
        self.hello["identify"] = True

    # -- the connection ------------------------------------------------------------------------

    def start(self) -> None:
        """Begin connecting on the running loop; ``ready`` is set at the first update."""
        self.link.start(self)

    def greeting(self) -> str:
        """Resume by token once there is one; otherwise the first request (create, join, watch)."""
        if self.token is not None:
            return json.dumps({"type": "resume", "version": PROTOCOL, "token": self.token})
        return json.dumps(self.hello)

    def path(self) -> str:
        """The table's own address on the server once its code is known (``/t/CODE``): a node
        of several that does not hold the table sends the client on to the one that does."""
        code = (self.watch if self.spectating else self.invite) or self.hello.get("code", "")
        return f"/t/{code}" if code else ""

    def heard(self, raw: str | bytes) -> None:
        self._receive(parse_server(raw))

    def dropped(self, error: Exception | None) -> bool:
        """A server never reached at all is a problem named at once, not retried; nor is one
        that sends what this client cannot read."""
        if isinstance(error, TRANSPORT):
            if not self.watch:  # no welcome yet: this server was never reached
                self._stop(unreachable(self.url, error))
        elif error is not None:
            self._stop(
                unreachable(self.url, error)
                if not self.watch
                else f"cannot read what the server sent (is it newer?): {error}"
            )
        if self.problem is not None:
            return False
        self._set_status("reconnecting…")
        return True

    def given_up(self) -> None:
        self._stop("the server cannot be reached")

    def _stop(self, problem: str) -> None:
        self.problem = problem
        self._set_status(problem)
        self.ready.set()

    def close(self) -> None:
        """Nobody shows this table any more: hang up. (A screen that hands the session on to
        the next game's screen only ``disconnect``s.)"""
        super().close()
        self._held.forget()
        self.hang_up()

    def hang_up(self) -> None:
        self.link.hang_up()

    # -- what arrives --------------------------------------------------------------------------

    def _receive(self, message: Any) -> None:
        if isinstance(message, Welcome):
            if message.game not in GAMES:
                self._stop(f"this server plays {message.game}: upgrade cardtable to play it")
                return
            if self._decoder is None or message.game != self.spec.id:
                self.spec = GAMES[message.game]
                self._decoder = wire_decoder(self.spec)
            self.viewer = message.seat
            self.invite, self.watch = message.invite or "", message.watch
            if message.config is not None:
                self._config = self._decoder.decode(message.config)
            self._kept = False
            if message.token is not None:
                self.token = message.token
                if self.on_token is not None:
                    self.on_token(self)
        elif isinstance(message, Update):
            if not self._held.keep(message):
                self._apply(message)
        elif isinstance(message, Heard):
            self._hear(message)
        elif isinstance(message, RematchExpired):
            self._offer_expired(message)
        elif isinstance(message, Challenge):
            self._sign_in(message)
        elif isinstance(message, You):
            self.you = message
        elif isinstance(message, Rated):
            self.rated = message
            lines = [f"{c.name}#{c.tag} {c.text}" for c in message.changes]
            if message.reason is not None:
                lines.append(f"Not rated: {message.reason}.")
            self.emit(RatingsChanged(tuple(lines)))
        elif isinstance(message, Upgrade):
            self._stop(message.message)
        elif isinstance(message, Error):
            if message.code in ("taken", "left") and self._kept:
                self._kept, self.token = False, None
                self.link.send(json.dumps(self.hello))
            elif message.code == "taken" and self.link.connected:
                # our old connection has not been noticed gone yet: try again shortly
                self.link.close_soon()
            elif message.code == "left" or (self._update is None and message.code in FATAL):
                self._stop(message.message)
            else:
                self.emit(Refused(message.message))

    def _sign_in(self, challenge: Challenge) -> None:
        """Sign the server's nonce, bound to the Host this connection's handshake named."""
        ws = self.link.ws
        if self.identity is None or ws is None or ws.request is None:
            return
        signature = self.identity.sign(
            ws.request.headers["Host"], base64.b64decode(challenge.nonce)
        )
        answer = SignIn(
            type="sign_in", key=self.identity.public, signature=base64.b64encode(signature).decode()
        )
        self.link.send(answer.model_dump_json())

    def _apply(self, update: Update) -> None:
        """Take in an update; each move the screen has not seen yet reaches it as ``Moved``."""
        assert self._decoder is not None, "an update before the welcome"
        news = self._told.take(update, self._decoder)
        new_game, moved, notes = news.new_game, news.moved, news.notes
        self._set_status(table_note(update, self.viewer, self.invite, self.rematching))
        if new_game:
            self.match = None
        self._keep_if_over(update)
        if not self.ready.is_set():
            if self._rematch.begins(update.game_id):
                self.ready.set()
            return
        if new_game:  # a rematch this seat did not wait for (a spectator's, say): follow it
            self.emit(NextGame())
            return
        if moved and update.to_move is None and update.outcome is None and self._listeners:
            self._held.hold()  # a set or round has ended: a table shows it until ``proceed``
        self._tell(moved)
        if notes:
            self.emit(Noted(notes))

    def _tell(self, moved: tuple[Moved, ...]) -> None:
        """Tell every listener these moves, counting each on its way until it is handed over
        (``proceed`` waits for the last of them)."""
        listeners = tuple(self._listeners)
        self._held.told(len(moved) * len(listeners))
        for change in moved:
            for listener, dispatch in listeners:
                dispatch(partial(self._hand, listener, change))

    def _hand(self, listener: Listener, moved: Moved) -> None:
        self._held.handed()
        listener(moved)

    def _hear(self, heard: Heard) -> None:
        """A chat line, cleaned again here (a server is no reason to trust text); the sender of
        this seat's own lines reads "You"."""
        mine = heard.seat is not None and heard.seat == self.viewer
        said = Said("You" if mine else printable(heard.name)[:32], printable(heard.text)[:MAX_CHAT])
        if self._listeners:
            self.emit(said)
        else:
            self._unheard.append(said)

    def _offer_expired(self, expired: RematchExpired) -> None:
        """A rematch offer was withdrawn. This seat's own: it no longer waits for the next game
        (``ready`` again, on the finished one), and its table is told why."""
        line, mine = self._rematch.expired(expired, self.viewer)
        note = Noted((line,))
        if self._listeners:
            self.emit(note)
        else:
            self._unheard.append(note)
        if mine:
            self.ready.set()

    def connect(self, listener: Listener, dispatch: Dispatch) -> None:
        super().connect(listener, dispatch)
        while self._unheard:
            self.emit(self._unheard.popleft())

    def keep(self, save: Callable[[Session], None]) -> None:
        """``save`` gets this session once its game is over and ``match`` holds the whole game."""
        self._keeper = save

    def _keep_if_over(self, update: Update) -> None:
        """Rebuild the finished game from what the server tells at its end, once, and keep it."""
        if self.match is not None or update.seed is None or update.actions is None:
            return
        assert self._decoder is not None
        try:
            if update.config is not None:  # the whole config, side decks too, now it is over
                self._config = self._decoder.decode(update.config)
            actions = [self._decoder.decode(a) for a in update.actions]
            self.match = Match.replay(self.spec.rules, self.config, update.seed, actions)
        except (ValueError, IllegalAction):
            return  # a server that tells a game its own rules refuse: nothing to keep
        if self._keeper is not None:
            self._keeper(self)

    def away(self) -> list[SeatInfo]:
        """The other people whose seats nobody is connected to now (who left for good aside)."""
        return away_from(self._update, self.viewer)

    def asked_again(self) -> set[int]:
        """The seats that asked for another game at this table (this one's among them)."""
        return self._rematch.asked_again(self._update, self.viewer)

    def others_asked(self) -> bool:
        """Every other person at the table has asked for another game: this seat's asking
        starts it."""
        return others_asked(self._update, self.viewer)

    async def settled(self) -> RematchEnd:
        """After ``again``: wait until the next game begins, the offer expires, or the server
        is gone (``problem`` says why)."""
        await self.ready.wait()
        if self.problem is not None:
            return "gone"
        return "expired" if self.is_over else "begun"

    def waiting_text(self) -> str:
        """What a waiting room shows of this table now (the codes, the seats, the rematch)."""
        # loaded here: the words bring the hosting module, wanted only once a room is shown
        from cardtable.online.waitingwords import room_text

        return room_text(self)

    def _set_status(self, text: str | None) -> None:
        if text != self.connection:
            self.connection = text
            self.emit(Status(text))

    # -- the Session interface -----------------------------------------------------------------

    @property
    def _update(self) -> Update | None:
        """The latest update the server sent this seat."""
        return self._told.update

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Everyone by the name they gave, but the reader's own seat: "You", as at home."""
        update = self._update
        if update is None:
            return ()
        return tuple(
            Seat(YOU if i == self.viewer else s.name, s.bot) for i, s in enumerate(update.seats)
        )

    @property
    def rematching(self) -> bool:
        """A rematch was asked for and has not started yet."""
        return self._rematch.asked

    @property
    def waiting(self) -> bool:
        """No update yet, or some human seat has not been taken."""
        return self._update is None or self._update.waiting

    @property
    def my_turn(self) -> bool:
        """The server takes no move while a seat waits for its person."""
        return super().my_turn and not self.waiting

    @property
    def my_seats(self) -> frozenset[int]:
        return frozenset() if self.viewer is None else frozenset((self.viewer,))

    @property
    def counted_seats(self) -> frozenset[int]:
        return self.my_seats

    @property
    def replay_tag(self) -> str:
        seat = "watch" if self.viewer is None else f"seat{self.viewer + 1}"
        return f"{self.invite}-{seat}"

    @property
    def to_move(self) -> int | None:
        return None if self._update is None else self._update.to_move

    @property
    def outcome(self) -> Outcome | None:
        return self._told.outcome()

    @property
    def ply(self) -> int:
        return 0 if self._update is None else self._update.ply

    @property
    def seed(self) -> int | None:
        return None if self._update is None else self._update.seed

    @property
    def config(self) -> Any:
        return self._config

    def observe(self) -> Any:
        if self._decoder is None:
            return None  # nothing told yet: not even which game
        return self._told.observation(self._decoder)

    def playable(self) -> tuple[Any, ...]:
        if not self.my_turn:
            return ()
        assert self._decoder is not None
        return self._told.legal(self._decoder)

    def history(self) -> tuple[tuple[Any, ...], ...]:
        return tuple(self._told.events)

    def log_lines(self) -> tuple[str, ...]:
        return tuple(self._told.lines)

    def submit(self, action: Any) -> None:
        """Send ``action`` for the position shown; the server's update or refusal answers."""
        if not self.link.connected:
            self.emit(Refused("not connected to the server: reconnecting…"))
            return
        move = Move(type="move", ply=self.ply, action=encode(action))
        self.link.send(move.model_dump_json())

    def say(self, text: str) -> str | None:
        """Send a chat line to everyone at the table; why it cannot go, if it cannot (the
        server may still refuse it, for coming too fast, with a ``Refused``)."""
        line = printable(text)
        if not line:
            return "nothing to say: type a line first"
        if len(line) > MAX_CHAT:
            return f"a chat line holds at most {MAX_CHAT} characters; this one has {len(line)}"
        if not self.link.connected:
            return "not connected to the server: reconnecting…"
        self.link.send(Chat(type="chat", text=line).model_dump_json())
        return None

    def again(self) -> RemoteSession | None:
        """Ask for another game with the same seats (a spectator waits for the players to);
        ``ready`` is set when it starts. The session is its own ``Rematch``: it shows the next
        game once it begins."""
        if self._update is None or not self.is_over:
            return None
        self._rematch.ask(self._update.game_id)
        self.ready.clear()
        if self.viewer is not None:
            self.link.send(Rematch(type="rematch").model_dump_json())
        return self

    def proceed(self) -> None:
        """The server plays the bots and deals the next set or round itself; what it sent
        since a set or round ended, held while the table showed that end, comes now."""
        for update in self._held.release():
            if not self._held.keep(update):  # another set ended among them: the rest held again
                self._apply(update)
