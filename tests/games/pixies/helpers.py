"""Builders for exact Pixies positions: cards by label, grids by space, states by hand."""

from __future__ import annotations

from cardtable.games.pixies.cards import DECK, Card
from cardtable.games.pixies.scoring import ScoreBreakdown
from cardtable.games.pixies.state import Grid, Phase, PixiesConfig, PixiesState

BY_LABEL = {card.label: card.id for card in DECK}


def ids(labels: str) -> tuple[int, ...]:
    """Card ids from labels such as ``"B1+6 G5 ✱3 B4★"`` (Card.label)."""
    return tuple(BY_LABEL[label] for label in labels.split())


def cid(label: str) -> int:
    return BY_LABEL[label]


def card(label: str) -> Card:
    return DECK[BY_LABEL[label]]


def grid(up: dict[int, str] | None = None, down: dict[int, str] | None = None) -> Grid:
    """A grid from {space: label} for the face-up and the face-down layers."""
    ups: list[int | None] = [None] * 9
    downs: list[int | None] = [None] * 9
    for space, label in (up or {}).items():
        ups[space - 1] = cid(label)
    for space, label in (down or {}).items():
        downs[space - 1] = cid(label)
    return Grid.of(tuple(ups), tuple(downs))


def cards_on(g: Grid) -> tuple[int, ...]:
    """Every card id on a grid, face-up and face-down."""
    return tuple(c for c in g.up + g.down if c is not None)


def unused(*grids: Grid, taken: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Every card not on ``grids`` nor in ``taken``, in id order: a deck that conserves cards."""
    used = {c for g in grids for c in cards_on(g)} | set(taken)
    return tuple(c for c in range(len(DECK)) if c not in used)


def past_rounds(count: int, seats: int) -> tuple[tuple[ScoreBreakdown, ...], ...]:
    """Zero scores for ``count`` finished rounds, to set a state in a later round."""
    nothing = ScoreBreakdown(0, 0, 0, 0, 0, 2)
    return ((nothing,) * seats,) * count


def make_state(
    grids: tuple[Grid, ...],
    revealed: str,
    order: tuple[int, ...],
    *,
    leader: int | None = None,
    deck: tuple[int, ...] | None = None,
    pending: str | None = None,
    phase: Phase = Phase.PICK,
    round_number: int = 1,
    counts_itself: bool = False,
) -> PixiesState:
    """A hand-built position; the deck defaults to every other card, so cards are conserved."""
    on_offer = ids(revealed) if revealed else ()
    held = (cid(pending),) if pending else ()
    seats = len(grids)
    return PixiesState(
        config=PixiesConfig(seats, counts_itself),
        seed=0,
        phase=phase,
        leader=order[0] if leader is None else leader,
        order=order,
        deck=unused(*grids, taken=on_offer + held) if deck is None else deck,
        revealed=on_offer,
        pending=held[0] if held else None,
        grids=grids,
        history=past_rounds(round_number - 1, seats),
    )
