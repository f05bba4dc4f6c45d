"""A turn's moves as Pazaak and Pazu-Pazaak both play them: the automatic draw, Stand and End
Turn, what a hand card's refusal says, and what every seat sees of the boards and hands.

Written once so the two games cannot drift apart. Each game keeps its own working copy of a
state (two seats and a match, or a table of chips and pots) and tells these functions what
differs through three methods: how an event is noted, how a seat is marked standing, and what
the end of a turn sets off (busts, the next turn, the end of a set).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

from cardtable.core.rng import derive_rng, randbelow
from cardtable.games.pazaak.actions import PlaySide, play
from cardtable.games.pazaak.board import TARGET, Board
from cardtable.games.pazaak.cards import Card, Kind, label, side_values, signed
from cardtable.games.pazaak.events import Stood, TurnEnded
from cardtable.games.pazaak.state import COPIES_PER_RANK, RANKS, MainDeck


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


def public_view(state: Any, seat: int | None) -> dict[str, Any]:
    """The fields both games' views share: the set, the boards and their totals, the viewer's
    own hand (None for a spectator) but only the size of the others', the unseen main cards."""
    return {
        "seat": seat,
        "set_number": state.set_number,
        "boards": state.boards,
        "totals": tuple(board.total for board in state.boards),
        "hand": None if seat is None else state.hands[seat],
        "hand_counts": tuple(len(hand) for hand in state.hands),
        "played_side": state.played_side,
        "unseen": unseen(state.config.main_deck, state.boards),
        "last_set": state.last_set,
    }


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
