"""Pazaak's casual policies: the easy bot's whole play and the baseline every search bot
starts from. Pure functions of an observation, so bots and play-outs share one definition.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.shared import TARGET, Board, play_side
from cardtable.games.pazaak.view import PazaakView

#: the casual player stands on this total or more
CASUAL_STANDS_ON = 18


def boards_after(view: PazaakView, play: PlaySide) -> tuple[Board, ...]:
    """The boards once the viewer has played ``play`` (flips reach every board)."""
    assert view.seat is not None and view.hand is not None
    card = view.hand[play.index]
    return play_side(view.boards, view.seat, card, play.value)[0]


def card_to_20_or_save(view: PazaakView, legal: tuple[Any, ...]) -> Any | None:
    """The hand card a casual player cannot resist: the first that makes exactly 20, else (over
    20) the save that keeps the highest total; None when neither exists."""
    seat = view.seat
    assert seat is not None
    landings = [(boards_after(view, a)[seat].total, a) for a in legal if isinstance(a, PlaySide)]
    for landing, action in landings:
        if landing == TARGET:
            return action
    if view.totals[seat] > TARGET:
        saves = [(landing, action) for landing, action in landings if landing <= TARGET]
        # max keeps the first of equals
        return max(saves, key=lambda save: save[0])[1] if saves else None
    return None


def casual_choice(view: PazaakView, legal: tuple[Any, ...]) -> Any:
    """The easy level, exactly as issue #2 defines it: stand on 18+, play a hand card only to
    make exactly 20 or to save a bust. It ignores the other board, so it stands on 18 even
    against a standing 19: that blind spot is what a casual player has and the hard bot uses."""
    seat = view.seat
    assert seat is not None
    card = card_to_20_or_save(view, legal)
    if card is not None:
        return card
    total = view.totals[seat]
    return STAND if CASUAL_STANDS_ON <= total <= TARGET else END_TURN


def wary_choice(view: PazaakView, legal: tuple[Any, ...]) -> Any:
    """The casual move with one look across the table: against a standing opponent, stand as
    soon as it is ahead (or level on 18+) and draw on while behind, never standing on a sure
    loss. The hard bot's baseline."""
    seat = view.seat
    assert seat is not None
    card = card_to_20_or_save(view, legal)
    if card is not None:
        return card
    total, theirs = view.totals[seat], view.totals[1 - seat]
    if total > TARGET:
        return END_TURN
    if view.standing[1 - seat] and theirs <= TARGET:
        stands = total > theirs or (total == theirs and total >= CASUAL_STANDS_ON)
    else:
        stands = total >= CASUAL_STANDS_ON
    return STAND if stands else END_TURN
