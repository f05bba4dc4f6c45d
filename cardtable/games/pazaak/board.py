"""Board arithmetic: cards on boards, totals, and what each side card does to a tuple of boards.

Kept apart from Pazaak's turn rules because Pazu-Pazaak (3–6 boards) reuses it: every function
takes the boards as a tuple and the seat playing, never "me and the opponent".
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.pazaak.cards import FLIP_TARGETS, VALUED, Card, Kind, label, main

TARGET = 20
BOARD_SIZE = 9


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on a board with what it counts for now (a flip or a double changes that)."""

    card: Card
    value: int


@dataclass(frozen=True, slots=True)
class Board:
    """One player's cards this set, left to right, top to bottom; ``total`` is their sum."""

    cards: tuple[Placed, ...] = ()
    total: int = 0

    @property
    def full(self) -> bool:
        return len(self.cards) >= BOARD_SIZE


EMPTY = Board()
#: a freshly drawn main card counts its rank; shared so a draw builds nothing new
_DRAWN = {rank: Placed(main(rank), rank) for rank in range(1, 11)}


def add_main(board: Board, rank: int) -> Board:
    """``board`` with main card ``rank`` drawn onto it."""
    return Board((*board.cards, _DRAWN[rank]), board.total + rank)


def last_main(board: Board) -> int:
    """The position of the last main-deck card on ``board`` (what Double acts on)."""
    for position in range(len(board.cards) - 1, -1, -1):
        if board.cards[position].card.kind is Kind.MAIN:
            return position
    raise ValueError("Double needs a main-deck card on the board")


def play_side(
    boards: tuple[Board, ...], seat: int, card: Card, value: int
) -> tuple[tuple[Board, ...], int]:
    """Place hand card ``card`` (played as ``value``) on ``seat``'s board and apply its effect.

    Returns the new boards and how many board cards changed value as a side effect: the
    cards a Flip turned over (on every board), or the one card a Double doubled.
    """
    if card.kind in VALUED:
        board = boards[seat]
        placed = Board((*board.cards, Placed(card, value)), board.total + value)
        return _replace(boards, seat, placed), 0
    if card.kind is Kind.DOUBLE:
        return _replace(boards, seat, _double(boards[seat], card)), 1
    targets = FLIP_TARGETS.get(card.kind)
    if targets is None:
        raise ValueError(f"{label(card)} is not a hand card")
    board = boards[seat]
    placed = Board((*board.cards, Placed(card, 0)), board.total)
    return flip(_replace(boards, seat, placed), targets)


def _double(board: Board, card: Card) -> Board:
    """Double the value of the last main card drawn and lay the Double card (worth 0) after it."""
    position = last_main(board)
    target = board.cards[position]
    cards = list(board.cards)
    cards[position] = Placed(target.card, target.value * 2)
    cards.append(Placed(card, 0))
    return Board(tuple(cards), board.total + target.value)


def flip(boards: tuple[Board, ...], targets: frozenset[int]) -> tuple[tuple[Board, ...], int]:
    """Turn over the sign of every card on every board whose value is ± one of ``targets``."""
    out = []
    turned = 0
    for board in boards:
        hits = [i for i, placed in enumerate(board.cards) if abs(placed.value) in targets]
        if not hits:
            out.append(board)
            continue
        cards = list(board.cards)
        change = 0
        for i in hits:
            old = cards[i]
            cards[i] = Placed(old.card, -old.value)
            change -= 2 * old.value
        out.append(Board(tuple(cards), board.total + change))
        turned += len(hits)
    return tuple(out), turned


def _replace(boards: tuple[Board, ...], seat: int, board: Board) -> tuple[Board, ...]:
    return (*boards[:seat], board, *boards[seat + 1 :])
