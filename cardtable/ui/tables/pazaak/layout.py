"""How large the two Pazaak boards can be in the room the table gives them.

Tiers are tried largest first. Each names the size of a board card and a hand card; the card
draws its own art for that size (``card_art``: full art, a framed label, or a glyph line). The
room is what is left beside the log, so when the log is narrower or hidden the boards grow.
"""

from __future__ import annotations

from dataclasses import dataclass

#: columns of the total and state beside the grid: a one-column gap, then two large digits
SCORE_COLUMNS = 8
#: rows under the boards: the hand captions, the last move, the unseen cards, the buttons
ROWS_BELOW = 1 + 1 + 1 + 1


@dataclass(frozen=True)
class Tier:
    name: str
    #: a board card's (columns, rows), frame included
    card: tuple[int, int]
    #: columns between two board cards
    gutter: int
    #: a hand card's (columns, rows), frame included
    hand: tuple[int, int]
    #: columns of padding inside a board's frame, each side
    padding: int
    #: the total in large digits (else a line of bold text)
    digits: bool = True

    @property
    def board(self) -> tuple[int, int]:
        """A board's (columns, rows), frame included."""
        width, height = self.card
        inner = 3 * width + 2 * self.gutter + SCORE_COLUMNS + 2 * self.padding
        return inner + 2, 3 * height + 2

    @property
    def needs(self) -> tuple[int, int]:
        """The room two boards side by side need (a column after each), with a hand under each
        and the lines below."""
        board_w, board_h = self.board
        return 2 * (board_w + 1), board_h + self.hand[1] + ROWS_BELOW


TIERS = (
    Tier("tall", card=(9, 7), gutter=1, hand=(9, 5), padding=1),
    Tier("full", card=(9, 5), gutter=1, hand=(9, 5), padding=1),
    Tier("compact", card=(6, 3), gutter=0, hand=(7, 3), padding=0),
    Tier("glyph", card=(4, 1), gutter=1, hand=(6, 1), padding=1, digits=False),
)
BY_NAME = {tier.name: tier for tier in TIERS}


def fitting_tier(width: int, height: int) -> Tier | None:
    """The largest tier whose boards fit ``width`` × ``height`` cells, if any does."""
    for tier in TIERS:
        need_w, need_h = tier.needs
        if need_w <= width and need_h <= height:
            return tier
    return None


def choose_tier(width: int, height: int) -> Tier:
    """The largest tier whose boards fit ``width`` × ``height`` cells (the smallest if none)."""
    return fitting_tier(width, height) or TIERS[-1]
