"""Rows of Flip 7 cards drawn as styled text: framed (three lines) or as one-line chips.

A player's line can hold eight numbers and seven chips; as separate widgets that is well over
a hundred at a table of eight, and each turn restyles them all. Drawn as text in one widget the
row costs next to nothing and looks the same: the kinds differ by frame and sign, as
``CardView`` does it (round for numbers, heavy for + cards, double for the card that bust,
dashed for ×2 and Second Chance, shaded for a card still face down), with theme colours on top.

``card_tip`` says in words what a Flip 7 card does (for tooltips), and ``card_at`` finds the card
under the mouse in a drawn row, so text rows can have a tooltip per card like widgets do.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from cardtable.games.flip7.cards import PLUS_VALUE, Card, is_number

#: a face: the label and a ``CardView`` kind (main, plus, minus, special, back, empty)
Face = tuple[str, str]

#: corners and edges per kind: top-left, horizontal, top-right, vertical, bottom-left, bottom-right
FRAMES = {
    "main": "╭─╮│╰╯",
    "plus": "┏━┓┃┗┛",
    "minus": "╔═╗║╚╝",
    "special": "┌╌┐╎└┘",
    "back": "╭─╮│╰╯",
    "empty": "╭─╮│╰╯",
}
FRAME_STYLE = {
    "main": "$card-main on $card-face",
    "plus": "$card-plus on $card-face",
    "minus": "$card-minus on $card-face",
    "special": "$card-special on $card-face",
    "back": "$card-face 50% on $card-back",
    "empty": "$foreground 25%",
}
LABEL_STYLE = {
    "main": "bold $card-text on $card-face",
    "plus": "bold $card-plus on $card-face",
    "minus": "bold $card-minus on $card-face",
    "special": "bold $card-text on $card-face",
    "back": "$card-face 50% on $card-back",
    "empty": "$foreground 25%",
}
INNER = 3
GAP = " "


def inner(label: str, kind: str) -> str:
    """The label in the card's three middle cells: right-aligned on two, then a mark or a space."""
    if kind == "back":
        return "▒" * INNER
    mark = "!" if label.endswith("!") else " "
    core = label.removesuffix("!")
    return core.rjust(2) + mark if len(core) <= 2 else core[:INNER]


def framed(faces: Sequence[Face]) -> Content:
    """Three lines of framed cards, side by side."""
    top: list[tuple[str, str] | str] = []
    middle: list[tuple[str, str] | str] = []
    bottom: list[tuple[str, str] | str] = []
    for i, (label, kind) in enumerate(faces):
        tl, h, tr, v, bl, br = tuple(FRAMES[kind])
        edge = FRAME_STYLE[kind]
        if i:
            for line in (top, middle, bottom):
                line.append(GAP)
        top.append((tl + h * INNER + tr, edge))
        middle += [(v, edge), (inner(label, kind), LABEL_STYLE[kind]), (v, edge)]
        bottom.append((bl + h * INNER + br, edge))
    return Content("\n").join(Content.assemble(*line) for line in (top, middle, bottom))


def chips(faces: Sequence[Face]) -> Content:
    """One line of cards as chips: `` 12 `` on the card colour, signs and marks kept."""
    parts: list[tuple[str, str] | str] = []
    for i, (label, kind) in enumerate(faces):
        if i:
            parts.append(GAP)
        text = "▒▒" if kind == "back" else label
        parts.append((f" {text.rjust(2)} ", LABEL_STYLE[kind]))
    return Content.assemble(*parts)


# -- tooltips ----------------------------------------------------------------------------------

#: a card still turning over says nothing of its face
HIDDEN_TIP = "A card still face down: it turns over in a moment"

_OTHER_TIPS = {
    Card.TIMES2: "×2: doubles the sum of this row's numbers (not the + cards); never busts",
    Card.FREEZE: "Freeze: the player who gets it banks their row and is out of the round",
    Card.FLIP_THREE: "Flip Three: the player who gets it flips the next three cards into their row",
    Card.SECOND_CHANCE: (
        "Second Chance: the next time this player would bust, the duplicate and this card "
        "are discarded instead, and they play on"
    ),
}


def card_tip(card: Card, bust: bool = False) -> str:
    """What ``card`` is and does, in plain words; ``bust`` for the duplicate that bust its row."""
    if is_number(card):
        n = int(card)
        if bust:
            return f"{n}!: a second {n}, so this row bust and scores 0 this round"
        if n == 0:
            return "0: a number worth nothing, but one of the seven different numbers of a Flip 7"
        return f"{n}: a number card worth {n}; a second {n} in this row busts it"
    if card in PLUS_VALUE:
        value = PLUS_VALUE[card]
        return f"+{value}: adds {value} to this row's score (after any ×2); never busts"
    return _OTHER_TIPS[card]


def face_width(label: str, kind: str, framed_row: bool) -> int:
    """Columns a card takes: a framed card is always five wide, a chip fits its label."""
    if framed_row:
        return INNER + 2
    return max(2, len("▒▒" if kind == "back" else label)) + 2


def card_at(faces: Sequence[Face], x: int, framed_row: bool) -> int | None:
    """The index of the card drawn at column ``x`` of a row (``framed`` or ``chips``), if any."""
    start = 0
    for i, (label, kind) in enumerate(faces):
        width = face_width(label, kind, framed_row)
        if start <= x < start + width:
            return i
        start += width + len(GAP)
    return None
