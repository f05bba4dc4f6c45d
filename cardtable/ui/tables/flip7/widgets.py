"""Flip 7's draw line: one player's cards, state, points and total, framed or compact.

Widgets get a ``SeatLook`` (a plain slice of the observation plus how to draw it) and post
intents; they never keep game state. A line draws itself two ways: ``tall`` with framed cards
when the table has room, ``-compact`` (two text lines) when many players share a small screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import MouseMove
from textual.message import Message
from textual.widgets import Static

from cardtable.games.flip7.cards import FLIP_SEVEN, Card
from cardtable.games.flip7.state import Status
from cardtable.games.flip7.view import SeatView
from cardtable.ui.tables.flip7.cards import HIDDEN_TIP, Face, card_at, card_tip, chips, framed
from cardtable.ui.tables.flip7.text import (
    STATUS_STYLE,
    breakdown,
    card_face,
    number_faces,
    progress_bar,
    status_word,
)


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
    #: two text lines instead of a framed box, when many players share a small screen
    compact: bool = False

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
        self.framed = False

    def show_cards(self, cards: list[Shown], framed_row: bool) -> None:
        faces = [face for face, _ in cards]
        put(self, framed(faces) if framed_row else chips(faces))
        if (tuple(cards), framed_row) != (self.cards, self.framed):
            self.cards, self.framed = tuple(cards), framed_row
            self.tooltip = None  # the card under the mouse may have changed

    def on_mouse_move(self, event: MouseMove) -> None:
        offset = event.get_content_offset(self)
        faces = [face for face, _ in self.cards]
        index = None if offset is None else card_at(faces, offset.x, self.framed)
        tip = None if index is None else self.cards[index][1]
        if tip != self.tooltip:
            self.tooltip = tip


class SeatChosen(Message):
    """A click on a player's line, to hand them the action card being given."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


def head_text(look: SeatLook) -> Content:
    """Name, state, total and the row's points on one line (the compact line's first row)."""
    seat = look.seat
    marker = ("▶ ", "bold $highlight") if look.to_move else "  "
    word = "flipping…" if look.flipping else status_word(seat.status, look.to_move, look.you)
    now = "?" if look.flipping else str(seat.round_score)
    key = (f"  [{seat.seat + 1}] give", "bold reverse $highlight") if look.eligible else ""
    return Content.assemble(
        marker,
        (f"{seat.seat + 1} {look.name}", "bold"),
        "  ",
        (word, STATUS_STYLE[seat.status] if not look.flipping else "italic"),
        f"  total {seat.banked}  now {now}  {len(seat.numbers)} of {FLIP_SEVEN}",
        key,
    )


def score_text(look: SeatLook) -> Content:
    """The three lines beside a tall line's cards: points now, how they add up, the total."""
    seat = look.seat
    if look.flipping:
        return Content.assemble(("flipping…", "italic"), "\n\n", f"total {seat.banked}")
    if seat.status is Status.BUST:
        return Content.assemble(
            ("BUST: 0 this round", "bold $bust"), "\n\n", f"total {seat.banked}"
        )
    lead = "banks" if seat.status in (Status.STAYED, Status.FROZEN) else "stay now:"
    if not seat.numbers and not seat.modifiers:
        return Content.assemble(("no cards yet", "italic"), "\n\n", f"total {seat.banked}")
    return Content.assemble(
        (f"{lead} {seat.round_score}", "bold"),
        "\n",
        (breakdown(seat.numbers, seat.modifiers), "$foreground 70%"),
        "\n",
        f"total {seat.banked} → {seat.banked + seat.round_score}",
    )


class SeatLine(Vertical):
    """One player's draw line: modifiers above, numbers left to right in the order they came."""

    DEFAULT_CSS = """
    SeatLine {
        height: auto; padding: 0 1; margin-bottom: 0;
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
    SeatLine .mods { width: auto; height: 1; text-wrap: nowrap; }
    SeatLine .cards { height: 3; }
    SeatLine .row { width: auto; height: 3; text-wrap: nowrap; }
    SeatLine .score { width: 1fr; height: 3; padding-left: 2; text-wrap: nowrap; text-overflow: ellipsis; }
    SeatLine.-compact { border: none; padding: 0 1; height: 2; }
    SeatLine.-compact.-to-move { background: $highlight 12%; }
    SeatLine.-compact.-eligible { background: $highlight 20%; }
    SeatLine.-compact .head { display: block; width: auto; max-width: 1fr; margin-right: 2; }
    SeatLine.-compact .cards { height: 1; padding-left: 2; }
    SeatLine.-compact .row { height: 1; }
    SeatLine.-compact .score { display: none; }
    """

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        #: what was drawn last, so a redraw skips lines that did not change
        self._drawn: SeatLook | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="top"):
            yield Static(classes="head")
            yield CardRow(classes="mods")
        with Horizontal(classes="cards"):
            yield CardRow(classes="row")
            yield Static(classes="score")

    def on_click(self) -> None:
        self.post_message(SeatChosen(self.seat))

    def show(self, look: SeatLook) -> None:
        if look == self._drawn:
            return
        self._drawn = look
        seat = look.seat
        self.border_title = Content(("▶ " if look.to_move else "") + f"{seat.seat + 1} {look.name}")
        word = status_word(seat.status, look.to_move, look.you)
        give = f" · press {seat.seat + 1} to give" if look.eligible else ""
        self.border_subtitle = (
            f"{'…' if look.flipping else word}{give} · total {seat.banked} "
            f"{progress_bar(seat.banked, look.goal)} {look.goal}"
        )
        put(self.query_one(".head", Static), head_text(look))
        put(self.query_one(".score", Static), score_text(look))
        numbers, mods = cards_of(look)
        self.query_one(".row", CardRow).show_cards(numbers, framed_row=not look.compact)
        self.query_one(".mods", CardRow).show_cards(mods, framed_row=False)
        for status in Status:
            shown = status is not Status.ACTIVE and seat.status is status and not look.flipping
            self.set_class(shown, f"-{status.value}")
        self.set_class(look.to_move, "-to-move")
        self.set_class(look.eligible, "-eligible")
        self.set_class(look.compact, "-compact")


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
        mods.append((("2nd Chance", "special"), card_tip(Card.SECOND_CHANCE)))
    return numbers or [(("", "empty"), None)], mods


def hide_newest(cards: list[Shown], hidden: int) -> list[Shown]:
    """The last ``hidden`` cards as backs, their tooltips too."""
    up = len(cards) - hidden
    return [card if i < up else (("", "back"), HIDDEN_TIP) for i, card in enumerate(cards)]
