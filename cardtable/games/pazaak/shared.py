"""What Pazaak and Pazu-Pazaak play alike, written once so the two games cannot drift apart.

The main deck, the boards and what each side card does to them, a turn's moves (the automatic
draw, Stand and End Turn, a hand card's refusal) and what every seat sees of boards and hands.
Every function takes the boards as a tuple and the seat playing, never "me and the opponent",
as Pazu-Pazaak seats 3–6. Each game keeps its own working copy of a state (two seats and a
match, or a table of chips and pots) and tells the turn's moves what differs through
``TurnDraft``'s three methods: how an event is noted, how a seat is marked standing, and what
the end of a turn sets off (busts, the next turn, the end of a set).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Protocol

from cardtable.core.rng import derive_rng, randbelow
from cardtable.games.pazaak.actions import PlaySide, play
from cardtable.games.pazaak.cards import (
    FLIP_TARGETS,
    VALUED,
    Card,
    Kind,
    label,
    main,
    side_values,
    signed,
)
from cardtable.games.pazaak.events import Stood, TurnEnded

RANKS = range(1, 11)
COPIES_PER_RANK = 4


class MainDeck(Enum):
    """Ruling 1: a real 40-card deck reshuffled every set, or the video game's endless draws."""

    TABLETOP = "tabletop"
    ENDLESS = "endless"


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


class TurnDraft(Protocol):
    """What the shared moves read and write of a game's working state."""

    config: Any  # with the game's ``main_deck`` option
    seed: int
    deck: tuple[int, ...]
    draws: int
    boards: tuple[Board, ...]

    def note(self, event: Any) -> None:
        """Record ``event`` among what the action did."""

    def set_standing(self, seat: int) -> None:
        """Mark ``seat`` as standing in the game's own state."""

    def finish_turn(self, seat: int) -> None:
        """Judge busts and move on: the next turn, or the end of the set."""


def draw(d: TurnDraft) -> int:
    """The next main card: the deck's top card, or an even chance of 1–10 (endless deck)."""
    d.draws += 1
    if d.config.main_deck is MainDeck.ENDLESS:
        return randbelow(derive_rng(d.seed, "draw", d.draws), len(RANKS)) + 1
    rank, d.deck = d.deck[0], d.deck[1:]
    return rank


def mark_standing(d: TurnDraft, seat: int, auto: bool) -> None:
    """``seat`` stands (``auto``: at 20 or with a full board, or a Flip brought them to 20)."""
    d.set_standing(seat)
    d.note(Stood(seat, d.boards[seat].total, auto))


def stand(d: TurnDraft, seat: int, auto: bool = False) -> None:
    """Stand; above 20 that is a bust (ruling 4), which ``finish_turn`` reports on its own."""
    if d.boards[seat].total > TARGET:
        d.set_standing(seat)
    else:
        mark_standing(d, seat, auto)
    d.finish_turn(seat)


def end_turn(d: TurnDraft, seat: int) -> None:
    """End the turn; above 20 that is a bust, reported by ``finish_turn`` alone."""
    if d.boards[seat].total <= TARGET:
        d.note(TurnEnded(seat, d.boards[seat].total))
    d.finish_turn(seat)


#: the state last viewed and what every viewer sees of it: a server observes each new state for
#: every seat and the spectators in turn (the tuple is replaced whole, so a bot's thread reads
#: a state with its own parts)
_last_public: tuple[Any, dict[str, Any]] = (None, {})


def public_view(state: Any, seat: int | None) -> dict[str, Any]:
    """The fields both games' views share: the set, the boards and their totals, the viewer's
    own hand (None for a spectator) but only the size of the others', the unseen main cards."""
    global _last_public
    viewed, public = _last_public
    if viewed is not state:
        public = {
            "set_number": state.set_number,
            "boards": state.boards,
            "totals": tuple(board.total for board in state.boards),
            "hand_counts": tuple(len(hand) for hand in state.hands),
            "played_side": state.played_side,
            "unseen": unseen(state.config.main_deck, state.boards),
            "last_set": state.last_set,
        }
        _last_public = (state, public)
    return {**public, "seat": seat, "hand": None if seat is None else state.hands[seat]}


def unseen(main_deck: MainDeck, boards: tuple[Board, ...]) -> tuple[int, ...] | None:
    """Main cards of each rank 1–10 (index rank-1) not on a board this set: public, as every
    draw is face up. None for the endless deck, which has no count."""
    if main_deck is MainDeck.ENDLESS:
        return None
    counts = [COPIES_PER_RANK] * len(RANKS)
    for board in boards:
        for placed in board.cards:
            if placed.card.kind is Kind.MAIN:
                counts[placed.card.amount - 1] -= 1
    return tuple(counts)


@lru_cache(maxsize=4096)
def plays(hand: tuple[Card, ...]) -> tuple[PlaySide, ...]:
    """Every way to play ``hand``; cached, as a hand shrinks slowly and repeats across games."""
    return tuple(play(i, v) for i, card in enumerate(hand) for v in side_values(card))


def hand_card_refusal(played_side: bool, hand: tuple[Card, ...], action: PlaySide) -> str | None:
    """Why the mover may not play ``action`` from ``hand`` now, or None if they may."""
    if played_side:
        return "only one hand card may be played a turn, and one has been played"
    if type(action.index) is not int or not 0 <= action.index < len(hand):
        return f"there is no hand card {action.index!r}: the hand holds {len(hand)}"
    card = hand[action.index]
    values = side_values(card)
    if type(action.value) is int and action.value in values:
        return None
    if card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE):
        return f"{label(card)} adds nothing itself: play it with value 0, not {action.value!r}"
    allowed = " or ".join(signed(v) for v in values)
    return f"{label(card)} can be played as {allowed}, not {action.value!r}"
