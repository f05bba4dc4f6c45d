"""Flip 7 read aloud: every row, the target choices, and the odds panel's words in sentences."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.bots.odds import next_counts, odds
from cardtable.games.flip7.bots.odds_words import (
    IN_YOUR_ROW,
    actions_left,
    modifiers_left,
    verdict,
)
from cardtable.games.flip7.cards import NUMBERS, Card, label
from cardtable.games.flip7.describe import for_reader
from cardtable.games.flip7.state import Choice, Mode, Status
from cardtable.games.flip7.view import Flip7View, SeatView
from cardtable.plain.reading import Move, Reader

_TARGET_VERBS = {
    Choice.FREEZE: "freeze",
    Choice.FLIP_THREE: "give the Flip Three to",
    Choice.SECOND_CHANCE: "give the Second Chance to",
}
_SIGNED = re.compile(r"\+\d+")


def card_words(card: Card) -> str:
    return face_words(label(card)) or label(card)


def face_words(token: str) -> str | None:
    """ "+4" -> "plus 4", "×2" -> "times 2"; numbers and named cards read as they are."""
    if _SIGNED.fullmatch(token):
        return f"plus {token[1:]}"
    return "times 2" if token == "×2" else None


def row_words(seat: SeatView) -> str:
    cards = [str(int(n)) for n in seat.numbers] + [card_words(m) for m in seat.modifiers]
    chance = ", Second Chance" if seat.second_chance else ""
    return (", ".join(cards) or "no cards") + chance


class Flip7Reader(Reader):
    def card_words(self, token: str) -> str | None:
        return face_words(token)

    def named(self, line: str, solo: bool) -> str:
        return for_reader(line, solo)

    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        moves = []
        for action in legal:
            if action == HIT:
                moves.append(Move("hit", action))
            elif action == STAY:
                moves.append(Move("stay", action))
            elif isinstance(action, ChooseTarget):
                verb = _TARGET_VERBS[view.pending.choice]
                who = "yourself" if action.seat == view.viewer else names[action.seat]
                moves.append(Move(f"{verb} {who}", action))
        return moves

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        lines = [
            f"Round {view.round}; {view.deck_count} cards in the deck, "
            f"{view.discard_count} in the discard pile."
        ]
        for seat in view.seats:
            status = "" if seat.status is Status.ACTIVE else f", {seat.status.value}"
            lines.append(
                f"{names[seat.seat]}: {seat.banked} banked{status}. "
                f"Row: {row_words(seat)}; {seat.round_score} this round."
            )
        return lines

    def hand(self, view: Any, names: Sequence[str]) -> str:
        if view.viewer is None:
            return "You hold no cards: you are looking on."
        me = view.seats[view.viewer]
        return f"Your row: {row_words(me)}; {me.round_score} this round."

    def score(self, view: Any, names: Sequence[str]) -> str:
        banked = ", ".join(f"{names[s.seat]} {s.banked}" for s in view.seats)
        goal = "" if view.mode is Mode.SOLO else f" First to {view.goal} wins."
        return f"Round {view.round}. Banked: {banked}.{goal}"

    def odds(self, view: Flip7View, names: Sequence[str]) -> list[str]:
        if view.viewer is None:
            return ["Odds are for a player's own row."]
        me = view.seats[view.viewer]
        counts = next_counts(view)
        left = ", ".join(f"{int(n)}: {counts[n]}" for n in NUMBERS)
        lines = [f"Left to draw, card: how many. {left}."]
        lines.append(f"Modifiers left: {self.said(modifiers_left(counts))}.")
        if view.action_cards:
            lines.append(
                "Actions left: "
                + ", ".join(f"{n} {name}" for name, n in actions_left(counts))
                + "."
            )
        held = sorted({int(n) for n in me.numbers})
        if held and me.active:
            lines.append(f"{IN_YOUR_ROW.capitalize()}: {', '.join(map(str, held))}.")
        said = verdict(view, me, odds(view, view.viewer))
        parts = [said.risk, said.weighing.replace("  ", ", ")]
        parts += [f"advice: {said.advice}" if said.advice else "", *said.notes]
        lines.append(". ".join(p.strip("()") for p in parts if p) + ".")
        return lines
