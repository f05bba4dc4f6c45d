"""The Pazaak table: two boards, set pips, your hand and theirs, the log, and every move by key or click."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Button, Static

from cardtable.games.pazaak.actions import EndTurn, PlaySide, Stand
from cardtable.games.pazaak.events import SetVoid, SetWon, WinReason
from cardtable.games.pazaak.view import PazaakView
from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel
from cardtable.ui.tables.base import TableScreen, seed_text
from cardtable.ui.tables.pazaak.handplay import play_hand_card
from cardtable.ui.tables.pazaak.layout import Tier, choose_tier, fitting_tier
from cardtable.ui.tables.pazaak.widgets import BoardPanel, HandCardChosen, HandRow, pips
from cardtable.ui.widgets.log import MoveLog, log_folded

#: below this many columns the log beside the boards is narrower
NARROW = 100
#: the log's width beside the boards (narrower below NARROW columns)
LOG_WIDTH, NARROW_LOG_WIDTH = 30, 22
#: the rows above the boards area: the status line and the match line (the footer is below)
ROWS_ABOVE = 2
#: what leads the last-move strip under the boards, and what joins its lines
LAST_MOVE_MARK, LAST_MOVE_JOIN = "▸ ", " · "

REASONS = {
    WinReason.HIGHER: "with the higher total",
    WinReason.BUST: "because {loser} went bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.TIEBREAKER: "on the tiebreaker card",
}


def unseen_text(unseen: tuple[int, ...] | None) -> str:
    """How many of each main card are still to come this set (the rules promise the counts)."""
    if unseen is None:
        return "Endless main deck: every card 1–10 is always as likely"
    counts = " ".join(f"{rank}:{n}" for rank, n in enumerate(unseen, 1))
    return f"Unseen {sum(unseen)}  {counts}"


def last_move_text(lines: tuple[str, ...], width: int) -> str:
    """The newest log lines that fit one line ``width`` columns wide, oldest first (always the
    newest, which the strip cuts short if it must)."""
    if not lines:
        return ""
    shown = [lines[-1]]
    for line in reversed(lines[:-1]):
        candidate = [line, *shown]
        if len(LAST_MOVE_MARK + LAST_MOVE_JOIN.join(candidate)) > width:
            break
        shown = candidate
    return LAST_MOVE_MARK + LAST_MOVE_JOIN.join(shown)


class BoardsArea(Vertical):
    """Everything but the log: the boards pick their tier from the room this area gets, so
    they grow when the log is narrower or hidden."""

    def __init__(self, tier: Tier, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: the tier its boards and hands were made at, and are laid out at now
        self.tier = tier

    def on_resize(self, event: Resize) -> None:
        self.apply_tier(choose_tier(event.size.width, event.size.height))

    def apply_tier(self, tier: Tier) -> None:
        if tier is self.tier:
            return  # laid out at it already: a second layout would draw it all again
        self.tier = tier
        for widget in self.query(BoardPanel):
            widget.set_tier(tier)
        for row in self.query(HandRow):
            row.set_tier(tier)


class Table(TableScreen):
    """Pazaak for two: against a bot, or hot-seat with a hand-off screen between turns."""

    DEFAULT_CSS = """
    Table #play-area { height: 1fr; }
    Table #boards { width: 1fr; height: 100%; align: center middle; }
    Table #board-row, Table #hands { height: auto; width: auto; }
    Table BoardPanel, Table HandRow { margin-right: 1; }
    Table #last-move { height: 1; width: auto; max-width: 100%; padding: 0 1; text-style: bold;
        text-wrap: nowrap; text-overflow: ellipsis; }
    Table #unseen { height: 1; width: auto; padding: 0 1; color: $foreground 80%; }
    Table #buttons { height: 1; width: auto; }
    Table #buttons Button { margin: 0 1; min-width: 12; }
    Table #side { width: auto; }
    Table #match-line { height: 1; padding: 0 1; color: $foreground 80%; }
    """ + (
        f"Table MoveLog {{ height: 1fr; min-height: 5; width: {LOG_WIDTH}; }}"
        f"Table.-narrow MoveLog {{ width: {NARROW_LOG_WIDTH}; }}"
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "stand", "Stand"),
        Binding("e", "end_turn", "End turn"),
        # short words: at 80 columns the footer holds every key whole ("1-4 Play a car")
        Binding("1", "play_card(0)", "Card", key_display="1-4"),
        *(Binding(str(n), f"play_card({n - 1})", f"Card {n}", show=False) for n in range(2, 5)),
    ]
    ROUND_WORD = "set"
    ROUND_ENDS = (SetWon, SetVoid)

    def compose_table(self) -> ComposeResult:
        # set before the widgets arrive: set after, it restyles every one of them again; and
        # the boards are made at the tier they will have, before their own Resize (which comes
        # after the first frame: made at another, the whole table is drawn twice)
        self.set_class(self.narrow, "-narrow")
        tier = self.expected_tier(self.app.size)
        yield Static(id="match-line", markup=False)
        with Horizontal(id="play-area"):
            with BoardsArea(tier, id="boards"):
                with Horizontal(id="board-row"):
                    yield BoardPanel(tier, id="board-0")
                    yield BoardPanel(tier, id="board-1")
                yield Static(id="last-move", markup=False)
                with Horizontal(id="hands"):
                    yield HandRow("Your hand", tier, id="my-hand")
                    yield HandRow("Their hand", tier, id="their-hand")
                yield Static(id="unseen", markup=False)
                with Horizontal(id="buttons"):
                    yield Button("Stand [s]", id="stand", variant="warning", compact=True)
                    yield Button("End turn [e]", id="end-turn", variant="primary", compact=True)
            with Vertical(id="side"):
                yield MoveLog()

    # -- drawing -------------------------------------------------------------------------------

    @property
    def hand_seat(self) -> int:
        """Whose hand is face up at the bottom: the viewer, or seat 0 behind the hand-off screen."""
        return self.viewer if self.viewer is not None else 0

    def reset_game(self) -> None:
        super().reset_game()
        self.query_one("#last-move", Static).update("")

    def show(self, view: PazaakView) -> None:
        me = self.hand_seat
        for seat in range(2):
            self.query_one(f"#board-{seat}", BoardPanel).show(
                self.seats[seat].label,
                view.boards[seat],
                view.standing[seat],
                view.sets_won[seat],
                view.to_move == seat,
                view.tiebreakers[seat],
                settled=view.to_move is None,
            )
        self.show_my_hand(view, me)
        self.show_their_hand(view, 1 - me)
        self.query_one("#unseen", Static).update(unseen_text(view.unseen))
        self.query_one("#match-line", Static).update(
            f"Set {view.set_number} · first to 3 · "
            f"{self.seat_name(0)} {pips(view.sets_won[0])}  {self.seat_name(1)} {pips(view.sets_won[1])}"
            f"{seed_text(self.session.seed)}"
        )
        # a button is there only for whoever may press it now (a result's box takes the clicks)
        legal = () if self.interlude_up else self.session.playable()
        self.query_one("#stand", Button).display = Stand() in legal
        self.query_one("#end-turn", Button).display = EndTurn() in legal

    def show_my_hand(self, view: PazaakView, me: int) -> None:
        """The hand at the keyboard, under its owner's board: face up, or backs behind the
        hand-off screen (face up again in a finished game's replay)."""
        mine = self.query_one("#my-hand", HandRow)
        hands = self.query_one("#hands", Horizontal)
        if hands.children.index(mine) != me:
            theirs = hands.query_one("#their-hand", HandRow)
            if me:
                hands.move_child(mine, after=theirs)
            else:
                hands.move_child(mine, before=theirs)
        opened = self.session.open_hand(me)
        if view.hand is not None:
            mine.set_caption("Your hand" if not self.hotseat else f"{self.seat_name(me)}'s hand")
            mine.show_faces(view.hand, self.playable_indices())
        elif opened is not None:  # a finished game's replay, seen by nobody: every hand is open
            mine.set_caption(f"{self.seat_name(me)}'s hand")
            mine.show_faces(opened.hand, frozenset())
        else:
            mine.set_caption(f"{self.seat_name(me)}'s hand · {view.hand_counts[me]} left")
            mine.show_backs(view.hand_counts[me])

    def show_their_hand(self, view: PazaakView, other: int) -> None:
        """The other hand as card backs with their count, or face up in the replay of a
        finished game."""
        theirs = self.query_one("#their-hand", HandRow)
        caption = theirs.query_one(".caption", Static)
        name, count = self.seat_name(other), view.hand_counts[other]
        opened = self.session.open_hand(other)
        if opened is not None:
            theirs.set_caption(f"{name}'s hand, face up")
            theirs.show_faces(opened.hand, frozenset())
            caption.tooltip = f"{name}'s hand, face up: the game is over, so nothing is secret"
            return
        theirs.set_caption(f"{name}'s hand · {count} left")
        theirs.show_backs(count)
        caption.tooltip = f"{name}'s hand: {count} side cards, face down (hidden)"

    def log_lines(self, lines: tuple[str, ...]) -> None:
        """The log, and the newest lines again in the strip under the boards."""
        super().log_lines(lines)
        if lines:
            strip = self.query_one("#last-move", Static)
            named = tuple(self.name_seats(line) for line in lines)
            room = self.query_one("#boards").size.width - 2
            strip.update(last_move_text(named, room if room > 0 else 80))

    def playable_indices(self) -> frozenset[int]:
        return frozenset(a.index for a in self.session.playable() if isinstance(a, PlaySide))

    @property
    def narrow(self) -> bool:
        return self.app.size.width < NARROW

    def expected_tier(self, room: Size) -> Tier:
        """The tier the boards area will pick once laid out in ``room`` (the screen, less a
        result panel's place: the log and footer give way to a result)."""
        width, height = room
        if self.under_result:
            return choose_tier(width, height - ROWS_ABOVE)
        log = 0 if log_folded(self.app) else NARROW_LOG_WIDTH if self.narrow else LOG_WIDTH
        return choose_tier(width - log, height - ROWS_ABOVE - 1)

    def boards_in(self, room: Size) -> Tier | None:
        return fitting_tier(room.width, room.height - ROWS_ABOVE)

    def fit_room(self, room: Size) -> None:
        """The boards at their tier for the room at once, not a frame after it changes."""
        self.query_one(BoardsArea).apply_tier(self.expected_tier(room))

    def on_resize(self, event: Resize) -> None:
        """A narrower log below 100 columns; the boards take the rest (``BoardsArea``)."""
        self.set_class(event.size.width < NARROW, "-narrow")

    # -- choices -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("stand", "end_turn", "play_card"):
            # shown only to whoever may use it now: the seat not on turn sees none of them
            if self.looking_on or not self.my_turn:
                return False
            if action == "play_card":
                return True  # a card that can't be played now is refused with the reason
            wanted = Stand() if action == "stand" else EndTurn()
            return wanted in self.session.playable()
        return super().check_action(action, parameters)

    def action_stand(self) -> None:
        self.play_human(Stand())

    def action_end_turn(self) -> None:
        self.play_human(EndTurn())

    def action_play_card(self, index: int) -> None:
        play_hand_card(self, index, "side cards")

    def on_hand_card_chosen(self, message: HandCardChosen) -> None:
        self.action_play_card(message.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "stand":
            self.action_stand()
        elif event.button.id == "end-turn":
            self.action_end_turn()

    # -- results -------------------------------------------------------------------------------

    def interlude(self, events: tuple[Any, ...]) -> ResultPanel | None:
        for event in events:
            if isinstance(event, SetWon):
                score = (
                    f"{self.seat_name(0)} {event.totals[0]} · {self.seat_name(1)} {event.totals[1]}"
                )
                sets = f"Sets: {event.sets_won[0]} – {event.sets_won[1]} (first to 3)"
                loser = self.seat_name(1 - event.seat)
                why = REASONS[event.reason].format(loser="you" if loser == "You" else loser)
                return ResultPanel(
                    f"{self.seat_name(event.seat)} won the set {why}",
                    f"{score}\n{sets}",
                    (("next", "Next set"),),
                )
            if isinstance(event, SetVoid):
                return ResultPanel(
                    f"Tie at {event.totals[0]}: the set is void",
                    "No point to anyone; hands are not refilled.",
                    (("next", "Next set"),),
                )
        return None

    def final_result(self) -> ResultPanel:
        outcome = self.session.outcome
        assert outcome is not None
        winner = self.seat_name(outcome.winners[0])
        sets = " – ".join(f"{s:g}" for s in outcome.scores)
        void = outcome.stats.get("void_sets", 0)
        verdict = "You won the match!" if winner == "You" else f"{winner} won the match"
        details = f"Sets {sets}" + (f" · {void:g} void" if void else "")
        return ResultPanel(verdict, details, MATCH_CHOICES)
