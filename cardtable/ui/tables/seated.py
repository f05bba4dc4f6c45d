"""A table screen bound to one session: who sits where and whose eyes it is drawn for, the
seats' names in its log, and what a person's keys ask of the session directly (a move, a hint,
a chat line, a replay's steps, the rules).

The base of ``TableScreen``, above ``TableRoom``: the turn flow over it decides when the game
goes on and what covers the table; this part reads the session and hands it what a person
chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.seats import Seat
from cardtable.session import Moved, Session
from cardtable.ui.tables import chatting, hinting, replaying, wording
from cardtable.ui.tables.room import TableRoom
from cardtable.ui.widgets.log import MoveLog

if TYPE_CHECKING:
    from textual import getters

    from cardtable.core.bots import Advice
    from cardtable.ui.app import CardtableApp


class SeatedTable(TableRoom):
    """A table's session, its seats and the keys that go straight to it."""

    #: events that end a set or round: a result box follows, and a replay jumps between them
    ROUND_ENDS: ClassVar[tuple[type, ...]] = ()
    if TYPE_CHECKING:  # the app that runs every screen here; Textual types it as any App
        app = getters.app(CardtableApp)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.spec = session.spec
        #: the hint key's last answer (see ``hinting``)
        self.last_hint: Advice | None = None

    def redraw(self) -> None:
        """Draw the table afresh from the session (the turn flow above says how)."""
        raise NotImplementedError

    # -- who sits where ---------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.session.seats

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table is drawn for (None: nobody's, e.g. behind the hand-off screen)."""
        return self.session.viewer

    @property
    def hotseat(self) -> bool:
        return self.session.hotseat

    @property
    def is_replay(self) -> bool:
        return self.session.is_replay

    @property
    def looking_on(self) -> bool:
        """Nobody here plays: a replay, or a spectator's view of a game held elsewhere."""
        return self.is_replay or self.session.spectating

    @property
    def my_turn(self) -> bool:
        """Whether the person at the keyboard may act now."""
        return self.session.my_turn

    @property
    def abandoned(self) -> bool:
        """Whether the person has left this table: a callback queued before they did must not
        touch its widgets, which are being taken down."""
        return self not in self.app.screen_stack

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def name_seats(self, line: str) -> str:
        """Swap the rules' "Player N" for the seat's name."""
        return wording.name_seats(line, self.seat_name)

    # -- the log ----------------------------------------------------------------------------------

    def log_events(self, moved: Moved) -> None:
        """The move's log lines, as the session wrote them for this table's reader."""
        self.log_lines(moved.lines)

    def log_lines(self, lines: tuple[str, ...]) -> None:
        log = self.query_one(MoveLog)
        for line in lines:
            log.add(self.name_seats(line))

    # -- what a person asks of the session --------------------------------------------------------

    def perform(self, action: Any) -> None:
        """Submit ``action``; an illegal one is refused with its reason and changes nothing."""
        self.session.submit(action)

    def play_human(self, action: Any) -> None:
        """A person's choice from a key or click; refused with a reason when it isn't theirs."""
        if self.session.is_over or self.is_replay:
            return
        if not self.my_turn:
            seat = self.session.to_move
            who = self.seats[seat].label if seat is not None else "nobody"
            self.notify(f"Wait: it is {who}'s turn.", severity="warning", markup=False)
            return
        self.perform(action)

    def refused(self, reason: str) -> None:
        """Say why a move was not allowed; nothing changed."""
        self.notify(self.name_seats(reason), title="Not allowed", severity="warning", markup=False)

    def action_hint(self) -> None:
        hinting.ask_for_hint(self)

    def action_chat(self) -> None:
        if chatting.chat_offered(self.session):
            self.query_one(chatting.ChatBox).open()

    def on_chat_box_typed(self, message: chatting.ChatBox.Typed) -> None:
        message.box.sent(self.session.say(message.line))

    def action_jump(self, delta: int) -> None:
        """To the next set or round of a replay, or back to the start of this or the last."""
        replay = replaying.replay_of(self.session)
        self.action_step_to(replaying.jump_target(replay, self.ROUND_ENDS, delta))

    def action_step(self, delta: int) -> None:
        self.action_step_to(self.session.ply + delta)

    def action_step_to(self, step: int) -> None:
        """Rebuild the replay's position after ``step`` actions and show its events as they
        happened."""
        replaying.replay_of(self.session).step_to(step)
        self.query_one(MoveLog).clear()
        self.log_lines(self.session.log_lines())
        self.redraw()

    def action_rules(self) -> None:
        self.app.show_rules(self.spec)
