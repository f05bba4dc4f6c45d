"""Flip 7's board: one player's seven places, modifiers, "stay now" score, state and total.

Widgets get a ``SeatLook`` (a plain slice of the observation plus how to draw it) and post
intents; they never keep game state. A board draws its cards in the size the table chose
(large, framed, or ``-compact``: two text lines when many players share a small screen), its
score in large digits beside them, and its state as a word and a frame style.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import MouseMove, Resize
from textual.message import Message
from textual.widgets import Digits, Static

from cardtable.games.flip7.cards import FLIP_SEVEN, Card
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import SeatView
from cardtable.ui.tables.flip7.cards import HIDDEN_TIP, Face, card_at, card_tip, drawn
from cardtable.ui.tables.flip7.text import (
    STATUS_STYLE,
    breakdown,
    card_face,
    number_faces,
    progress_bar,
    status_word,
)
from cardtable.ui.widgets.styling import restyle_now

#: the board's corners and the border's own margin around its subtitle
EDGE_CORNERS = 4
#: a board at least this wide (one column) also draws the bar toward the goal in its edge
BAR_ROOM = 64


@dataclass(frozen=True, slots=True)
class SeatLook:
    """What one draw line shows: the seat's public row and how the table wants it drawn."""

    seat: SeatView
    name: str
    goal: int
    to_move: bool = False
    you: bool = False
    #: the newest numbers and modifiers still face down, waiting for their flip
    hidden_numbers: int = 0
    hidden_modifiers: int = 0
    #: this seat may receive the action card being handed out (its seat number is the key)
    eligible: bool = False
    #: the card size: "full", "large", "framed", or "chips" (two text lines, no board)
    size: str = "framed"

    @property
    def compact(self) -> bool:
        return self.size == "chips"

    @property
    def flipping(self) -> bool:
        return bool(self.hidden_numbers or self.hidden_modifiers)


def put(static: Static, content: Content | str) -> None:
    """Update ``static`` only when its text or styles change: every update costs a layout."""

    def key(value: object) -> object:
        return (value.plain, tuple(value.spans)) if isinstance(value, Content) else value

    if key(static.content) != key(content):
        static.update(content)


#: a face and its tooltip (None for an empty place)
Shown = tuple[Face, str | None]


class CardRow(Static):
    """A row of cards drawn as one text (framed or as chips); hovering a card shows its tooltip.

    One widget, not one per card, keeps a big table cheap: the card under the mouse is found
    from the column, as the faces were laid out.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[Shown, ...] = ()
        self.card_size = "chips"

    def show_cards(self, cards: list[Shown], size: str) -> None:
        faces = [face for face, _ in cards]
        put(self, drawn(faces, size))
        if (tuple(cards), size) != (self.cards, self.card_size):
            self.cards, self.card_size = tuple(cards), size
            self.tooltip = None  # the card under the mouse may have changed

    def on_mouse_move(self, event: MouseMove) -> None:
        offset = event.get_content_offset(self)
        faces = [face for face, _ in self.cards]
        index = None if offset is None else card_at(faces, offset.x, self.card_size)
        tip = None if index is None else self.cards[index][1]
        if tip != self.tooltip:
            self.tooltip = tip


class Boards(VerticalScroll):
    """Where the boards stand. Its width changes when the log beside it is shown or hidden
    (the screen's does not), and the boards then choose their card size again."""

    class Resized(Message):
        """The boards have a different width to share."""

    _width = 0

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self.post_message(self.Resized())


class SeatChosen(Message):
    """A click on a player's line, to hand them the action card being given."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


def head_text(look: SeatLook) -> Content:
    """Name, state, the row's points and the total on one line (the compact line's first row),
    most needed first, as a narrow line cuts its end."""
    seat = look.seat
    marker = ("▶ ", "bold $highlight") if look.to_move else "  "
    word = "flipping…" if look.flipping else status_word(seat.status, look.to_move, look.you)
    word = "" if word == "in play" else word  # the usual state goes without saying here
    now = "?" if look.flipping else str(seat.round_score)
    key = (f"[{seat.seat + 1}] give", "bold reverse $highlight") if look.eligible else ""
    return Content.assemble(
        marker,
        (f"{seat.seat + 1} {look.name}", "bold"),
        "  ",
        key,
        "  " if key else "",
        (word, STATUS_STYLE[seat.status] if not look.flipping else "italic"),
        "  now " if word else "now ",
        (now, "bold"),
        f"  total {seat.banked}  {len(seat.numbers)} of {FLIP_SEVEN}",
    )


def word_text(look: SeatLook) -> Content:
    """The line above the cards, right of the modifiers: how the row adds up, and what the
    large digits mean (the points staying would bank, what was banked, or a bust)."""
    seat = look.seat
    if look.flipping:
        return Content.styled("flipping…", "italic")
    if seat.status is Status.BUST:
        return Content.styled("BUST: 0 this round", "bold $bust")
    if not seat.numbers and not seat.modifiers:
        return Content.styled("no cards yet", "italic")
    if len(seat.numbers) == FLIP_SEVEN:
        word = ("FLIP 7", "bold reverse $stand")
    elif seat.status is Status.ACTIVE:
        word = ("stay now", "bold")
    else:
        word = ("banks", STATUS_STYLE[seat.status])
    return Content.assemble(
        (breakdown(seat.numbers, seat.modifiers), "$foreground 70%"), "  ", word
    )


def edge_text(look: SeatLook, width: int) -> str:
    """The board's bottom edge: its state, how many of the seven, the total before → after,
    and the bar toward the goal, dropping the bar and then the count where ``width`` is short
    (the empty places show the count too)."""
    seat = look.seat
    word = "…" if look.flipping else status_word(seat.status, look.to_move, look.you)
    give = f" · press {seat.seat + 1} to give" if look.eligible else ""
    if look.flipping or seat.status is Status.BUST:
        total, count = f"total {seat.banked}", ""
    else:
        total = f"total {seat.banked} → {seat.banked + seat.round_score}"
        count = f" · {len(seat.numbers)} of {FLIP_SEVEN}"
    bar = f" {progress_bar(seat.banked, look.goal)} {look.goal}" if width >= BAR_ROOM else ""
    room = width - EDGE_CORNERS
    for text in (f"{word}{give}{count} · {total}{bar}", f"{word}{give}{count} · {total}"):
        if len(text) <= room:
            return text
    return f"{word}{give} · {total}"


class SeatLine(Vertical):
    """One player's board: modifiers above, seven places for the numbers in the order they
    came, and beside them the points staying now would bank, in large digits."""

    DEFAULT_CSS = """
    SeatLine {
        height: auto; padding: 0 0 0 1; margin-bottom: 0;
        border: round $foreground 35%;
        border-title-color: $foreground; border-title-style: bold;
        border-subtitle-color: $foreground 80%;
    }
    SeatLine.-to-move { border: heavy $highlight; }
    SeatLine.-stayed { border: double $stand; border-subtitle-color: $stand; }
    SeatLine.-frozen { border: dashed $card-plus; border-subtitle-color: $card-plus; }
    SeatLine.-bust { border: double $bust; border-subtitle-color: $bust; }
    SeatLine.-eligible { border: heavy $highlight; background: $highlight 8%; }
    SeatLine .top { height: 1; }
    SeatLine .head { display: none; width: 1fr; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    SeatLine .mods { width: auto; height: 1; text-wrap: nowrap; margin-right: 2; }
    SeatLine .word {
        width: 1fr; height: 1; text-wrap: nowrap; text-overflow: ellipsis; text-align: right;
        padding-right: 1;
    }
    SeatLine .cards { height: auto; }
    SeatLine .row { width: auto; height: auto; text-wrap: nowrap; }
    SeatLine .now { width: 1fr; min-width: 7; height: 3; text-align: right; padding-right: 1; }
    SeatLine.-tall .now { margin-top: 1; }
    SeatLine.-stayed .now { color: $stand; }
    SeatLine.-frozen .now { color: $card-plus; }
    SeatLine.-bust .now { color: $bust; }
    SeatLine.-compact { border: none; padding: 0 1; height: 2; }
    SeatLine.-compact.-to-move { background: $highlight 12%; }
    SeatLine.-compact.-eligible { background: $highlight 20%; }
    SeatLine.-compact .head { display: block; width: 1fr; margin-right: 1; }
    SeatLine.-compact .cards { height: 1; padding-left: 2; }
    SeatLine.-compact .row { height: 1; }
    SeatLine.-compact .word, SeatLine.-compact .now { display: none; }
    """

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        #: what was drawn last, so a redraw skips lines that did not change
        self._drawn: tuple[SeatLook, int] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="top"):
            yield Static(classes="head")
            yield CardRow(classes="mods")
            yield Static(classes="word")
        with Horizontal(classes="cards"):
            yield CardRow(classes="row")
            yield Digits(classes="now")

    def on_click(self) -> None:
        self.post_message(SeatChosen(self.seat))

    def show(self, look: SeatLook, width: int = 0) -> None:
        """Draw ``look``; ``width``, the board's columns, says what its bottom edge has room for."""
        if (look, width) == self._drawn:
            return
        self._drawn = (look, width)
        seat = look.seat
        self.border_title = Content(("▶ " if look.to_move else "") + f"{seat.seat + 1} {look.name}")
        self.border_subtitle = edge_text(look, width)
        put(self.query_one(".head", Static), head_text(look))
        put(self.query_one(".word", Static), word_text(look))
        now = "" if look.flipping else str(seat.round_score)
        digits = self.query_one(".now", Digits)
        if digits.value != now:
            digits.update(now)
        numbers, mods = cards_of(look)
        self.query_one(".row", CardRow).show_cards(numbers, look.size)
        self.query_one(".mods", CardRow).show_cards(mods, "chips")
        shown = {
            f"-{status.value}": status is not Status.ACTIVE
            and seat.status is status
            and not look.flipping
            for status in Status
        }
        self.update_classes(  # one restyle for every class, and none while the table is built
            {
                **shown,
                "-to-move": look.to_move,
                "-eligible": look.eligible,
                "-compact": look.compact,
                "-tall": look.size in ("full", "large"),
            },
            update=restyle_now(self),
        )


def cards_of(look: SeatLook) -> tuple[list[Shown], list[Shown]]:
    """Faces with their tooltips: a card still face down says nothing of what it is."""
    seat = look.seat
    bust = seat.status is Status.BUST
    faces = number_faces(seat.numbers, bust)
    last = len(faces) - 1
    numbers: list[Shown] = [
        (face, card_tip(card, bust and i == last))
        for i, (face, card) in enumerate(zip(faces, seat.numbers, strict=True))
    ]
    numbers = hide_newest(numbers, look.hidden_numbers)
    mods = hide_newest(
        [(card_face(card), card_tip(card)) for card in seat.modifiers], look.hidden_modifiers
    )
    if seat.second_chance:
        mods.append((card_face(Card.SECOND_CHANCE), card_tip(Card.SECOND_CHANCE)))
    return numbers + empty_places(len(numbers)), mods


def empty_places(filled: int) -> list[Shown]:
    """The places still empty of the seven, each saying how far the Flip 7 is."""
    left = FLIP_SEVEN - filled
    tip = f"An empty place: {left} more different numbers make a Flip 7"
    return [(("", "slot"), tip)] * max(0, left)


def hide_newest(cards: list[Shown], hidden: int) -> list[Shown]:
    """The last ``hidden`` cards as backs, their tooltips too."""
    up = len(cards) - hidden
    return [card if i < up else (("", "back"), HIDDEN_TIP) for i, card in enumerate(cards)]
