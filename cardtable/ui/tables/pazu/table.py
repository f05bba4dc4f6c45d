"""The Pazu-Pazaak table: 3–6 boards round the table, the two pots, the bidding screen, your hand,
the log, and every choice by key or click.

During a set's auction the bidding screen takes the boards' place; the rest of the time the
boards are on show, the last set's until the next auction opens. Between sets a person may add
bots and send them away: the table grows a board (and a named seat) for every bot that sits
down. Keys and clicks become actions through ``play_human``; the core refuses what is out of
bounds and says why. The layers under this one: the keys (``choices.PazuChoices``) and the
layout for the terminal (``fitting.PazuRoom``); this one draws the game and its results.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, ContentSwitcher, Input, Static

from cardtable.games.pazu.actions import (
    END_TURN,
    LEAVE,
    STAND,
    STAY,
    PlaySide,
)
from cardtable.games.pazu.events import SetPotCarried, SetWon
from cardtable.games.pazu.state import Phase
from cardtable.games.pazu.view import PazuView
from cardtable.session import Session
from cardtable.ui.screens.resultpanel import ResultPanel
from cardtable.ui.tables.pazu.auction import AuctionPanel, auction_slice
from cardtable.ui.tables.pazu.fitting import PazuRoom
from cardtable.ui.tables.pazu.results import (
    ending,
    final_screen,
    set_result,
    set_summary,
    standings,
)
from cardtable.ui.tables.pazu.seats import (
    between_text,
    seat_changes,
    shown_seats,
)
from cardtable.ui.tables.pazu.story import auction_story, departures
from cardtable.ui.tables.pazu.text import HINTS, SEATS_HINT, pots_line
from cardtable.ui.tables.pazu.widgets import (
    HAND_KEYS,
    PazuHand,
    SeatBoard,
    SeatSlice,
)
from cardtable.ui.tables.status import result_wait
from cardtable.ui.widgets.log import MoveLog

AUCTION = (Phase.BID, Phase.PICK, Phase.ANTE)


class PazuTable(PazuRoom):
    """Pazu-Pazaak for 3–6: against bots, or hot-seat with a hand-off between people."""

    #: nothing takes the keys by itself ("" — None would inherit the app's "focus anything")
    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    PazuTable #pz-pots { height: 1; padding: 0 1; color: $foreground 85%; }
    PazuTable #pz-main { height: 1fr; }
    PazuTable #pz-center { height: 100%; width: 90; }
    PazuTable #pz-boards { height: auto; width: auto; }
    PazuTable #pz-side { width: 1fr; min-width: 24; }
    PazuTable MoveLog { height: 1fr; min-height: 3; }
    PazuTable #pz-between { height: auto; padding: 0 1; color: $foreground; display: none; }
    PazuTable #pz-between.-on { display: block; }
    PazuTable #pz-buttons { height: auto; width: 100%; layout: grid; grid-size: 2;
        grid-columns: auto auto; grid-gutter: 0 1; }
    PazuTable #pz-buttons Button { min-width: 10; }
    /* a result beside the table says what the between-sets note would, in the room it has */
    PazuTable.-under-result #pz-side #pz-between, PazuTable.-under-result #pz-buttons {
        display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "stand", "Stand"),
        Binding("e", "end_turn", "End turn"),
        Binding("n", "stay", "Next set"),
        # l folds the log on every table: leaving, for good, takes a capital
        Binding("L", "leave", "Leave table"),
        Binding("a", "add_bot", "Add bot"),
        Binding("r", "remove_bot", "Remove bot"),
        # a hand card to play, or an offered card to pick (short, for an 80-column footer)
        Binding("1", "digit(0)", "Card", key_display="1-9…"),
        *(Binding(key, f"digit({i})", show=False) for i, key in enumerate(HAND_KEYS) if i),
    ]
    ROUND_WORD = "set"
    ROUND_ENDS = (SetWon, SetPotCarried)
    BOARD_ID = "pz-board-{seat}"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: the question the amount box last asked (set, phase, seat, viewer): a new one clears it
        self._asked: tuple[Any, ...] | None = None

    @property
    def seat_total(self) -> int:
        """Every seat there has been so far in the match (a replay's list may hold later ones)."""
        return len(self.session.observe().seated)

    def compose_table(self) -> ComposeResult:
        yield Static(id="pz-pots", markup=False)
        with Horizontal(id="pz-main"):
            with ContentSwitcher(id="pz-center", initial="pz-boards"):
                with Grid(id="pz-boards"):
                    for seat in range(self.seat_total):
                        yield SeatBoard(seat)
                yield AuctionPanel(id="pz-auction")
            with Vertical(id="pz-side"):
                yield MoveLog()
                yield Static(id="pz-between", markup=False)
                with Grid(id="pz-buttons"):
                    yield Button("Stand (s)", id="pz-stand", variant="warning")
                    yield Button("End turn (e)", id="pz-end", variant="primary")
                    yield Button("Next set (n)", id="pz-stay", variant="primary")
                    yield Button("Leave (L)", id="pz-leave", variant="error")
                    yield Button("Add bot (a)", id="pz-add")
                    yield Button("Remove bot (r)", id="pz-remove")
        yield PazuHand(id="pz-hand")

    def reset_game(self) -> None:
        super().reset_game()
        self._asked = None
        self.shown = shown_seats(self.session.observe())  # laid out as the table's room is

    # -- drawing -------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.seat_name(s) for s in range(self.seat_total))

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(seat.label for seat in self.seats[: self.seat_total])

    def redraw(self) -> None:
        """Opened from the online lobby, the table mounts before the bidding panel has its own
        widgets: the first drawing waits for them."""
        if not self.abandoned and not self.query("#pz-amount"):
            self.call_after_refresh(self.redraw)
            return
        super().redraw()

    def show(self, view: PazuView) -> None:
        self.fit_hand()  # the hand grew: the boards make room
        auction = view.phase in AUCTION
        self.show_seats(view)
        center = self.query_one("#pz-center", ContentSwitcher)
        center.current = "pz-auction" if auction else "pz-boards"
        layout = self.layout_now
        center.styles.width = layout.auction_width if auction else layout.boards_width
        for board in self.query(SeatBoard):
            board.display = board.seat in self.shown
            if board.display:
                board.show(self.seat_slice(view, board.seat))
        if auction:
            self.show_auction(view)
        wants_amount = self.my_turn and view.phase in (Phase.BID, Phase.ANTE)
        if not wants_amount and isinstance(self.focused, Input):
            self.set_focus(None)  # a hidden box must not swallow the keys
        self.show_hand(view)
        self.query_one("#pz-pots", Static).update(self.pots_text(view))
        self.show_buttons(view)

    def show_seats(self, view: PazuView) -> None:
        """A board for every seat there has been (mounting those bots added since), and the
        layout for the boards on show."""
        grid = self.query_one("#pz-boards", Grid)
        have = {board.seat for board in self.query(SeatBoard)}
        new = [SeatBoard(seat) for seat in range(len(view.chips)) if seat not in have]
        if new:
            for board in new:
                board.set_density(self.layout_now.density)
            grid.mount_all(new)
        shown = shown_seats(view)
        if shown != self.shown:
            self.shown = shown
            self.apply_layout(self.size)

    def seat_slice(self, view: PazuView, seat: int) -> SeatSlice:
        opened = self.session.open_hand(seat)
        return SeatSlice(
            name=self.labels[seat],
            board=view.boards[seat],
            chips=view.chips[seat],
            hand_count=view.hand_counts[seat],
            seen=view.bought[seat] if opened is None else opened.hand,
            status=view.status[seat],
            seated=view.seated[seat],
            stood_at=view.stood_at[seat],
            to_move=view.to_move == seat and view.phase is Phase.TURN,
            first=view.first == seat and view.phase not in (Phase.BID, Phase.PICK),
            viewer=seat == self.viewer,
        )

    def show_auction(self, view: PazuView) -> None:
        story = auction_story(self.session.history())
        if story is None:
            return
        panel = self.query_one(AuctionPanel)
        panel.show(auction_slice(view, story, self.names, self.labels, self.my_turn))
        asked = (view.set_number, view.phase, view.to_move, self.viewer)
        wants_amount = self.my_turn and view.phase in (Phase.BID, Phase.ANTE)
        if asked != self._asked:
            self._asked = asked
            panel.reset_entry(focus=wants_amount and not self.is_replay)

    def show_hand(self, view: PazuView) -> None:
        hand = self.query_one(PazuHand)
        seat = self.viewer if self.viewer is not None else (view.to_move or 0)
        # the hand of the person at the keyboard is "yours"; a spectator, a replay and a
        # hot-seat table name whose it is
        yours = not (self.hotseat or self.looking_on)
        caption = "Your hand" if yours else f"{self.seat_name(seat)}'s hand"
        if view.hand is None:
            opened = self.session.open_hand(seat)  # a finished game's replay: face up
            if opened is None:
                hand.show_backs(caption, view.hand_counts[seat], "")
            else:
                hand.show_faces(caption, opened.hand, frozenset(range(len(opened.hand))), "")
            return
        bought = len(view.bought[seat])
        hint = f"{bought} bought, public" if bought else ""
        if self.my_turn and view.phase is Phase.TURN and view.played_side:
            hint = "one card a turn: played"
        # outside a turn nothing is playable, but the hand is there to read, not greyed
        playable = (
            self.playable_indices()
            if view.phase is Phase.TURN
            else frozenset(range(len(view.hand)))
        )
        hand.show_faces(caption, view.hand, playable, hint)

    def pots_text(self, view: PazuView) -> str:
        # while bids come in, who opened the bidding; from the picks on, the highest bidder
        story = auction_story(self.session.history()) if view.phase is Phase.BID else None
        first = self.seat_name(story.opener if story is not None else view.first)
        return pots_line(view, first, self.session.seed, self.size.width)

    def show_buttons(self, view: PazuView) -> None:
        legal = self.session.playable()
        turn, between = view.phase is Phase.TURN, view.phase is Phase.LEAVE
        adds, removals = seat_changes(legal)
        # the bot buttons are there for a table with people who may change the bots
        seats = between and bool(view.config.people)
        for button_id, shown, enabled in (
            ("#pz-stand", turn, STAND in legal),
            ("#pz-end", turn, END_TURN in legal),
            ("#pz-stay", between, STAY in legal),
            ("#pz-leave", between, LEAVE in legal),
            ("#pz-add", seats, bool(adds)),
            ("#pz-remove", seats, bool(removals)),
        ):
            button = self.query_one(button_id, Button)
            # only whoever may press it now sees a button; a result over the table (closed or
            # not) takes every click until it is answered
            button.display = shown and enabled and not self.interlude_up
        note = self.query_one("#pz-between", Static)
        note.set_class(between, "-on")
        wait = result_wait(self)
        if wait is not None:  # the next set waits for this person to go on from the result
            note.update(f"Set {view.set_number} is over; the table waits for you: {wait}.")
        else:
            note.update(between_text(view, self.names, self.my_turn, legal))
        if between and self.my_turn and self.focused is None:
            self.query_one("#pz-stay", Button).focus()

    def playable_indices(self) -> frozenset[int]:
        return frozenset(a.index for a in self.session.playable() if isinstance(a, PlaySide))

    def status_text(self) -> str:
        text = super().status_text()
        phase = self.session.observe().phase
        if self.my_turn and not self.is_replay and phase in HINTS and not self.interlude_up:
            hint = HINTS[phase]
            if phase is Phase.LEAVE and any(seat_changes(self.session.playable())):
                hint = SEATS_HINT
            story = auction_story(self.session.history())
            text += ": " + hint.format(cards=len(story.offer) if story else 6)
        return text

    # -- the flow and its results --------------------------------------------------------------

    def people_seated(self) -> bool:
        seated = self.session.observe().seated
        return any(seat.is_human and seated[i] for i, seat in enumerate(self.seats))

    def advance(self) -> None:
        """Ruling 8: the game ends when the last person at the table leaves it. The core ends it
        itself when it knows the people (``config.people``); a game saved before it did is
        ended here."""
        if not self.is_replay and not self.session.is_over and not self.people_seated():
            self.app.push_screen(self.walked_out_result(), self.after_final)
            return
        if self.left_online_table():
            box = self.left_result()
            self.session.close()  # the table plays on, but this person has gone from it
            self.app.push_screen(box, self._after_leaving)
            return
        super().advance()

    def left_online_table(self) -> bool:
        """This person has left a table held by a server, which plays on without them."""
        seat = self.viewer
        if self.session.held_here or seat is None or self.session.is_over:
            return False
        return not self.session.observe().seated[seat]

    def left_result(self) -> ResultPanel:
        """The standings as this person leaves them; the table plays on without them."""
        view = self.session.observe()
        verdict = f"You left the table with {view.chips[self.viewer or 0]} chips"
        details = [
            f"The others play on after set {view.set_number}. Standings as you leave:",
            "",
            *standings(view.chips, self.labels, departures(self.session.history())),
        ]
        return ResultPanel(verdict, "\n".join(details), (("home", "Home"), ("quit", "Quit")))

    def _after_leaving(self, choice: str | None) -> None:
        """Home or quit: the table screen goes, and with it the connection."""
        if choice == "quit":
            self.app.exit()
        else:
            self.app.go_home()

    def interlude(self, events: tuple[Any, ...]) -> ResultPanel | None:
        view = self.session.observe()
        return set_result(events, view.set_number, view, self.names)

    def final_result(self) -> ResultPanel:
        view = self.session.observe()
        history = self.session.history()
        last = history[-1] if history else ()
        summary: list[str] = []
        result = view.last_set
        if result is not None and any(e == result for e in last):
            verdict, _ = set_summary(result, view.set_number, view, self.names)
            summary = [f"Last set: {verdict}."]
        why = ending(last, view.set_number)
        return final_screen(view.chips, self.labels, departures(history), why, summary)

    def walked_out_result(self) -> ResultPanel:
        view = self.session.observe()
        why = f"The game ends as the last person leaves the table (set {view.set_number})."
        return final_screen(view.chips, self.labels, departures(self.session.history()), why, [])


Table = PazuTable
