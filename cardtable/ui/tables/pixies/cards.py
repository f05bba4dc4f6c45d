"""How a Pixies card, a grid space and a card back look as text, in four sizes (one line to four).

Pure functions from observation slices to Textual ``Content``, so the widgets stay thin and the
look can be tested without an app. A card's colour always comes with its letter (B G Y R, ✱ for
multicolour), symbols are counted (@×3 spirals, ✗×2 crosses, ★ special) so nobody counts marks by
eye, and every mark on a space (✓ validated, ◆ largest zone, » « a legal place) is a glyph first and
a colour second. Colours are
theme variables only; ``auto`` picks readable ink on whatever the theme makes a card's colour.
``card_tip`` and ``space_tip`` say the same in words, for tooltips; a face-down card stays hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from textual.content import Content

from cardtable.games.pixies.cards import Card, Colour
from cardtable.games.pixies.view import CellView

#: the face of each colour; multicolour cards are plain paper with the ✱ letter
FACE_STYLE = {
    Colour.BLUE: "auto on $card-plus",
    Colour.GREEN: "auto on $card-main",
    Colour.YELLOW: "auto on $card-special",
    Colour.RED: "auto on $card-minus",
    Colour.MULTI: "$card-text on $card-face",
}
COLOUR_WORD = {
    Colour.BLUE: "blue",
    Colour.GREEN: "green",
    Colour.YELLOW: "yellow",
    Colour.RED: "red",
    Colour.MULTI: "multi",
}
BACK = "$card-back"
BACK_FACE = "$card-face 45% on $card-back"
BACK_LABEL = "bold $card-face on $card-back"
EMPTY_FACE = "$foreground 45% on $foreground 7%"
LIT_FACE = "bold $highlight on $highlight 18%"
CURSOR_FACE = "bold reverse $highlight"
MARK = "bold $highlight"

Row = list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Size:
    """A card's face in cells: width includes one blank column each side of the ink."""

    width: int
    rows: int

    @property
    def inner(self) -> int:
        return self.width - 2

    @property
    def pitch(self) -> int:
        """Lines from one grid row to the next: a card, and under it the edge of a tucked one
        (a one-line card marks a tucked card at its side instead)."""
        return self.rows + 1 if self.rows > 1 else 1


COMPACT = Size(8, 2)
LARGE = Size(10, 3)
#: a fourth row repeats the corner upside down, as a printed card does
HUGE = Size(12, 4)
#: one line a card, so four or five grids fit 80×24
TINY = Size(8, 1)


@dataclass(frozen=True, slots=True)
class Mark:
    """What the table wants said about a space beyond its cards."""

    #: part of the owner's largest zone
    zone: bool = False
    #: a legal place for the card being laid face-down
    lit: bool = False
    #: where Enter would lay it
    cursor: bool = False
    #: how opaque the card here is drawn, in percent: under 100 while it fades into its place
    fade: int = 100


SPIRAL, CROSS = "@", "✗"


def counted(glyph: str, count: int) -> str:
    """A symbol and how many: "@×3", or nothing when there are none."""
    return f"{glyph}×{count}" if count else ""


def symbols(card: Card, inner: int) -> str:
    """Spirals and crosses as counts, a special card as ★ and the colour it rewards."""
    if card.special:
        letter = card.colour.letter
        return "★ +1 per " + letter if inner >= 10 else "★ +1/" + letter
    return " ".join(filter(None, (counted(SPIRAL, card.spirals), counted(CROSS, card.crosses))))


def face_lines(card: Card, size: Size) -> list[str]:
    """The ink on a face, one string per row, each exactly ``size.width`` wide."""
    inner = size.inner
    if size.rows == 1:  # number, colour and symbols on the one line
        ink = f"★{card.colour.letter}" if card.special else symbols(card, inner)
        return [f" {f'{card.number}{card.colour.letter}{ink}'[:inner]:<{inner}} "]
    top = f"{card.number:<{inner - 1}}{card.colour.letter}"
    lines = [top, symbols(card, inner).center(inner)]
    if size.rows > 2:
        lines.append(COLOUR_WORD[card.colour].center(inner))
    if size.rows > 3:
        lines += [""] * (size.rows - 4) + [f"{card.colour.letter}{card.number:>{inner - 1}}"]
    return [f" {line[:inner]:<{inner}} " for line in lines]


def face_rows(card: Card, size: Size) -> list[Row]:
    """A face-up card: number and letter bold on the top row, symbols below."""
    style = FACE_STYLE[card.colour]
    lines = face_lines(card, size)
    return [[(line, f"bold {style}" if i == 0 else style)] for i, line in enumerate(lines)]


def back_rows(space: int | None, size: Size) -> list[Row]:
    """A whole card back, showing the space it lies on (if any) in the middle."""
    pattern = "╳" * size.width
    rows: list[Row] = [[(pattern, BACK_FACE)] for _ in range(size.rows)]
    if space is not None:
        middle = size.rows // 2 if size.rows > 2 else 0
        label = f" {space} "
        left = (size.width - len(label)) // 2
        rows[middle] = [
            (pattern[:left], BACK_FACE),
            (label, BACK_LABEL),
            (pattern[left + len(label) :], BACK_FACE),
        ]
    return rows


def empty_rows(space: int, mark: Mark, size: Size) -> list[Row]:
    """A bare space: faint, or lit with its number when a card may go face-down on it."""
    if not (mark.lit or mark.cursor):
        return [[(" " * size.width, EMPTY_FACE)] for _ in range(size.rows)]
    style = CURSOR_FACE if mark.cursor else LIT_FACE
    words = [f"» {space} «", "here"] + [""] * (size.rows - 2)
    return [[(word.center(size.width), style)] for word in words]


def space_rows(cell: CellView, mark: Mark, size: Size) -> list[Row]:
    """One grid space: a gutter (number, ✓, ◆), the face, and a tucked card peeking out.

    A face-down card under a face-up one shows as the edge of its back, half a row lower and one
    column to the right, so a validated space reads as two stacked cards at a glance. A space of
    the largest zone lies on a lit mat (its gutter, right edge and bottom row), and the mats of
    touching zone spaces meet, so the zone reads as one outlined shape.
    """
    if cell.up is not None:
        face = face_rows(cell.up, size)
    elif cell.down:
        face = back_rows(cell.space, size)
    else:
        face = empty_rows(cell.space, mark, size)
    if mark.fade < 100:
        face = [[(text, faded(style, mark.fade)) for text, style in row] for row in face]
    if size.rows == 1:
        return [tiny_row(cell, mark, face[0])]
    tucked = cell.validated
    gutter = [str(cell.space), "✓" if cell.validated else " ", "◆" if mark.zone else " "]
    gutter += [" "] * (size.rows + 1 - len(gutter))
    edge = ["▄"] + ["█"] * (size.rows - 1) + ["▀"] if tucked else [" "] * (size.rows + 1)
    lane = on_mat(mark)
    lines: list[Row] = []
    for i in range(size.rows + 1):
        mark_style = lane(MARK) if i else gutter_style(cell, mark)
        row: Row = [(gutter[i], mark_style)]
        if i < size.rows:
            row += face[i]
        else:
            bottom = "▀" * (size.width - 1) if tucked else " " * (size.width - 1)
            row += [(" ", lane("")), (bottom, lane(BACK))]
        row.append((edge[i], lane(BACK)))
        lines.append(row)
    return lines


def faded(style: str, percent: int) -> str:
    """``style`` with its background ``percent`` opaque: a card still fading into its place."""
    head, on, ground = style.rpartition(" on ")
    return f"{head} on {ground} {percent}%" if on and "%" not in ground else style


def tiny_row(cell: CellView, mark: Mark, face: Row) -> Row:
    """A one-line space: the zone shows on the number, and a tucked card's back shows its last
    two columns beside the face-up card, so it still reads as a card under a card."""
    lane = on_mat(mark)
    gutter = (str(cell.space), gutter_style(cell, mark))
    if not cell.validated:
        return [gutter, *face, (" ", lane(""))]
    text, style = face[0]
    return [gutter, (text[:-1], style), ("╳╳", BACK_FACE)]


#: the lit ground under the spaces of the largest zone
ZONE_MAT = "$highlight 35%"


def on_mat(mark: Mark) -> Callable[[str], str]:
    """A style maker: the style as given, laid on the zone's mat when the space is in it."""
    return lambda style: f"{style} on {ZONE_MAT}".strip() if mark.zone else style


def gutter_style(cell: CellView, mark: Mark) -> str:
    """The space number: marked for the zone, faint where the card on it repeats it."""
    if mark.zone:
        return "bold reverse $highlight"
    return "$foreground 50%" if cell.up is not None else "bold"


def offer_rows(card: Card, key: str, hint: str, cursor: bool, size: Size) -> list[Row]:
    """A card to choose (revealed, or one of a keep-which pair): its key, a hint underneath."""
    lines: list[Row] = []
    key_style = "bold reverse $highlight" if cursor else "bold $highlight"
    for i, face in enumerate(face_rows(card, size)):
        lines.append([(key if i == 0 else " ", key_style if i == 0 else ""), *face, (" ", "")])
    hint_style = "bold reverse $highlight" if cursor else "$foreground 80%"
    marker = "▲" if cursor else " "
    lines.append([(marker, MARK), (hint[: size.width].center(size.width), hint_style), (" ", "")])
    return lines


def block_width(size: Size) -> int:
    """A space or offer slot: a gutter column, the face, and one column at the right."""
    return size.width + 2


def board_width(size: Size) -> int:
    """Three spaces and the two gaps between them."""
    return 3 * block_width(size) + 2


def board_rows(cells: Sequence[CellView], marks: Sequence[Mark], size: Size) -> list[Row]:
    """A 3×3 grid, row by row; a gap between two spaces of the zone is laid on its mat too."""
    rows: list[Row] = []
    for row in range(3):
        spaces = range(row * 3, row * 3 + 3)
        blocks = [space_rows(cells[i], marks[i], size) for i in spaces]
        zone = [marks[i].zone for i in spaces]
        rows += beside(blocks, grounds=[ZONE_MAT if a and b else "" for a, b in pairwise(zone)])
    return rows


def blank_rows(width: int, height: int) -> list[Row]:
    return [[(" " * width, "")] for _ in range(height)]


def beside(blocks: list[list[Row]], gap: int = 1, grounds: Sequence[str] = ()) -> list[Row]:
    """Blocks of equal height side by side, ``gap`` blank columns apart; ``grounds`` may give
    each gap a background (the zone's mat joining two of its spaces)."""
    rows: list[Row] = []
    for i in range(len(blocks[0])):
        row: Row = []
        for j, block in enumerate(blocks):
            if j and gap:
                ground = grounds[j - 1] if j - 1 < len(grounds) else ""
                row.append((" " * gap, f"on {ground}" if ground else ""))
            row.extend(block[i])
        rows.append(row)
    return rows


def join(lines: list[Row]) -> Content:
    parts: list[Content | tuple[str, str] | str] = []
    for i, row in enumerate(lines):
        if i:
            parts.append("\n")
        parts.extend(row)
    return Content.assemble(*parts)


# -- tooltips ----------------------------------------------------------------------------------


def card_tip(card: Card) -> str:
    """What ``card`` is and scores, in plain words."""
    n, colour = card.number, COLOUR_WORD[card.colour]
    if card.colour is Colour.MULTI:
        lines = [f"{card.label}: a multicolour {n}, counting as every colour in a zone"]
    else:
        lines = [f"{card.label}: a {colour} {n}"]
    lines.append(f"Goes face-up on space {n}; scores {n} once validated")
    if card.special:
        lines.append(f"★ special: +1 for each other face-up {colour} card in your grid (✱ counts)")
    if card.spirals:
        lines.append(f"{counted(SPIRAL, card.spirals)}: +{card.spirals} while face-up")
    if card.crosses:
        lines.append(f"{counted(CROSS, card.crosses)}: -{card.crosses} while face-up")
    return "\n".join(lines)


def space_tip(cell: CellView, mark: Mark) -> str:
    """A grid space: its face-up card, whether a card lies face down there, what may go on it."""
    n = cell.space
    if cell.up is not None:
        why = (
            "Validated: a face-down card is tucked under it, so it scores its number"
            if cell.validated
            else f"Not validated yet: a second {n} would validate it"
        )
        text = f"{card_tip(cell.up)}\n{why}"
    elif cell.down:
        text = (
            f"Space {n}: a face-down card, hidden from everyone. "
            f"A {n} placed here covers it and is validated at once"
        )
    elif mark.lit or mark.cursor:
        text = f"Space {n}: empty; the card you took can go here face-down (Enter or click)"
    else:
        text = f"Space {n}: empty"
    return text + ("\n◆ part of the largest zone" if mark.zone else "")
