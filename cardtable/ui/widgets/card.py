"""A playing card as a small framed box: kind shown by frame and sign, not by colour alone.

Hovering a card shows its tooltip: what the card is and does, in words. The game's table passes
that text in; a face-down card only ever says it is hidden.
"""

from __future__ import annotations

from textual.widgets import Static

#: frame per card kind, so kinds differ on a 16-colour or NO_COLOR terminal too
KIND_CLASSES = ("main", "plus", "minus", "special", "back", "empty")
#: the tooltip of every card back: never more, whoever holds it
BACK_TIP = "A face-down card: hidden"


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
    CardView.-special { border: dashed $card-special; color: $card-text; }
    CardView.-back { background: $card-back; color: $card-face; border: round $card-face 40%; }
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
        if previous is None or previous[1] != kind:
            for other in KIND_CLASSES:
                self.set_class(other == kind, f"-{other}")
        self.set_class(dim, "-dim")
        if previous is None or previous[0] != label:
            self.update(label)
