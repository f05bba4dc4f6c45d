"""Pazaak's table pieces: a 3×3 board with its total, state and set lights, and a hand of side
cards, both sized by the table's tier (``layout``).

``card_tip`` and ``board_tip`` are the one place that says in words what a Pazaak card does;
every card's tooltip (hand, board, deck builder) comes from them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Digits, Static

from cardtable.games.pazaak.cards import VALUED, Card, Kind, label, parse, signed
from cardtable.games.pazaak.shared import TARGET, Board, Placed
from cardtable.ui.tables.pazaak.layout import TIERS, Tier
from cardtable.ui.widgets.card import CardView
from cardtable.ui.widgets.styling import restyle_now

SPECIAL_KINDS = frozenset(
    {Kind.VARIABLE, Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE, Kind.TIEBREAKER}
)


def hand_kind(card: Card) -> str:
    """Frame for a card in hand: plus, minus, dual (±N), or a gold special card."""
    return {Kind.PLUS: "plus", Kind.MINUS: "minus", Kind.DUAL: "dual"}.get(card.kind, "special")


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
    """Label and frame for a card on the board, showing what it counts for now: a side card
    keeps its kind's frame, and its sign says which way it was played."""
    card = placed.card
    if card.kind is Kind.MAIN:
        return str(placed.value), "main"
    if card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE):
        return label(card), "special"
    text = signed(placed.value) + ("T" if card.kind is Kind.TIEBREAKER else "")
    if card.kind in (Kind.PLUS, Kind.MINUS):
        return text, "plus" if placed.value > 0 else "minus"
    return text, hand_kind(card)


def pips(won: int, needed: int = 3) -> str:
    return "●" * won + "○" * max(0, needed - won)


def set_lights(won: int, needed: int = 3) -> str:
    """The sets won as large marks, filled or hollow, spaced to read at a glance."""
    return " ".join(pips(won, needed))


def board_state(board: Board, standing: bool, to_move: bool, settled: bool) -> str:
    """The board's state as one word (its class is the word, lower case, dashed).

    ``settled``: an over-20 total is final (the set is over). Until then a board a Flip pushed
    over 20 on the other player's turn may still be mended on its owner's turn."""
    total = board.total
    if total > TARGET:
        return "BUST" if settled else "OVER 20"
    if board.full:
        return "FULL"
    if total == TARGET:
        return "TWENTY"
    if standing:
        return "STANDS"
    return "TO PLAY" if to_move else ""


#: the board's class for each state word: the frame and the digits take its colour
STATE_CLASSES = {
    "BUST": "-bust",
    "OVER 20": "-over",
    "FULL": "-full",
    "TWENTY": "-twenty",
    "STANDS": "-standing",
}


class BoardPanel(Horizontal):
    """One player's board: nine places filled left to right, top to bottom, and beside them the
    total in large digits, the board's state in a word and the sets won as lights."""

    DEFAULT_CSS = """
    BoardPanel {
        width: auto; height: auto; padding: 0 1;
        border: round $foreground 40%;
        border-title-color: $foreground; border-title-style: bold;
        border-subtitle-color: $foreground 70%;
        background: $felt;
    }
    BoardPanel.-to-move { border: heavy $highlight; }
    BoardPanel.-standing, BoardPanel.-twenty, BoardPanel.-full { border: double $stand; }
    BoardPanel.-bust, BoardPanel.-over { border: double $bust; }
    BoardPanel .cells { width: auto; height: auto; grid-size: 3 3; }
    BoardPanel .cells CardView { width: 100%; height: 100%; }
    BoardPanel.-glyph .cells CardView { border: none; }
    BoardPanel.-glyph .cells CardView.-empty { background: $foreground 12%; }
    BoardPanel .score { width: 7; height: 100%; margin-left: 1; }
    BoardPanel .total { width: auto; color: $foreground; text-style: bold; }
    BoardPanel .number { display: none; text-style: bold; }
    BoardPanel.-glyph .total { display: none; }
    BoardPanel.-glyph .number { display: block; }
    BoardPanel .state { text-style: bold; height: 1; }
    BoardPanel .lights { text-style: bold; height: 1; color: $foreground 85%; }
    BoardPanel.-standing .total, BoardPanel.-standing .state { color: $stand; }
    BoardPanel.-twenty .total, BoardPanel.-twenty .state,
    BoardPanel.-full .total, BoardPanel.-full .state { color: $success; }
    BoardPanel.-bust .total, BoardPanel.-bust .state,
    BoardPanel.-over .total, BoardPanel.-over .state { color: $bust; }
    BoardPanel.-to-move .state { color: $highlight; }
    """

    def __init__(self, tier: Tier, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # born at its tier: a tier set once the board is on the screen restyles all it holds
        self.set_tier(tier)
        #: the state word beside the total ("BUST", "STANDS", ...; "" while waiting)
        self.state_word = ""

    def compose(self) -> ComposeResult:
        with Grid(classes="cells") as cells:
            self._size_cells(cells)
            for place in range(9):
                yield CardView(id=f"cell-{place}")
        with Vertical(classes="score"):
            yield Digits("0", classes="total")
            yield Static("0", classes="number", markup=False)
            yield Static(classes="state", markup=False)
            yield Static(classes="lights", markup=False)

    def set_tier(self, tier: Tier) -> None:
        """Card size and art for the room the table has (layout only); before the board is
        composed, its grid takes the size as it is made."""
        self.tier = tier
        self.update_classes(
            {f"-{other.name}": other is tier for other in TIERS}, update=restyle_now(self)
        )
        for cells in self.query(".cells").results(Grid):
            self._size_cells(cells)
        self.styles.padding = (0, tier.padding)

    def _size_cells(self, cells: Grid) -> None:
        styles = cells.styles
        styles.grid_columns = str(self.tier.card[0])
        styles.grid_rows = str(self.tier.card[1])
        styles.grid_gutter_vertical = self.tier.gutter  # between columns

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
        """Draw the board; ``settled`` says the set is over (see ``board_state``)."""
        for i, cell in enumerate(self.query(CardView)):
            if i < len(board.cards):
                cell.show(*board_face(board.cards[i]), tip=board_tip(board.cards[i]))
            else:
                cell.show("", "empty")
        state = board_state(board, standing, to_move, settled)
        self.state_word = state
        self.border_title = Content(name)  # a name is never markup
        tie = " · T: wins a tie" if tiebreaker else ""
        self.border_subtitle = f"total {board.total}{tie}"
        self.query_one(".total", Digits).update(str(board.total))
        self.query_one(".number", Static).update(str(board.total))
        self.query_one(".state", Static).update(state)
        self.query_one(".lights", Static).update(set_lights(sets_won))
        self.query_one(".lights", Static).tooltip = f"{name}: {sets_won} of 3 sets won"
        # one restyle for every class, not one per class (and none while the table is built)
        states = {css: state == word for word, css in STATE_CLASSES.items()}
        self.update_classes({"-to-move": to_move, **states}, update=restyle_now(self))


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


class HandRow(Vertical):
    """A hand of up to four side cards under its caption: faces for its owner, card backs for
    everyone else (the caption counts them)."""

    DEFAULT_CSS = """
    HandRow { height: auto; width: auto; }
    HandRow .caption { width: 100%; height: 1; color: $foreground 80%;
        text-wrap: nowrap; text-overflow: ellipsis; }
    HandRow .cards { width: auto; height: auto; }
    HandRow.-glyph HandCard { border: none; }
    """

    def __init__(self, caption: str, tier: Tier, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.caption = caption
        self.set_tier(tier)  # born at its tier, as a board is

    def compose(self) -> ComposeResult:
        yield Static(self.caption, classes="caption", markup=False)
        with Horizontal(classes="cards"):
            for index in range(4):
                card_view = HandCard(index)
                self._size_card(card_view)
                yield card_view

    def set_tier(self, tier: Tier) -> None:
        """Card size for the room the table has; as wide as the board above it (cards not yet
        composed take the size as they are made)."""
        self.tier = tier
        self.set_class(tier.name == "glyph", "-glyph", update=restyle_now(self))
        self.styles.width = tier.board[0]
        for card_view in self.query(HandCard):
            self._size_card(card_view)

    def _size_card(self, card_view: HandCard) -> None:
        width, height = self.tier.hand
        card_view.styles.width = width
        card_view.styles.height = height
        card_view.styles.margin = (0, self.tier.gutter, 0, 0)

    def show_faces(self, hand: tuple[Card, ...], playable: frozenset[int]) -> None:
        glyph = self.tier.name == "glyph"
        for card_view in self.query(HandCard):
            if card_view.index < len(hand):
                card = hand[card_view.index]
                can = card_view.index in playable
                key = str(card_view.index + 1) if can else ""
                # with no frame to carry the key, it leads the face
                face = f"{key or ' '}:{label(card)}" if glyph else label(card)
                card_view.show(face, hand_kind(card), not can, hand_tip(card, can))
                # the key is shown only on a card it would play: "greyed out" without colour
                card_view.border_title = key
                card_view.display = True
            else:
                card_view.display = False

    def show_backs(self, count: int) -> None:
        for card_view in self.query(HandCard):
            card_view.show("▒▒", "back")
            card_view.border_title = ""
            card_view.display = card_view.index < count

    def set_caption(self, text: str) -> None:
        self.query_one(".caption", Static).update(text)
