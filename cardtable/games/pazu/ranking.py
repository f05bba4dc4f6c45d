"""Who wins a set among the players left standing, by ruling 6's order, and which rule decided."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.pazaak.cards import Kind
from cardtable.games.pazaak.shared import Board
from cardtable.games.pazu.events import WinReason

#: the rule each place of ``finish_key`` stands for, in the order they are tried
_RULES = (
    WinReason.FULL_BOARD,
    WinReason.HIGHER_TOTAL,
    WinReason.TIEBREAKER,
    WinReason.MORE_CARDS,
    WinReason.FEWER_SIDE_CARDS,
    WinReason.STOOD_FIRST,
)


def side_cards(board: Board) -> int:
    """Hand cards in play on ``board`` (Flip and Double count: they take a place too)."""
    return sum(1 for placed in board.cards if placed.card.kind is not Kind.MAIN)


def finish_key(board: Board, stood_at: int) -> tuple[int, ...]:
    """A standing board's rank, bigger is better, compared place by place as ``_RULES`` reads.

    A full board (every contender is at 20 or less) beats any total; then the total (20 is
    simply the best of them); then a Tiebreaker card on the board; more cards; fewer hand cards;
    and last who stood first (``stood_at`` counts up, so it is negated).
    """
    tiebreaker = any(placed.card.kind is Kind.TIEBREAKER for placed in board.cards)
    return (
        int(board.full),
        board.total,
        int(tiebreaker),
        len(board.cards),
        -side_cards(board),
        -stood_at,
    )


def decide(
    boards: Sequence[Board], stood_at: Sequence[int], contenders: Sequence[int]
) -> tuple[int, WinReason]:
    """The winner among ``contenders`` (seats standing at 20 or less) and the rule that split
    them from the runner-up; a lone contender won because everyone else bust."""
    keys = {seat: finish_key(boards[seat], stood_at[seat]) for seat in contenders}
    ranked = sorted(contenders, key=keys.__getitem__, reverse=True)
    winner = ranked[0]
    if len(ranked) == 1:
        return winner, WinReason.OTHERS_BUST
    best, runner_up = keys[winner], keys[ranked[1]]
    for place, rule in enumerate(_RULES):
        if best[place] != runner_up[place]:
            return winner, rule
    raise ValueError(f"seats {winner} and {ranked[1]} cannot have stood at the same moment")
