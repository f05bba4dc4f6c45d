"""Rows of Flip 7 cards drawn as styled text, in four sizes: full, large, framed, or chips.

A player's line can hold eight numbers and seven chips; as separate widgets that is well over
a hundred at a table of eight, and each turn restyles them all. Drawn as text in one widget the
row costs next to nothing. Cards differ by kind in shape as well as colour: numbers have round
corners and are tinted by value band (0–4, 5–8, 9–12) with the number always printed; + cards
and ×2 are heavy-framed; Second Chance, an action card, has double top and bottom edges; the
duplicate that bust a row is double-framed and marked "!"; a card still face down is shaded;
an empty place of the seven is a dashed frame, so the distance to a Flip 7 can be counted.

``card_tip`` says in words what a Flip 7 card does (for tooltips), and ``card_at`` finds the card
under the mouse in a drawn row, so text rows can have a tooltip per card like widgets do.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from cardtable.games.flip7.cards import PLUS_VALUE, Card, is_number

#: a face: the label and its kind (a number's band, mod, action, bust, back, slot)
Face = tuple[str, str]

#: corners and edges per kind: top-left, horizontal, top-right, vertical, bottom-left, bottom-right
ROUND = "╭─╮│╰╯"
FRAMES = {
    "low": ROUND,
    "mid": ROUND,
    "high": ROUND,
    "mod": "┏━┓┃┗┛",
    "action": "╒═╕│╘╛",
    "bust": "╔═╗║╚╝",
    "back": ROUND,
    "slot": "╭╌╮╎╰╯",
}
#: the colour of each kind: numbers by band, the rest by what they do
TINT = {
    "low": "$card-main",
    "mid": "$card-plus",
    "high": "$card-back",
    "mod": "$card-special",
    "action": "$card-minus",
    "bust": "$bust",
}
FRAME_STYLE = {kind: f"{tint} on $card-face" for kind, tint in TINT.items()} | {
    "back": "$card-face 50% on $card-back",
    "slot": "$foreground 35%",
}
LABEL_STYLE = {kind: f"bold {tint} on $card-face" for kind, tint in TINT.items()} | {
    "back": "$card-face 50% on $card-back",
    "slot": "$foreground 35%",
}
#: the big middle line of a large card: the number reversed out of its band colour
BADGE_STYLE = {kind: f"bold $card-face on {tint}" for kind, tint in TINT.items()}
#: the size tiers: columns inside the frame, lines inside it (0: a one-line chip), the gap
SIZES = {"full": (5, 3, 1), "large": (3, 3, 0), "framed": (3, 1, 0), "chips": (2, 0, 1)}


def band(number: int) -> str:
    """A number's value band, which tints its card."""
    return "low" if number <= 4 else "mid" if number <= 8 else "high"


def _fit(label: str, kind: str, width: int, align: str = ">") -> str:
    if kind == "back":
        return "▒" * width
    if kind == "slot":
        return "·".center(width)
    return f"{label:{align}{width}}"[:width] if len(label) <= width else label[:width]


def _inner_lines(label: str, kind: str, width: int, lines: int) -> list[tuple[str, str]]:
    """The lines inside a card's frame: a framed card's label, or a large card's corners and
    its reversed-out middle."""
    style = LABEL_STYLE[kind]
    if kind in ("back", "slot"):
        blank = [(" " * width, style)] * lines
        blank[lines // 2] = (_fit("", kind, width), style)
        return blank
    if lines == 1:
        mark = "!" if label.endswith("!") else " "
        core = label.removesuffix("!")
        text = _fit(core, kind, width - 1) + mark if len(core) < width else _fit(core, kind, width)
        return [(text, style)]
    pad = 1 if width > 3 else 0
    middle = " " * pad + _fit(label, kind, width - 2 * pad, "^") + " " * pad
    return [
        (_fit(label, kind, width, "<"), style),
        (middle, BADGE_STYLE[kind]),
        (_fit(label, kind, width, ">"), style),
    ]


def framed(faces: Sequence[Face], size: str = "framed") -> Content:
    """Cards side by side in frames, ``size`` "full" or "large" (five lines) or "framed" (three)."""
    width, lines, gap = SIZES[size]
    rows: list[list[tuple[str, str] | str]] = [[] for _ in range(lines + 2)]
    for i, (label, kind) in enumerate(faces):
        tl, h, tr, v, bl, br = tuple(FRAMES[kind])
        edge = FRAME_STYLE[kind]
        if i and gap:
            for row in rows:
                row.append(" " * gap)
        rows[0].append((tl + h * width + tr, edge))
        for row, inside in zip(rows[1:-1], _inner_lines(label, kind, width, lines), strict=True):
            row += [(v, edge), inside, (v, edge)]
        rows[-1].append((bl + h * width + br, edge))
    return Content("\n").join(Content.assemble(*row) for row in rows)


def chips(faces: Sequence[Face]) -> Content:
    """One line of cards as chips: `` 12 `` on the card colour, signs and marks kept; a + card
    or ×2 has edges of its colour around dark text, which every theme can read."""
    parts: list[tuple[str, str] | str] = []
    for i, (label, kind) in enumerate(faces):
        if i:
            parts.append(" ")
        text = "▒▒" if kind == "back" else "··" if kind == "slot" else label
        if kind == "mod":
            edge = (" ", f"on {TINT[kind]}")
            parts += [edge, (text.rjust(2), "bold $card-text on $card-face"), edge]
        else:
            parts.append((f" {text.rjust(2)} ", LABEL_STYLE[kind]))
    return Content.assemble(*parts)


def drawn(faces: Sequence[Face], size: str) -> Content:
    """A row in the given size tier."""
    return chips(faces) if size == "chips" else framed(faces, size)


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


def face_width(label: str, kind: str, size: str) -> int:
    """Columns a card takes: a framed card its tier's width, a chip its label's."""
    width, lines, _ = SIZES[size]
    if lines:
        return width + 2
    return max(2, len("▒▒" if kind == "back" else label)) + 2


def card_at(faces: Sequence[Face], x: int, size: str) -> int | None:
    """The index of the card drawn at column ``x`` of a row drawn in ``size``, if any."""
    start = 0
    gap = SIZES[size][2]
    for i, (label, kind) in enumerate(faces):
        width = face_width(label, kind, size)
        if start <= x < start + width:
            return i
        start += width + gap
    return None
