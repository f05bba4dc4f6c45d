"""The Pixies table: cards on offer, every player's grid with its live score, and the log,
laid out for the room the screen gives (``layout``); the keys and clicks are ``choices``."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Static

from cardtable.games.pixies.actions import KeepNew, KeepOld, PlaceFaceDown, Take
from cardtable.games.pixies.events import GridFilled, RoundEnded
from cardtable.games.pixies.state import Phase
from cardtable.games.pixies.view import PixiesObservation
from cardtable.session import Session
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.tables.pixies import prompt as prompts
from cardtable.ui.tables.pixies.cards import COMPACT, Mark
from cardtable.ui.tables.pixies.choices import PixiesChoices
from cardtable.ui.tables.pixies.layout import (
    Layout,
    choose_layout,
    fitting_layout,
    take_hint,
)
from cardtable.ui.tables.pixies.results import final_result, round_summary
from cardtable.ui.tables.pixies.widgets import (
    GridPanel,
    OfferStrip,
    Scoreboard,
)
from cardtable.ui.widgets.log import MoveLog, log_folded


class PlayArea(Grid):
    """The grids, the log and the scores, saying when its own size changes (the log folded
    away, the terminal resized)."""

    class Resized(Message):
        pass

    def on_resize(self, _: Resize) -> None:
        self.post_message(self.Resized())


class PixiesTable(PixiesChoices):
    """Pixies for 2–5: against bots, or hot-seat with a hand-off screen between people."""

    AUTO_FOCUS = None
    DEFAULT_CSS = """
    PixiesTable #px-prompt { height: auto; max-height: 2; padding: 0 1; color: $foreground; }
    PixiesTable #px-offer { margin-bottom: 0; }
    PixiesTable #px-play { height: 1fr; grid-gutter: 0 1; padding: 0 1; overflow-y: auto; }
    PixiesTable MoveLog { height: 1fr; min-height: 3; }
    /* between rounds nothing is on offer: the grids take its rows, the result the rest */
    PixiesTable.-under-result #px-offer, PixiesTable.-under-result #px-board { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"digit({n})", f"Choose {n}", show=False) for n in range(1, 10)),
        Binding("n", "keep('new')", "Keep new"),
        Binding("o", "keep('old')", "Keep old"),
        Binding("enter", "confirm", "Choose", show=False),
        Binding("left", "step(-1)", "Back"),
        Binding("left", "nudge(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Forward"),
        Binding("right", "nudge(1)", "Next", show=False),
        Binding("up", "nudge(-1)", "Previous", show=False),
        Binding("down", "nudge(1)", "Next", show=False),
    ]
    ROUND_ENDS = (RoundEnded,)
    HIDDEN_CARDS = False  # face-down cards are hidden from their owner too
    BOARD_ID = "px-board-{seat}"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.layout_now = Layout(COMPACT, columns=2)
        self._prompt: str | None = None

    def compose_table(self) -> ComposeResult:
        yield Static(id="px-prompt", markup=False)
        yield OfferStrip(id="px-offer")
        with PlayArea(id="px-play"):
            for seat in range(len(self.seats)):
                yield GridPanel(seat)
            yield MoveLog()
            yield Scoreboard(id="px-board")

    def on_mount(self) -> None:
        """Runs before the base class draws: the log must not take the arrow keys."""
        self.query_one(MoveLog).can_focus = False
        self.apply_layout(self.size)

    def reset_game(self) -> None:
        super().reset_game()
        self.cursor, self._cursor_ply = 0, -1
        self._prompt = None

    def on_play_area_resized(self, _: PlayArea.Resized) -> None:
        """The terminal changed size: lay the grids out again in the room that is left."""
        self.fit_room(self.size)

    def fit_room(self, room: Size) -> None:
        """Card size and the grids' places for ``room``, the cards redrawn in that size."""
        self.apply_layout(room)
        self.redraw()

    def boards_in(self, room: Size) -> tuple[int, int] | None:
        seats = len(self.seats)
        layout = fitting_layout(seats, room.width, room.height, log=False, under_result=True)
        return None if layout is None else (layout.card.rows, layout.columns)

    def action_toggle_log(self) -> None:
        """Fold the log away or bring it back; the grids take its room or give it back."""
        super().action_toggle_log()
        self.fit_room(self.size)

    def apply_layout(self, size: Size) -> None:
        """Card size and the grid of panels for this terminal (see ``choose_layout``)."""
        log = self.query_one(MoveLog)
        under = self.under_result  # a result panel hides the log too
        shown = not (log_folded(self.app) or under)
        layout = choose_layout(len(self.seats), size.width, size.height, shown, under)
        self.layout_now = layout
        play = self.query_one("#px-play", Grid)
        play.styles.grid_size_columns = layout.columns
        play.styles.grid_columns = layout.column_widths
        play.styles.grid_rows = layout.row_heights
        log.styles.column_span, log.styles.row_span = layout.log_span
        grids = list(play.query(GridPanel))
        before = grids[min(layout.log_after, len(grids)) - 1]
        if play.children.index(log) != play.children.index(before) + 1:
            play.move_child(log, after=before)
        board = self.query_one(Scoreboard)
        board.display = layout.board_span > 0
        board.styles.column_span = max(1, layout.board_span)

    # -- drawing -------------------------------------------------------------------------------

    def show(self, view: PixiesObservation) -> None:
        self._sync_cursor()
        current = self.current_choice()
        card = self.layout_now.card
        cursor = current.index if isinstance(current, Take) else None
        keyed = view.phase is Phase.PICK  # digits pick cards only while a card is to be taken
        revealed = tuple(
            (card, str(i + 1) if keyed else " ", hint, cursor == i)
            for i, (card, hint) in enumerate(zip(view.revealed, self.take_hints(view), strict=True))
        )
        pending = self.pending_cards(view, current)
        self.query_one(OfferStrip).show(revealed, pending, card)
        lit = self.lit_spaces(view, current)
        ended = view.to_move is None  # a round or the game: its scores are banked already
        for seat, grid in enumerate(view.grids):
            title = ("▶ " if view.to_move == seat else "") + self.seats[seat].label
            if view.leader == seat and not ended:
                title += " · leads"
            # once a round (or the game) is over, it is banked too: count it once
            banked = view.totals[seat] - (view.round_scores[-1][seat].total if ended else 0)
            self.query_one(f"#px-grid-{seat}", GridPanel).show(
                title,
                grid,
                banked,
                lit if seat == view.to_move else {},
                card,
                view.to_move == seat,
            )
        self.show_prompt(self.prompt(view))
        if self.layout_now.board_span:
            live = None if ended else tuple(g.score.total for g in view.grids)
            names = tuple(self.seat_name(s) for s in range(len(self.seats)))
            self.query_one(Scoreboard).show(names, view.round_scores, live, view.rounds)

    def show_prompt(self, text: str) -> None:
        """Re-lay the screen out only when the prompt goes from one line to two or back."""
        if text == self._prompt:
            return
        line = self.size.width - 2
        old, self._prompt = self._prompt, text
        relayout = old is None or (len(old) > line) != (len(text) > line)
        self.query_one("#px-prompt", Static).update(text, layout=relayout)

    def pending_cards(self, view: PixiesObservation, current: Any) -> tuple[Any, ...]:
        """The taken card waiting for a decision, and for keep-which the card it may replace."""
        card, seat = view.pending, view.to_move
        if card is None or seat is None:
            return ()
        if view.phase is Phase.KEEP:
            old = view.grids[seat].cells[card.number - 1].up
            assert old is not None
            return (
                (card, "n", "n: new", isinstance(current, KeepNew)),
                (old, "o", "o: old", isinstance(current, KeepOld)),
            )
        return ((card, "↓", "↓ down", False),)

    def lit_spaces(self, view: PixiesObservation, current: Any) -> dict[int, Mark]:
        """While a card waits to go face-down, its legal spaces light up; one has the cursor."""
        if view.phase is not Phase.FACE_DOWN:
            return {}
        legal = [a.space for a in self.session.playable() if isinstance(a, PlaceFaceDown)]
        chosen = current.space if isinstance(current, PlaceFaceDown) else None
        return {space: Mark(lit=True, cursor=space == chosen) for space in legal}

    def take_hints(self, view: PixiesObservation) -> tuple[str, ...]:
        """Under each revealed card, where it would go for the person choosing now."""
        if not self.my_turn or view.phase is not Phase.PICK:
            return ("",) * len(view.revealed)
        return tuple(take_hint(view, i) for i in range(len(view.revealed)))

    def prompt(self, view: PixiesObservation) -> str:
        """One or two lines saying what is asked of whom, and how to answer."""
        names = [self.seat_name(s) for s in range(len(self.seats))]
        seat = view.to_move
        if self.is_replay:
            return "Replay: ← → step through the moves, Home and End jump."
        if self.session.between_deals:
            return f"Round {view.round} is over: the scores are up."
        if seat is None:
            return prompts.game_over(view, names)
        if not self.my_turn:
            return prompts.waiting(view, self.seats[seat].label, names)
        ask = prompts.ask(view, names)
        return f"{names[seat]}: {ask}" if self.hotseat else ask

    def status_text(self) -> str:
        text = super().status_text()
        if self.session.between_deals:
            return f"{self.spec.title} · round {self.session.observe().round} is over"
        if self.is_replay or self.session.is_over:
            return text
        view = self.session.observe()
        parts = [
            text,
            f"round {view.round} of {view.rounds}",
            f"zones score {view.zone_value} a card",
            f"deck {view.deck_count}",
            *([] if self.session.seed is None else [f"seed {self.session.seed}"]),
        ]
        while len(parts) > 3 and len(" · ".join(parts)) > self.size.width - 2:
            parts.pop()  # the seed goes first, then the deck: the round and zone value stay
        return " · ".join(parts)

    # -- rounds and results --------------------------------------------------------------------

    def interlude(self, events: tuple[Any, ...]) -> ResultPanel | None:
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is None or self.session.is_over:
            return None
        filled = next((e.seat for e in events if isinstance(e, GridFilled)), None)
        names = [self.seat_name(s) for s in range(len(self.seats))]
        return round_summary(ended, names, filled)

    def final_result(self) -> ResultPanel:
        outcome = self.session.outcome
        assert outcome is not None
        view = self.session.observe()
        names = [self.seat_name(s) for s in range(len(self.seats))]
        return final_result(names, outcome.winners, view.round_scores)


#: the registry loads ``cardtable.ui.tables.pixies.table:Table``; the class keeps its own name so its
#: CSS type selector never matches another game's ``Table``
Table = PixiesTable
