"""Pazu-Pazaak's table pieces: one seat's board in three densities, and a hand that grows.

The cards reuse Pazaak's faces (``board_face``, ``hand_kind``, ``HandCard``); what is new is that
a board must also carry its seat's chips, hand size and standing, and shrink to one line so six
seats fit a small terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.widgets import Digits, Static

from cardtable.games.pazaak.cards import Card, label
from cardtable.games.pazaak.shared import TARGET, Board
from cardtable.games.pazu.state import Status
from cardtable.ui.tables.pazaak.widgets import HandCard, board_face, hand_kind, hand_tip
from cardtable.ui.tables.pazu.layout import HAND_CELLS, cards_per_row
from cardtable.ui.widgets.card import CardView
from cardtable.ui.widgets.styling import restyle_now

DENSITIES = ("large", "strip", "line")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


@dataclass(frozen=True)
class SeatSlice:
    """What one board shows: plain values cut from the observation by the table."""

    name: str
    board: Board
    chips: int
    hand_count: int
    #: hand cards the table may show: those everyone saw bought at auction (so not secret), or
    #: the whole hand in the replay of a finished game
    seen: tuple[Card, ...]
    status: Status
    seated: bool
    #: 1 for the first to stand this set, 0 for not standing
    stood_at: int
    to_move: bool
    #: the highest bidder: goes first and named the ante
    first: bool
    viewer: bool


def standing_word(seat: SeatSlice) -> str:
    """Where the seat is in the set, as a word (never colour alone)."""
    word = seat_state(seat)
    if word == "LEFT":
        return word
    if word:
        return f"{seat.board.total} · {'to play' if word == 'TO PLAY' else word}"
    if seat.status is Status.ACTIVE:
        return f"{seat.board.total}"
    return "sits out" if seat.board.cards else ""


def seat_state(seat: SeatSlice) -> str:
    """The word beside the seat's total: BUST, STANDS 1st, OVER 20, TO PLAY, LEFT, or none."""
    if not seat.seated:
        return "LEFT"
    if seat.status is Status.BUST:
        return "BUST"
    if seat.status is Status.STOOD:
        return f"STANDS {ordinal(seat.stood_at)}"
    if seat.status is Status.ACTIVE and seat.to_move:
        return "OVER 20" if seat.board.total > TARGET else "TO PLAY"
    return ""


def hand_words(seat: SeatSlice, room: int) -> str:
    """``hand 3: ±4 ▒▒`` (the bought cards everybody saw, then backs), or ``hand 8, 3 seen``
    when that does not fit in ``room`` columns."""
    seen = [label(card) for card in seat.seen]
    if not seen:
        return f"hand {seat.hand_count}"
    hidden = "▒" * max(0, seat.hand_count - len(seen))
    full = f"hand {seat.hand_count}: {' '.join(seen)} {hidden}".rstrip()
    return full if len(full) <= room else f"hand {seat.hand_count}, {len(seen)} seen"


class SeatBoard(Vertical):
    """One seat at the table: nine places, and the seat's chips, hand and standing as words."""

    DEFAULT_CSS = """
    SeatBoard {
        height: 12; width: 30; padding: 0 1;
        border: round $foreground 40%;
        border-title-color: $foreground; border-title-style: bold;
        border-subtitle-color: $foreground 85%;
        background: $felt;
    }
    SeatBoard.-viewer { border-title-color: $highlight; }
    SeatBoard.-to-move { border: heavy $highlight; }
    SeatBoard.-standing { border: double $stand; border-subtitle-color: $stand; }
    SeatBoard.-bust { border: double $bust; border-subtitle-color: $bust; }
    SeatBoard.-left { opacity: 55%; border: dashed $foreground 30%; }
    SeatBoard .top { height: auto; width: auto; }
    SeatBoard .cells { height: auto; width: auto; }
    SeatBoard .info { height: 1; width: 100%; color: $foreground 85%; }
    SeatBoard.-large .cells { grid-size: 3 3; grid-columns: 6; grid-rows: 3; }
    SeatBoard.-large CardView { width: 6; }
    SeatBoard .score { width: 7; height: auto; margin-left: 1; }
    SeatBoard .total { width: auto; text-style: bold; }
    SeatBoard .state { text-style: bold; }
    SeatBoard.-to-move .state { color: $highlight; }
    SeatBoard.-standing .total, SeatBoard.-standing .state { color: $stand; }
    SeatBoard.-bust .total, SeatBoard.-bust .state,
    SeatBoard.-over .total, SeatBoard.-over .state { color: $bust; }
    SeatBoard.-strip .score, SeatBoard.-line .score { display: none; }
    SeatBoard.-strip { height: 5; width: 49; }
    SeatBoard.-strip .cells { grid-size: 9 1; grid-columns: 5; grid-rows: 3; }
    SeatBoard.-strip CardView { width: 5; }
    SeatBoard.-line { height: 3; width: 39; }
    SeatBoard.-line .cells { grid-size: 9 1; grid-columns: 3; grid-rows: 1; grid-gutter: 0 1; }
    SeatBoard.-line CardView { width: 3; height: 1; border: none; }
    SeatBoard.-line CardView.-empty { background: transparent; }
    SeatBoard.-strip .info, SeatBoard.-line .info { display: none; }
    """

    #: columns inside a large board's border and padding
    BOARD_INNER = 26

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"pz-board-{seat}", classes="-large")
        self.seat = seat
        self.density = "large"
        #: the state word beside the total ("BUST", "STANDS 1st", ...; "" while waiting)
        self.state_word = ""
        #: what to show once the cells exist (a board mounted for a bot that just sat down)
        self._pending: SeatSlice | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="top"):
            with Grid(classes="cells"):
                for place in range(9):
                    yield CardView(id=f"pz-cell-{self.seat}-{place}")
            with Vertical(classes="score"):
                yield Digits("", classes="total")
                yield Static(classes="state", markup=False)
        yield Static(classes="info", markup=False)

    def set_density(self, density: str) -> None:
        """Layout only: the screen picks the density for the terminal's size."""
        self.density = density
        self.update_classes(
            {f"-{name}": name == density for name in DENSITIES}, update=restyle_now(self)
        )

    def on_mount(self) -> None:
        if self._pending is not None:
            self._draw(self._pending)

    def show(self, seat: SeatSlice) -> None:
        self._pending = seat
        if self.query(".info"):  # the cells are there (composed)
            self._draw(seat)

    def _draw(self, seat: SeatSlice) -> None:
        empty = "·" if self.density == "line" else ""
        for place, cell in enumerate(self.query(CardView)):
            if place < len(seat.board.cards):
                cell.show(*board_face(seat.board.cards[place]))
            else:
                cell.show(empty, "empty")
        marks = ("▶ " if seat.to_move else "") + seat.name + (" ★" if seat.first else "")
        chips = f"{seat.chips} chips"
        standing = standing_word(seat)
        state = seat_state(seat)
        if self.density == "large":
            self.border_title = Content(marks)  # a name is never markup
            # beside the cards: the total in large digits and the state as a word
            self.border_subtitle = "LEFT" if state == "LEFT" else ""
            total = str(seat.board.total) if seat.board.cards else ""
            self.query_one(".total", Digits).update(total)
            self.query_one(".state", Static).update(state.replace("STANDS ", "STANDS\n"))
            room = self.BOARD_INNER - len(chips) - 3
            self.query_one(".info", Static).update(f"{chips} · {hand_words(seat, room)}")
        else:
            self.border_title = Content(f"{marks} · {chips}")
            self.border_subtitle = " · ".join(w for w in (f"hand {seat.hand_count}", standing) if w)
        self.state_word = state
        self.update_classes(  # one restyle for every class, and none while the table is built
            {
                "-viewer": seat.viewer,
                "-to-move": seat.to_move,
                "-standing": seat.status is Status.STOOD,
                "-bust": seat.status is Status.BUST,
                "-over": state == "OVER 20",
                "-left": not seat.seated,
            },
            update=restyle_now(self),
        )


class PazuHand(Horizontal):
    """Every hand card, however many (four dealt, one bought each set): faces for its owner,
    backs for everyone else, in as many rows as they need. Each card carries its key
    (``hand_key``); on a tight screen the cards are one text line each. Clicks post Pazaak's
    ``HandCardChosen``."""

    DEFAULT_CSS = """
    PazuHand { height: auto; width: 100%; padding: 0 1; }
    PazuHand .caption { width: 18; height: 100%; min-height: 2; padding-right: 1;
        color: $foreground 85%; }
    PazuHand #pz-cards { width: 1fr; height: auto; layout: grid; grid-size: 9;
        grid-columns: 9; grid-rows: 3; }
    PazuHand HandCard { width: 8; }
    PazuHand.-strip HandCard { width: 7; }
    PazuHand.-line HandCard { width: 6; height: 1; border: none; content-align: left middle; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.density = "large"

    def compose(self) -> ComposeResult:
        yield Static("Your hand", classes="caption", markup=False)
        yield Grid(*(HandCard(index) for index in range(DEALT)), id="pz-cards")

    def fit(self, width: int, density: str) -> None:
        """Lay the cards out for a screen ``width`` columns wide at ``density``."""
        self.density = density
        self.update_classes(
            {f"-{name}": name == density for name in DENSITIES}, update=restyle_now(self)
        )
        cell, lines = HAND_CELLS[density]
        grid = self.query_one("#pz-cards", Grid)
        grid.styles.grid_size_columns = cards_per_row(density, width)
        grid.styles.grid_columns = str(cell)
        grid.styles.grid_rows = str(lines)

    def show_faces(
        self, caption: str, hand: tuple[Card, ...], playable: frozenset[int], hint: str
    ) -> None:
        self._caption(caption, hint, len(hand))
        for card_view in self._cards(len(hand)):
            index = card_view.index
            if index < len(hand):
                card, can = hand[index], index in playable
                face = label(card)
                if self.density == "line":  # no frame to carry the key: it leads the face
                    face = f"{hand_key(index)} {face}"
                card_view.show(face, hand_kind(card), not can, hand_tip(card, can))
                card_view.display = True
            else:
                card_view.display = False

    def show_backs(self, caption: str, count: int, hint: str) -> None:
        self._caption(caption, hint, count)
        for card_view in self._cards(count):
            card_view.show("▒▒", "back")
            card_view.display = card_view.index < count

    def _cards(self, count: int) -> list[HandCard]:
        """The card views, growing to ``count`` (a hand never shrinks below four places)."""
        cards = list(self.query(HandCard))
        if count > len(cards):
            new = [HandCard(index) for index in range(len(cards), count)]
            self.query_one("#pz-cards", Grid).mount_all(new)
            cards += new
        for card_view in cards:
            card_view.border_title = hand_key(card_view.index)
        return cards

    def _caption(self, caption: str, hint: str, count: int) -> None:
        self.query_one(".caption", Static).update(f"{caption} · {count}\n{hint}")


#: four side cards are dealt; a hand grows by the cards bought at auction
DEALT = 4
#: a hand card's key: 1–9, 0, then letters no table key uses (c is chat's, at an online
#: table), so a long hand stays playable
HAND_KEYS = "1234567890bdfghjkmoptuvwxyz"


def hand_key(index: int) -> str:
    """The key that plays hand card ``index`` (cards past the last key are clicked)."""
    return HAND_KEYS[index] if index < len(HAND_KEYS) else ""
