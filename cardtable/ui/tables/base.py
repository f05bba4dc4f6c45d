"""What every game table shares: turn flow, bots in a worker, hot-seat privacy, the log.

A game's table subclasses ``TableScreen``: it composes its widgets, redraws them from an
observation in ``show``, and turns keys and clicks into actions through ``perform``. The base
owns the match and decides whose turn it is, when a bot thinks, when the hand-off screen covers
the table, and what the log may say.
"""

from __future__ import annotations

import re
import time
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.core.bots import bot_rng
from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.core.seating import PolicyError, make_bot
from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec
from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.widgets.log import MoveLog

#: how games name seats in log lines (see ``GameRules.describe``); the table swaps in real names
SEAT_WORD = re.compile(r"\bPlayer (\d+)\b")


class BotMoved(Message):
    """A bot's choice, computed in a worker thread, to apply on the UI thread."""

    def __init__(self, action: Any, ply: int) -> None:
        super().__init__()
        self.action = action
        self.ply = ply


class TableScreen(Screen[None]):
    """The base of every game table. Subclasses implement ``compose_table`` and ``show``."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("ctrl+q", "app.quit", "Quit", show=False),
        Binding("left", "step(-1)", "Back", show=True),
        Binding("right", "step(1)", "Forward", show=True),
        Binding("home", "step_to(0)", "Start", show=False),
        Binding("end", "step_to(-1)", "End", show=False),
    ]
    DEFAULT_CSS = """
    TableScreen { background: $felt; layout: vertical; }
    TableScreen #status-line { height: 1; padding: 0 1; background: $panel; color: $foreground; }
    """

    def __init__(
        self, spec: GameSpec, match: Match, seats: tuple[Seat, ...], replay: bool = False
    ) -> None:
        super().__init__()
        #: in a replay, every action of the finished game; the match holds those up to the step
        self.replay_actions: list[Any] | None = list(match.actions) if replay else None
        self.spec = spec
        self.match = match
        self.seats = seats
        self.bots = {
            i: make_bot(spec.bots, s.bot) for i, s in enumerate(seats) if s.bot is not None
        }
        humans = [i for i, s in enumerate(seats) if s.is_human]
        self.hotseat = len(humans) > 1
        #: whose eyes the table is drawn for (None: nobody's, e.g. behind the hand-off screen)
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self._thinking = False
        self._bindings_key: object = None

    # -- for subclasses ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """The game's own widgets."""
        raise NotImplementedError

    def show(self, observation: Any) -> None:
        """Redraw the game's widgets from ``observation`` (as ``self.viewer`` sees it)."""
        raise NotImplementedError

    def interlude(self, events: tuple[Any, ...]) -> ResultScreen | None:
        """A screen to show after these events (a set result, a round summary), if any."""
        return None

    def final_result(self) -> ResultScreen:
        """The match result screen."""
        outcome = self.match.outcome
        assert outcome is not None
        names = " and ".join(self.seats[w].name for w in outcome.winners) or "Nobody"
        scores = "   ".join(
            f"{seat.name}: {score:g}"
            for seat, score in zip(self.seats, outcome.scores, strict=True)
        )
        return ResultScreen(f"{names} won", scores, (("again", "Play again"), ("quit", "Quit")))

    # -- shared flow ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status-line", markup=False)
        yield from self.compose_table()
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.spec.title
        for events in self.match.events:
            self.log_events(events)
        self.redraw()
        if self.replay_actions is None:
            self.call_after_refresh(self._first_turn)

    # -- replays -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step", "step_to"):
            return self.replay_actions is not None
        return True

    def action_step(self, delta: int) -> None:
        self.action_step_to(len(self.match.actions) + delta)

    def action_step_to(self, step: int) -> None:
        """Rebuild the position after ``step`` actions and show its events as they happened."""
        assert self.replay_actions is not None
        total = len(self.replay_actions)
        step = total if step < 0 else max(0, min(step, total))
        m = self.match
        self.match = Match.replay(m.game, m.config, m.seed, self.replay_actions[:step])
        self.sync_seats()
        log = self.query_one(MoveLog)
        log.clear()
        for events in self.match.events:
            self.log_events(events)
        self.redraw()

    @property
    def log_viewer(self) -> int | None:
        """Hot-seat logs are public: every player can read them."""
        return None if self.hotseat else self.viewer

    @property
    def my_turn(self) -> bool:
        """Whether the person at the keyboard may act now."""
        seat = self.match.to_move
        return seat is not None and seat == self.viewer and self.seats[seat].is_human

    @property
    def abandoned(self) -> bool:
        """Whether the person has left this table: a callback queued before they did must not
        touch its widgets, which are being taken down."""
        return self not in self.app.screen_stack

    def redraw(self) -> None:
        if self.abandoned:
            return
        self.show(self.match.observe(self.viewer))
        self.query_one("#status-line", Static).update(self.status_text())
        # the footer rebuilds every key on a refresh: only ask when what is legal changed
        key = (
            self.my_turn,
            self.match.legal_actions() if self.my_turn else (),
            self.replay_actions is None,
        )
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def status_text(self) -> str:
        if self.replay_actions is not None:
            return (
                f"{self.spec.title} · replay · move {len(self.match.actions)} of "
                f"{len(self.replay_actions)} · ← → to step"
            )
        seat = self.match.to_move
        if seat is None:
            return f"{self.spec.title} · game over"
        who = self.seats[seat]
        if self._thinking:
            return f"{self.spec.title} · {who.label} is thinking…"
        if self.my_turn:
            return (
                f"{self.spec.title} · your turn, {who.name}"
                if self.hotseat
                else f"{self.spec.title} · your turn"
            )
        return f"{self.spec.title} · {who.label} to play"

    def _first_turn(self) -> None:
        """The first ``advance``, queued at mount: skipped if the table was left meanwhile."""
        if not self.abandoned:
            self.advance()

    def advance(self) -> None:
        """Hand the turn to whoever is next: a person (after a hand-off) or a bot."""
        seat = self.match.to_move
        if seat is None:
            self.app.push_screen(self.final_result(), self._after_final)
            return
        if self.seats[seat].is_human:
            if seat != self.viewer:
                self._hand_off(seat)
            else:
                self.redraw()
            return
        self.think(seat, len(self.match.actions))

    def _hand_off(self, seat: int) -> None:
        self.viewer = None
        self.redraw()

        def take_seat(_: None) -> None:
            self.viewer = seat
            self.redraw()

        self.app.push_screen(HandOffScreen(self.seats[seat].name), take_seat)

    @work(thread=True, group="bot")
    def think(self, seat: int, ply: int) -> None:
        """Choose the bot's action off the UI thread; a short pause lets people follow."""
        self._thinking = True
        self.app.call_from_thread(self.redraw)
        started = time.perf_counter()
        observation = self.match.game.observe(self.match.state, seat)
        legal = self.match.game.legal_actions(self.match.state)
        try:
            action = self.bots[seat].choose(observation, legal, bot_rng(self.match.seed, seat, ply))
        except PolicyError as refusal:  # a user's policy broke the rules: say so, change nothing
            self._thinking = False
            self.app.call_from_thread(
                self.notify, str(refusal), title="Move refused", severity="error", timeout=30
            )
            return
        pause = getattr(self.app, "bot_pause", 0.6) - (time.perf_counter() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(BotMoved(action, ply))

    def on_bot_moved(self, message: BotMoved) -> None:
        self._thinking = False
        if message.ply == len(self.match.actions):
            self.perform(message.action)

    def perform(self, action: Any) -> bool:
        """Apply ``action``; an illegal one is refused with its reason and changes nothing."""
        try:
            events = self.match.play(action)
        except IllegalAction as refusal:
            self.notify(self.name_seats(refusal.reason), title="Not allowed", severity="warning")
            return False
        self.sync_seats()
        self.log_events(events)
        autosave = getattr(self.app, "autosave", None)
        if autosave is not None:
            autosave(self)
        self.redraw()
        interlude = self.interlude(events)
        if interlude is not None and not self.match.is_over:
            self.app.push_screen(interlude, lambda _: self.advance())
        else:
            self.advance()
        return True

    def play_human(self, action: Any) -> None:
        """A person's choice from a key or click; refused with a reason when it isn't theirs."""
        if self.match.is_over or self.replay_actions is not None:
            return
        if not self.my_turn:
            seat = self.match.to_move
            who = self.seats[seat].label if seat is not None else "nobody"
            self.notify(f"Wait: it is {who}'s turn.", severity="warning")
            return
        self.perform(action)

    def seats_for(self, match: Match) -> tuple[Seat, ...]:
        """Who sits where once ``match`` has been played so far. A game whose table can grow
        (a bot sitting down between sets) extends ``seats`` here, from the match's own log, so
        saves and replays name the new seats alike; by default the seats never change."""
        return self.seats

    def sync_seats(self) -> None:
        """Bring ``seats``, and a bot for every new bot seat, up to date with the match."""
        self.seats = self.seats_for(self.match)
        for seat, who in enumerate(self.seats):
            if who.bot is not None and seat not in self.bots:
                self.bots[seat] = make_bot(self.spec.bots, who.bot)

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def name_seats(self, line: str) -> str:
        """Swap the rules' "Player N" for the seat's name."""
        return SEAT_WORD.sub(lambda m: self.seat_name(int(m.group(1)) - 1), line)

    def log_events(self, events: tuple[Any, ...]) -> None:
        log = self.query_one(MoveLog)
        for event in events:
            line = self.match.game.describe(event, self.log_viewer)
            if line:
                log.add(self.name_seats(line))

    def _after_final(self, choice: str | None) -> None:
        if choice == "again":
            self.app.call_later(self.app.restart_match, self)  # type: ignore[attr-defined]
        else:
            self.app.exit()

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.spec.rules_doc))
