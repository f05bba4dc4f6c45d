"""A Pazaak-family card as a framed box: kind shown by frame, sign and colour, never colour alone.

The same card draws at the size its table gives it: one line of text (a glyph), a framed label
(compact), or, given three lines or more inside the frame, full art with the kind's mark in two
corners and the face in the middle. Hovering a card shows its tooltip: what the card is and does,
in words. The game's table passes that text in; a face-down card only ever says it is hidden.
"""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from cardtable.ui.widgets.styling import restyle_now

#: frame per card kind, so kinds differ on a 16-colour or NO_COLOR terminal too; "special" is a
#: gold card (±1/2, Flip, Double, tiebreaker), "dual" a ±N
KIND_CLASSES = ("main", "plus", "minus", "dual", "special", "back", "empty")
#: the tooltip of every card back: never more, whoever holds it
BACK_TIP = "A face-down card: hidden"
#: the mark full art puts in the top-left and bottom-right corners of each kind (a main card
#: has its number there, as playing cards do)
CORNER_MARKS = {"plus": "+", "minus": "-", "dual": "±", "special": "◆"}
#: what fills a card back drawn as full art
BACK_FILL = ("▚", "▞")


def card_art(label: str, kind: str, width: int, height: int) -> str:
    """The inside of a card ``width`` × ``height`` cells: the label alone when there is one line
    of room (or too few columns for it), else corner marks above and below a centred face."""
    if height < 3 or width < max(3, len(label)):
        return label
    if kind == "back":
        return "\n".join(BACK_FILL[row % 2] * width for row in range(height))
    if kind == "empty":
        return "\n".join(" " * width for _ in range(height))
    mark = label if kind == "main" else CORNER_MARKS.get(kind, "")
    lines = [" " * width] * height
    lines[0] = mark.ljust(width)
    lines[height // 2] = label.center(width)
    lines[-1] = mark.rjust(width)
    return "\n".join(lines)


class CardArt(Visual):
    """A card's inside, drawn for the room it is given as it is drawn.

    The widget cannot ask its own size while rendering: that forces the whole screen's layout
    to be worked out again, mid-layout, for every card. A visual is handed its size instead.
    """

    def __init__(self, label: str, kind: str) -> None:
        self.label, self.kind = label, kind

    def __str__(self) -> str:
        """What the card says at any size (full art adds only its kind's marks, or a back's fill)."""
        return self.label

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return len(self.label)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 1

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        art = card_art(self.label, self.kind, width, height or 1)
        return Content(art).render_strips(width, height, style, options)


class CardView(Static):
    """One card. ``kind`` is one of KIND_CLASSES; the label carries the sign or symbol."""

    DEFAULT_CSS = """
    CardView {
        width: 8;
        height: 3;
        content-align: center middle;
        text-style: bold;
        background: $card-face;
        color: $card-text;
        border: round $card-main;
    }
    CardView.-main { border: round $card-main; }
    CardView.-plus { border: heavy $card-plus; color: $card-plus; }
    CardView.-minus { border: double $card-minus; color: $card-minus; }
    CardView.-dual {
        border-top: heavy $card-plus; border-left: heavy $card-plus;
        border-bottom: double $card-minus; border-right: double $card-minus;
    }
    CardView.-special { border: dashed $card-special; color: $card-text; }
    CardView.-back { background: $card-back; color: $card-face 60%; border: round $card-face 40%; }
    CardView.-empty { background: transparent; color: $foreground 30%; border: round $foreground 20%; }
    CardView.-dim { opacity: 45%; }
    CardView.-selected { border: heavy $highlight; }
    CardView:hover { tint: $highlight 12%; }
    """

    def __init__(
        self,
        label: str = "",
        kind: str = "empty",
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(label, id=id, classes=classes)
        self._face: tuple[str, str, bool] | None = None
        self.show(label, kind)

    def show(self, label: str, kind: str, dim: bool = False, tip: str | None = None) -> None:
        """Redraw as ``label`` of ``kind``; a card that did not change costs nothing.

        ``tip`` is the tooltip, what the card is and does; a back always says only that it is
        hidden, so no caller can leak a face-down card through it.
        """
        if kind not in KIND_CLASSES:
            raise ValueError(f"unknown card kind {kind!r}")
        tip = BACK_TIP if kind == "back" else tip
        if tip != self.tooltip:
            self.tooltip = tip
        face = (label, kind, dim)
        if face == self._face:
            return
        previous, self._face = self._face, face
        classes = {f"-{other}": other == kind for other in KIND_CLASSES}
        # one restyle, and none while its screen is being built (see ``restyle_now``)
        self.update_classes({**classes, "-dim": dim}, update=restyle_now(self))
        if previous is None or previous[0] != label:
            self.update(label)
        elif previous[1] != kind:
            self.refresh()

    def render(self) -> RenderResult:
        """The art, drawn at whatever size the layout gives the card (see ``CardArt``)."""
        if self._face is None:
            return super().render()
        label, kind, _ = self._face
        return CardArt(label, kind)
