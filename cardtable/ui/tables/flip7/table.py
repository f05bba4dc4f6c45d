"""The Flip 7 table: every player's draw line, the odds panel, the target picker, and the log.

The same screen plays the solo challenge (one line, a round counter, the best so far) and the
table game for 2–8 (one line per player, the one to move highlighted). Each card turns over
after a short beat, with the log holding its line until then, unless animations are off. The
layers under this one: the keys (``choices.Flip7Choices``) and the layout for the terminal
(``fitting.Flip7Room``); this one draws the game, its beat and its results.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Static

from cardtable.games.flip7.actions import HIT, STAY
from cardtable.games.flip7.cards import GOAL
from cardtable.games.flip7.describe import for_reader
from cardtable.games.flip7.events import RoundEnded
from cardtable.games.flip7.state import CHOICE_CARD
from cardtable.games.flip7.view import Flip7View
from cardtable.session import Moved
from cardtable.ui.cues import Cue
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.tables.base import seed_text
from cardtable.ui.tables.flip7.beat import Beat
from cardtable.ui.tables.flip7.cards import card_tip
from cardtable.ui.tables.flip7.events import (
    RoundResult,
    climb,
    fresh_flips,
    round_result,
    settled,
)
from cardtable.ui.tables.flip7.fitting import ODDS_ROOM, Flip7Room
from cardtable.ui.tables.flip7.layout import BOARD_HEIGHT
from cardtable.ui.tables.flip7.odds import OddsPanel
from cardtable.ui.tables.flip7.picker import TargetPicker, picker_entries, picker_title
from cardtable.ui.tables.flip7.results import round_summary, solo_final, table_final
from cardtable.ui.tables.flip7.text import chart_width, climb_chart, pace
from cardtable.ui.tables.flip7.widgets import Boards, SeatLine, SeatLook, put
from cardtable.ui.widgets.log import MoveLog


class Table(Flip7Room):
    """Flip 7 solo or at a table of 2–8, against bots or hot-seat."""

    DEFAULT_CSS = """
    Table #match-line { height: 1; padding: 0 1; color: $foreground 80%; }
    Table #play-area { height: 1fr; }
    Table #seats { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
    Table #seats.-two { layout: grid; grid-size: 2; grid-gutter: 0 0; }
    Table #history { height: auto; padding: 1 1 0 1; color: $foreground 80%; text-wrap: nowrap; }
    Table.-low #history, Table.-under-result #history { display: none; }
    Table MoveLog { width: 24; height: 1fr; }
    Table #play-area.-narrow { layout: vertical; }
    Table #play-area.-narrow #seats { width: 100%; height: auto; max-height: 80%; }
    Table #play-area.-narrow MoveLog { width: 100%; height: 1fr; min-height: 3; }
    Table.-under-result #play-area.-narrow #seats { max-height: 100%; }
    Table #last-move { height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    Table #odds { display: none; }
    Table #picker { display: none; }
    Table #controls { height: 3; padding: 0 1; }
    Table #controls Button { margin-right: 1; min-width: 12; }
    Table #prompt { width: 1fr; height: 3; content-align: left middle; padding-left: 1; }
    Table #controls.-short, Table #controls.-short #prompt { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hit", "Hit"),
        Binding("s", "stay", "Stay"),
        Binding("o", "odds", "Odds"),
        *(Binding(str(n), f"target({n - 1})", f"Give to {n}", show=False) for n in range(1, 9)),
    ]
    ROUND_ENDS = (RoundEnded,)
    HIDDEN_CARDS = False
    BOARD_ID = "seat-{seat}"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the cards a move flips turn over a beat apart, its log lines waiting for them
        self.beat = Beat(self)
        self.last_round: RoundResult | None = None
        self.best_before: int | None = None

    def compose_table(self) -> ComposeResult:
        yield Static(id="match-line", markup=False)
        with Horizontal(id="play-area"):
            with Boards(id="seats"):
                for seat in range(len(self.seats)):
                    yield SeatLine(seat, id=f"seat-{seat}")
                if self.solo:
                    yield Static(id="history", markup=False)
            yield MoveLog()
        yield Static(id="last-move", markup=False)
        yield OddsPanel(id="odds")
        yield TargetPicker(id="picker")
        with Horizontal(id="controls"):
            yield Button("Hit (h)", id="hit", variant="success")
            yield Button("Stay (s)", id="stay", variant="warning")
            yield Button("Odds (o)", id="toggle-odds")
            yield Static(id="prompt", markup=False)

    def on_mount(self) -> None:
        """Runs before the base's ``on_mount`` (Textual calls each class's handler in turn)."""
        self._follow_game()
        self.odds_open = self.app.size.height >= ODDS_ROOM and not self.is_replay

    def _follow_game(self) -> None:
        """What the table follows a game from: the best solo game before it, and the first
        deal, whose cards turn over one by one."""
        stats = getattr(self.app, "stats", None)
        entry = stats.load().games.get("flip7") if stats is not None else None
        self.best_before = entry.solo_best_rounds if entry is not None else None
        self.beat.fresh = not self.is_replay and not self.session.ply

    def reset_game(self) -> None:
        super().reset_game()
        self.beat.reset()
        self.last_round = None
        self._follow_game()

    # -- drawing -------------------------------------------------------------------------------

    def show(self, view: Flip7View) -> None:
        if self.beat.fresh and not self.interlude_up:  # the next deal turns once the box is gone
            animate = self.app.animation_level != "none"
            self.beat.start(fresh_flips(self.session.history()[-1]) if animate else [])
        self.fit_layout()
        self.board_fit = self.fit_boards(view)
        self.arrange_boards(self.board_fit)
        board = settled(view)  # at a round's end, totals "before → after" as the summary
        width = self.query_one("#seats").size.width // self.board_fit.columns
        for seat in range(len(self.seats)):
            line = self.query_one(f"#seat-{seat}", SeatLine)
            line.show(self.look(board, seat, self.board_fit.size), width)
        if view.to_move is not None:
            self.call_after_refresh(self._keep_in_view, view.to_move)
        put(self.query_one("#match-line", Static), self.match_line(view))
        if self.solo:
            put(self.query_one("#history", Static), self.history_text())
        self._show_odds(view)
        self._show_choices(view)

    def _keep_in_view(self, seat: int) -> None:
        """When the players don't all fit, scroll to the one to move."""
        line = self.query_one(f"#seat-{seat}", SeatLine)
        self.query_one(Boards).scroll_to_widget(line, animate=False)

    def look(self, view: Flip7View, seat: int, size: str) -> SeatLook:
        hidden = self.beat.hidden(seat)
        pending = view.pending if self.my_turn else None
        return SeatLook(
            seat=view.seats[seat],
            name=self.seats[seat].label,
            goal=view.goal,
            to_move=view.to_move == seat and not view.over,
            you=seat == self.viewer,
            hidden_numbers=sum(flip.number for flip in hidden),
            hidden_modifiers=sum(not flip.number for flip in hidden),
            eligible=pending is not None and seat in pending.options,
            size=size,
        )

    def match_line(self, view: Flip7View) -> str:
        deck = f"deck {view.deck_count} · discard {view.discard_count}"
        if self.solo:
            record = self.solo_best()
            best = f"best {record} rounds" if record else "no best yet"
            total = view.seats[0].banked
            return f"Solo · round {view.round} · total {total} / {view.goal} · {best} · {deck}{seed_text(self.session.seed)}"
        chain = ""
        if view.flip_three:
            frame = view.flip_three[-1]
            chain = f" · Flip Three: {self.seat_name(frame.target)}, {frame.flips_left} to flip"
        dealer = self.seat_name(view.dealer)
        return (
            f"Round {view.round} · to {view.goal} · dealer {dealer} · {deck}"
            f"{chain}{seed_text(self.session.seed)}"
        )

    def history_text(self) -> str:
        """Solo: the total after each round so far, drawn as it climbs in the room under the
        board (the axis, round and total lines take four)."""
        totals = climb(self.session.history())
        if not totals:
            return f"Reach {GOAL} in as few rounds as you can. Each round: hit, or stay to bank."
        seats = self.query_one("#seats").size
        room = seats.height - BOARD_HEIGHT[self.board_fit.tier] - 6
        height = max(3, min(16, room))
        width = chart_width(len(totals), max(40, seats.width - 4))
        chart = climb_chart(totals, GOAL, height=height, width=width)
        return f"Your climb to {GOAL}: {pace(totals, GOAL)}\n" + "\n".join(chart)

    def _show_odds(self, view: Flip7View) -> None:
        panel = self.query_one(OddsPanel)
        seat = self.viewer
        panel.display = self.odds_open
        if panel.display:
            shown = seat if seat is not None else view.to_move
            panel.show(view, shown, self.seat_name(shown) if shown is not None else "")

    def _show_choices(self, view: Flip7View) -> None:
        """The picker while the person at the keyboard hands out a card, else hit and stay."""
        picking = view.pending is not None and self.my_turn
        picker = self.query_one(TargetPicker)
        picker.display = picking
        self.query_one("#controls").display = not picking
        if picking:
            pending = view.pending
            assert pending is not None
            names = [s.label for s in self.seats]
            picker.show(*picker_title(pending, names), picker_entries(view, pending, names))
            picker.tooltip = card_tip(CHOICE_CARD[pending.choice])
        legal = self.session.playable()
        # a button is there only for whoever may press it now, as its key is
        self.query_one("#hit", Button).display = HIT in legal
        self.query_one("#stay", Button).display = STAY in legal
        put(self.query_one("#prompt", Static), self.prompt(view, legal))

    def prompt(self, view: Flip7View, legal: tuple[Any, ...]) -> str:
        if self.session.between_deals:
            return f"Round {view.round} is over."
        if view.over:
            return "The game is over."
        if not self.my_turn:
            seat = view.to_move
            return f"{self.seats[seat].label} is playing…" if seat is not None else ""
        me = view.seats[self.viewer or 0]
        if STAY not in legal:
            return "Hit: a first card can't bust you."
        return f"Hit or stay? Staying banks {me.round_score}."

    # -- the beat before each card's face (``beat``) ------------------------------------------

    def after_move(self, moved: Moved) -> None:
        """Hold the move's log lines while the cards it flips turn over."""
        self.beat.moved(animate=self.app.animation_level != "none")
        super().after_move(moved)

    def move_cues(self, events: tuple[Any, ...]) -> list[Cue]:
        """A drawn card already turns over on the table's own beat: only busts and Flip 7s
        move."""
        return [cue for cue in super().move_cues(events) if cue.kind != "arrive"]

    def log_events(self, moved: Moved) -> None:
        """A line that named a card before the card turned over would spoil the beat."""
        if not self.beat.hold(moved.lines):
            super().log_events(moved)

    def log_lines(self, lines: tuple[str, ...]) -> None:
        """The log, and its newest line under the boards, where the eye already is."""
        super().log_lines(lines)
        if lines:
            put(self.query_one("#last-move", Static), "▸ " + self.name_seats(lines[-1]))

    # -- results -------------------------------------------------------------------------------

    def name_seats(self, line: str) -> str:
        """Seat names in log lines, with "You" taking its own verb; solo has no dealer to name."""
        return for_reader(super().name_seats(line), self.solo)

    @property
    def names(self) -> list[str]:
        return [seat.label for seat in self.seats]

    def interlude(self, events: tuple[Any, ...]) -> ResultPanel | None:
        ended = round_result(self.session.observe(), events)
        if ended is None:
            return None
        self.last_round = ended
        return round_summary(ended, self.names, self.solo)

    def rounds_played(self) -> int | None:
        """The rounds a finished game took (None while it goes on)."""
        outcome = self.session.outcome
        if outcome is None:
            return None
        played = outcome.stats.get("rounds", 0)
        return int(played) if isinstance(played, int | float) else 0

    def solo_best(self) -> int | None:
        """The fewest rounds a finished solo game has taken, this one counted once it is over:
        the header reads it, as the result's record line does (they disagreed at the end)."""
        rounds = self.rounds_played()
        if rounds is None or not rounds:
            return self.best_before
        return rounds if self.best_before is None else min(self.best_before, rounds)

    def final_result(self) -> ResultPanel:
        rounds = self.rounds_played()
        assert rounds is not None
        outcome = self.session.outcome
        assert outcome is not None
        if self.solo:
            return solo_final(
                rounds, climb(self.session.history()), self.best_before, self.last_round
            )
        totals = [int(score) for score in outcome.scores]
        return table_final(self.names, totals, outcome.winners, rounds, self.last_round)
