"""Pazaak's table pieces: a 3×3 board with its total and state, and a hand of side cards.

``card_tip`` and ``board_tip`` are the one place that says in words what a Pazaak card does;
every card's tooltip (hand, board, deck builder) comes from them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from cardtable.games.pazaak.cards import VALUED, Card, Kind, label, parse, signed
from cardtable.games.pazaak.shared import Board, Placed
from cardtable.ui.widgets.card import CardView

SPECIAL_KINDS = frozenset(
    {Kind.VARIABLE, Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE, Kind.TIEBREAKER}
)


def hand_kind(card: Card) -> str:
    """Frame for a card in hand: plus, minus, or special (duals and gold cards)."""
    if card.kind is Kind.PLUS:
        return "plus"
    if card.kind is Kind.MINUS:
        return "minus"
    return "special"


def card_tip(card: Card) -> str:
    """What ``card`` is and does, in plain words."""
    n, kind = card.amount, card.kind
    if kind is Kind.MAIN:
        return f"{n}: a main-deck card worth {n}"
    if kind is Kind.PLUS:
        return f"+{n} side card: adds {n} to your total"
    if kind is Kind.MINUS:
        return f"-{n} side card: takes {n} off your total"
    if kind is Kind.DUAL:
        return f"±{n} dual card: add or subtract {n} — you choose when you play it"
    return _GOLD_TIPS[kind]


_GOLD_TIPS = {
    Kind.VARIABLE: "±1/2 card: counts +1, -1, +2 or -2 — you choose when you play it",
    Kind.FLIP_2_4: "Flip 2&4: every card worth 2 or 4 on both boards changes sign (+ to -, - to +)",
    Kind.FLIP_3_6: "Flip 3&6: every card worth 3 or 6 on both boards changes sign (+ to -, - to +)",
    Kind.DOUBLE: "Double (D): the main card you drew this turn counts double",
    Kind.TIEBREAKER: "±1T tiebreaker: counts +1 or -1 (you choose), and wins a tied set",
}


def board_tip(placed: Placed) -> str:
    """A card on a board: what it is, and what it counts for now if a flip or Double changed it."""
    card, value = placed.card, placed.value
    if card.kind is Kind.MAIN:
        now = "" if value == card.amount else f", now counting {signed(value)}"
        return f"{card.amount}: a main-deck card{now}"
    counts = f"counts {signed(value)} now" if card.kind in VALUED else "counts 0 itself"
    return f"{card_tip(card)}\nOn the board: {counts}"


def hand_tip(card: Card, playable: bool = True) -> str:
    """A hand card's tooltip, saying so when it cannot be played now."""
    return card_tip(card) + ("" if playable else "\n(cannot be played now)")


def board_face(placed: Placed) -> tuple[str, str]:
    """Label and frame for a card on the board, showing what it counts for now."""
    card = placed.card
    if card.kind is Kind.MAIN:
        return str(placed.value), "main"
    if card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE):
        return label(card), "special"
    text = signed(placed.value) + ("T" if card.kind is Kind.TIEBREAKER else "")
    return text, "plus" if placed.value > 0 else "minus"


def pips(won: int, needed: int = 3) -> str:
    return "●" * won + "○" * max(0, needed - won)


class BoardPanel(Vertical):
    """One player's board: nine places filled left to right, top to bottom."""

    DEFAULT_CSS = """
    BoardPanel {
        width: 30; height: 11; padding: 0 1;
        border: round $foreground 40%;
        border-title-color: $foreground; border-title-style: bold;
        border-subtitle-color: $foreground 80%;
        background: $felt;
    }
    BoardPanel.-to-move { border: heavy $highlight; }
    BoardPanel.-standing { border: double $stand; border-subtitle-color: $stand; }
    BoardPanel.-bust { border: double $bust; border-subtitle-color: $bust; }
    BoardPanel Horizontal { height: 3; width: auto; }
    BoardPanel CardView { margin-right: 1; }
    BoardPanel .total { width: 100%; content-align: right middle; text-style: bold; height: 1; }
    """

    def compose(self) -> ComposeResult:
        for row in range(3):
            with Horizontal():
                for col in range(3):
                    yield CardView(id=f"cell-{row * 3 + col}")

    def show(
        self,
        name: str,
        board: Board,
        standing: bool,
        sets_won: int,
        to_move: bool,
        tiebreaker: bool,
        settled: bool = True,
    ) -> None:
        """``settled``: an over-20 total is final (the set is over). Until then a board a Flip
        pushed over 20 on the other player's turn may still be mended on its owner's turn."""
        cells = list(self.query(CardView))
        for i, cell in enumerate(cells):
            if i < len(board.cards):
                cell.show(*board_face(board.cards[i]), tip=board_tip(board.cards[i]))
            else:
                cell.show("", "empty")
        over = board.total > 20 and not to_move
        bust = over and settled
        state = (
            "BUST"
            if bust
            else "over 20"
            if over
            else "STANDS"
            if standing
            else "to play"
            if to_move
            else ""
        )
        self.border_title = Content(f"{name} {pips(sets_won)}")  # a name is never markup
        tie = " · T" if tiebreaker else ""
        self.border_subtitle = f"total {board.total}{tie}" + (f" · {state}" if state else "")
        self.set_class(to_move, "-to-move")
        self.set_class(standing and not bust, "-standing")
        self.set_class(bust, "-bust")


class HandCardChosen(Message):
    """A click on a face-up hand card; the table turns it into a play."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class HandCard(CardView):
    def __init__(self, index: int) -> None:
        super().__init__(id=f"hand-{index}")
        self.index = index
        self.border_title = str(index + 1)

    def show(self, label: str, kind: str, dim: bool = False, tip: str | None = None) -> None:
        """A face's tooltip defaults to the card its label names (``parse`` inverts ``label``),
        so every table that shows Pazaak hand cards gets it."""
        if tip is None and kind not in ("back", "empty") and label:
            try:
                tip = hand_tip(parse(label), playable=not dim)
            except ValueError:  # a label of some other game's card: no words for it here
                tip = None
        super().show(label, kind, dim, tip)

    def on_click(self) -> None:
        if not self.has_class("-back"):
            self.post_message(HandCardChosen(self.index))


class HandRow(Horizontal):
    """A hand of up to four side cards: faces for its owner, backs for everyone else."""

    DEFAULT_CSS = """
    HandRow { height: 3; width: auto; padding: 0 1; }
    HandRow .caption { width: 10; height: 3; content-align: left middle; color: $foreground 80%; }
    HandRow HandCard { margin-right: 1; }
    """

    def __init__(self, caption: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.caption = caption

    def compose(self) -> ComposeResult:
        yield Static(self.caption, classes="caption", markup=False)
        for index in range(4):
            yield HandCard(index)

    def show_faces(self, hand: tuple[Card, ...], playable: frozenset[int]) -> None:
        for card_view in self.query(HandCard):
            if card_view.index < len(hand):
                card = hand[card_view.index]
                can = card_view.index in playable
                card_view.show(label(card), hand_kind(card), not can, hand_tip(card, can))
                # the key is shown only on a card it would play: "greyed out" without colour
                card_view.border_title = str(card_view.index + 1) if can else ""
                card_view.display = True
            else:
                card_view.display = False

    def show_backs(self, count: int) -> None:
        for card_view in self.query(HandCard):
            card_view.show("▒▒", "back")
            card_view.display = card_view.index < count

    def set_caption(self, text: str) -> None:
        self.query_one(".caption", Static).update(text)
