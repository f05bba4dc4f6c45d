"""Pazaak read aloud: side cards in words ("plus 3", "flip 2 and 4"), boards, hands and sets.
Pazu-Pazaak plays the same cards and turns, so it reads them through here too."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import Card, Kind, label, side_values
from cardtable.games.pazaak.shared import Board
from cardtable.plain.reading import Move, Reader

_FIXED = {
    Kind.VARIABLE: "plus or minus 1 or 2",
    Kind.FLIP_2_4: "flip 2 and 4",
    Kind.FLIP_3_6: "flip 3 and 6",
    Kind.DOUBLE: "double",
    Kind.TIEBREAKER: "tiebreaker 1",
}
_SIGN_WORDS = {Kind.PLUS: "plus", Kind.MINUS: "minus", Kind.DUAL: "dual"}
_FIXED_FACES = {label(Card(kind)): words for kind, words in _FIXED.items()}
_SIGN_TOKENS = {"+": "plus", "-": "minus", "±": "dual"}
#: every face ``label`` prints for a hand card, and a signed number ("-3", a value or a total)
_FACE = re.compile(r"[+\-±]\d+|±1/2|±1T|2&4|3&6|D")


def card_words(card: Card) -> str:
    """A card in words: "7", "plus 3", "dual 4" (played as plus or minus 4), "flip 2 and 4"."""
    fixed = _FIXED.get(card.kind)
    if fixed is not None:
        return fixed
    sign = _SIGN_WORDS.get(card.kind)
    return f"{sign} {card.amount}" if sign else str(card.amount)


def value_words(value: int) -> str:
    """A signed number in words: "plus 3", "minus 2", "0"."""
    return f"plus {value}" if value > 0 else f"minus {-value}" if value < 0 else "0"


def face_words(token: str) -> str | None:
    """A face as the log prints it ("+3", "±1/2", "D", "-4") in words; None for anything else."""
    if not _FACE.fullmatch(token):
        return None
    fixed = _FIXED_FACES.get(token)
    return fixed if fixed is not None else f"{_SIGN_TOKENS[token[0]]} {token[1:]}"


def play_words(card: Card, value: int) -> str:
    """A hand card played: "play plus 3", "play dual 4 as minus 4"."""
    chosen = f" as {value_words(value)}" if len(side_values(card)) > 1 else ""
    return f"play {card_words(card)}{chosen}"


def turn_moves(legal: tuple[Any, ...], hand: tuple[Card, ...]) -> list[Move]:
    """A turn's moves: end turn and stand first (so a bare "1" always moves the game on),
    then each hand card, once per way to play it."""
    moves = [Move("end turn", END_TURN)] if END_TURN in legal else []
    moves += [Move("stand", STAND)] if STAND in legal else []
    seen: set[str] = set()
    for action in legal:
        if isinstance(action, PlaySide):
            words = play_words(hand[action.index], action.value)
            if words not in seen:  # two copies of one card are one choice
                seen.add(words)
                moves.append(Move(words, action))
    return moves


def placed_words(board: Board) -> str:
    """A board's cards left to right, each as it counts now."""
    said = []
    for placed in board.cards:
        card, value = placed.card, placed.value
        if card.kind is Kind.MAIN:
            said.append(str(value) if value == card.amount else f"{card.amount} counting {value}")
        elif value or card.kind in (Kind.PLUS, Kind.MINUS, Kind.DUAL):
            said.append(value_words(value))
        else:
            said.append(card_words(card))
    return ", ".join(said) or "no cards"


def hand_words(hand: tuple[Card, ...] | None) -> str:
    if hand is None:
        return "You hold no cards: you are looking on."
    return f"Your hand: {', '.join(card_words(c) for c in hand) or 'empty'}."


class PazaakReader(Reader):
    symbols: ClassVar[dict[str, str]] = {" → ": ", total ", " – ": " to "}

    def card_words(self, token: str) -> str | None:
        return face_words(token)

    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        return turn_moves(legal, view.hand or ())

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        lines = [f"Set {view.set_number}. {self.score(view, names)}"]
        for seat, board in enumerate(view.boards):
            state = ", standing" if view.standing[seat] else ""
            cards = view.hand_counts[seat]
            held = "" if seat == view.seat else f" Holds {cards} hand card{'s' * (cards != 1)}."
            lines.append(
                f"{names[seat]}: {view.totals[seat]}{state}. Board: {placed_words(board)}.{held}"
            )
        if view.hand is not None:
            lines.append(self.hand(view, names))
        return lines

    def hand(self, view: Any, names: Sequence[str]) -> str:
        return hand_words(view.hand)

    def score(self, view: Any, names: Sequence[str]) -> str:
        sets = ", ".join(f"{names[s]} {won}" for s, won in enumerate(view.sets_won))
        return f"Sets won: {sets}."
