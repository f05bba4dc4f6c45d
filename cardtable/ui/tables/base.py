"""What every game table shares: the turn flow between a session and the screen.

A game's table subclasses ``TableScreen``: it composes its widgets, redraws them from an
observation in ``show``, and turns keys and clicks into actions through ``play_human``; what
differs between games in the flow is said by class settings (``ROUND_ENDS``, ``ROUND_WORD``,
``HIDDEN_CARDS``, ``BOARD_ID``), not by overriding it. The base draws from a ``Session`` (a
game held here, replayed, or elsewhere) and never from the game itself: it submits actions,
listens for what changed, and decides when a result box waits for the player (the session
holds the ended set's boards under it until the table proceeds). The next game at the same
table (Play again, a rematch online) is drawn on the same screen: ``take_game`` resets what the
table knew of the last one. Its parts, one job each: ``calling`` (news onto the table's loop),
``room`` (the screen: keys, footer, a result panel's place), ``seated`` (the session's seats,
the log, and the keys that go straight to the session), ``wording`` (the log's words),
``status`` (the status line), ``handing`` (hot-seat hand-off, the next game), ``ending`` (the
match's result box, leaving), ``collecting`` (the cycle collector at a match's end),
``replaying``, ``hinting`` and ``chatting``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from cardtable.session import (
    Change,
    HandOff,
    Moved,
    NextGame,
    Noted,
    RatingsChanged,
    Refused,
    Said,
    Session,
    Status,
    Thinking,
)
from cardtable.ui import motion
from cardtable.ui.cues import Cue, CueReaders, cues
from cardtable.ui.games import GAME_UIS
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.tables import (
    calling,
    chatting,
    ending,
    handing,
    hinting,
    rated,
    replaying,
    status,
)
from cardtable.ui.tables.seated import SeatedTable
from cardtable.ui.widgets.footer import Footer
from cardtable.ui.widgets.log import MoveLog


def seed_text(seed: int | None) -> str:
    """ " · seed N" for the header, or nothing while the seed is secret (an online game)."""
    return "" if seed is None else f" · seed {seed}"


class TableScreen(SeatedTable):
    """The base of every game table. Subclasses implement ``compose_table`` and ``show``."""

    DEFAULT_CSS = """
    TableScreen { background: $felt; layout: vertical; }
    TableScreen #status-line { height: 1; padding: 0 1; background: $panel; color: $foreground; }
    TableScreen.-replay Button, TableScreen.-spectator Button { display: none; }
    TableScreen.-log-folded MoveLog { display: none; }
    """
    #: what the game calls one deal played out, for the status line under a result box
    ROUND_WORD: ClassVar[str] = "round"
    #: the game keeps cards from some seats (a hand): hot-seat covers the table between two
    #: people. Without hidden cards the keyboard passes at once, the status line, the prompt
    #: and the highlighted board saying whose turn it is (an opaque screen would guard nothing)
    HIDDEN_CARDS: ClassVar[bool] = True
    #: the widget that draws a seat's board, by its id: a move's motion plays on it
    BOARD_ID: ClassVar[str] = "board-{seat}"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: the set or round result open over the table (a game held elsewhere may end another
        #: meanwhile); a game held here waits for it to be answered
        self.open_result: ResultPanel | None = None
        #: Play again was pressed: the finished game stays drawn until the next one is taken
        #: (news of it may come first, and drawing it under the result box is wasted work)
        self.next_game_asked = False

    @property
    def interlude_up(self) -> bool:
        """A set or round result is open over the table (closed with Escape, or not)."""
        return self.open_result is not None

    # -- for subclasses ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """The game's own widgets."""
        raise NotImplementedError

    def show(self, observation: Any) -> None:
        """Redraw the game's widgets from ``observation`` (as ``self.viewer`` sees it)."""
        raise NotImplementedError

    def interlude(self, events: tuple[Any, ...]) -> ResultPanel | None:
        """A screen to show after these events (a set result, a round summary), if any."""
        return None

    @cached_property
    def cue_readers(self) -> CueReaders:
        return GAME_UIS[self.spec.id].load_cues()

    def move_cues(self, events: tuple[Any, ...]) -> list[Cue]:
        """The moments of a move worth motion, by the game's own event types."""
        return cues(events, self.cue_readers)

    def final_result(self) -> ResultPanel:
        """The match result, beside the final boards."""
        return ending.match_result(self)

    # -- shared flow ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status-line", markup=False)
        yield from self.compose_table()
        if chatting.chat_offered(self.session):
            yield chatting.ChatBox()
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.spec.title
        self.set_class(self.is_replay, "-replay")
        self.set_class(self.session.spectating, "-spectator")
        self._listen(self.session)
        self.log_lines(self.session.log_lines())
        self.redraw()
        if not self.is_replay:
            self.call_after_refresh(self._first_turn)

    def on_unmount(self) -> None:
        self.session.close()

    def _listen(self, session: Session) -> None:
        """Hear what ``session`` says, keep its game saved, and think for its bots here."""
        session.connect(self.on_session, calling.OwnLoop(self))
        session.keep(self.app.autosave)
        session.background = self._in_worker

    def take_game(self, session: Session) -> None:
        """Play the table's next game on this screen (Play again, a rematch online): the widgets
        stay, what the table knew of the last game goes (``reset_game``), and the new game is
        logged and drawn as a new table would. ``session`` may be the one shown (a game held
        elsewhere goes on to its next game) or a new one (the old one is closed)."""
        if session is not self.session:
            self.session.close()
            self.session = session
            self._listen(session)
        self.reset_game()
        self.reserve(None)  # kept for the last result until now: one layout for both
        self.query_one(MoveLog).start_over()
        self.log_lines(session.log_lines())
        self.redraw()
        # before the frame, not after it as on a new table: it redraws what changes (its
        # first deal, say) in the same frame rather than laying the table out again
        self.call_later(self._first_turn)

    def reset_game(self) -> None:
        """Forget what was drawn of the last game; a game's table forgets its own state too."""
        self.open_result = self.last_hint = None
        self.next_game_asked = False

    def on_result_panel_toggled(self, message: ResultPanel.Toggled) -> None:
        """The result over the table was closed or brought back: what the table says it
        waits for changes with it."""
        self.redraw()

    def on_session_called(self, message: calling.SessionCalled) -> None:
        if not self.abandoned:
            message.callback()

    def _in_worker(self, job: Callable[[], None]) -> None:
        """Bots think in a Textual thread worker, so tests and screenshots can wait for them."""
        self.run_worker(job, thread=True, group="bot")

    # -- which keys work now ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in replaying.ACTIONS:
            return self.is_replay
        if action == "hint":
            return hinting.hint_offered(self.session)
        if action == "chat":
            return chatting.chat_offered(self.session)
        if action in ("exit_table", "stop_watching"):
            return (action == "stop_watching") == ending.ends_the_program(self)
        return True

    def redraw(self) -> None:
        # once the next game is asked for, the last one stays as drawn until the next is taken:
        # a change drawn under the result box (its status line, say) has the box draw its whole
        # see-through backdrop again, which cost as much as the next game's first frame
        if self.abandoned or self.next_game_asked:
            return
        self.show(self.session.observe())
        # one line, always: told so, the status line's update lays out nothing else
        self.query_one("#status-line", Static).update(self.status_text(), layout=False)
        self.refresh_bindings()

    def status_text(self) -> str:
        text, note = status.turn_text(self), self.session.connection
        return text if note is None else f"{text} · {note}"

    def _first_turn(self) -> None:
        """The first ``advance``, queued at mount: skipped if the table was left meanwhile, or
        if a move made meanwhile has opened a result (it waits for that result's answer)."""
        if not self.abandoned and not self.interlude_up:
            self.advance()

    def advance(self) -> None:
        """Hand the turn to whoever is next: the person here, a hand-off, or the session."""
        if self.session.is_over:
            ending.show_final(self)
            return
        seat = self.session.to_move
        if not self.HIDDEN_CARDS and self.hotseat and seat is not None:
            if self.seats[seat].is_human:
                self.session.take_seat(seat)  # nothing is hidden: no hand-off screen
        self.session.bot_pause = self.app.bot_pause
        self.session.proceed()
        self.redraw()

    def on_session(self, change: Change) -> None:
        """What the session says happened: redraw, log, hand off or refuse."""
        if self.abandoned:
            return
        if isinstance(change, Moved):
            self.after_move(change)
        elif isinstance(change, Refused):
            self.refused(change.reason)
        elif isinstance(change, HandOff):
            handing.hand_off(self, change.seat)
        elif isinstance(change, Thinking | Status):
            self.redraw()
        elif isinstance(change, NextGame):
            handing.pass_on(self)
        elif isinstance(change, Said):
            self.query_one(MoveLog).add(chatting.said_line(change))
        elif isinstance(change, Noted):
            self.log_lines(change.lines)
        elif isinstance(change, RatingsChanged):  # a rated game's end (quick match)
            self.log_lines(change.lines)
            rated.show_ratings(self.session)

    def after_move(self, moved: Moved) -> None:
        """Show the move, then its motion on the boards it touched; the footer is settled
        once, at the end."""
        self._moving = True
        try:
            self.show_move(moved)
            motion.play(self.move_cues(moved.events), self.board_of)
        finally:
            self._moving = False
            self.refresh_bindings()

    def board_of(self, cue: Cue) -> Widget:
        """The board a cue's motion plays on (``BOARD_ID``)."""
        return self.query_one("#" + self.BOARD_ID.format(seat=cue.seat))

    def show_move(self, moved: Moved) -> None:
        """Log the move, redraw, and show a result box before going on: the game waits (the
        session deals the next set once the table proceeds), so the boards under the box are
        the ended set's, as the session gives them."""
        hinting.drop_stale_hint(self)
        interlude = self.interlude(moved.events)
        if interlude is not None and self.session.is_over and not self.interlude_up:
            interlude = None  # the match's result box, opening now, tells how its last set ended
        if interlude is not None and (self.session.spectating or self.interlude_up):
            # the players go on without a spectator, and a table held elsewhere goes on while
            # a result is open, to the match's end even (a player back from a dropped line):
            # the result is a toast over the open box, read before the box is answered
            self.notify(interlude.details, title=interlude.verdict, timeout=8, markup=False)
            interlude = None
        if interlude is not None:
            self.log_events(moved)
            self.open_result = interlude  # first: the status line says who the table awaits
            self.redraw()
            self.app.push_screen(interlude, lambda _: self._after_interlude())
        else:
            self.log_events(moved)
            self.redraw()
            if not self.session.is_over:
                self.advance()
            elif moved.final and not self.interlude_up:
                # a game held elsewhere may be over while moves before its last are still on
                # their way here: the last one opens the match's result, once, after all of
                # them; and after the set's result open over the table, whose answer opens it
                self.advance()

    def _after_interlude(self) -> None:
        self.open_result = None
        if not self.abandoned:
            self.advance()

    def after_final(self, choice: str | None) -> None:
        """The match's result box was answered."""
        ending.after_final(self, choice)

    def action_exit_table(self) -> None:
        """Leave for the home screen; a game still going is saved, but ask first and say so."""
        ending.ask_to_leave(self)

    #: Escape goes home from every table, where ``q`` may end the program instead
    action_go_home = action_exit_table

    def action_stop_watching(self) -> None:
        """End ``cardtable watch``, hanging up first (nothing here is anyone's to save)."""
        self.session.close()
        self.app.exit()
