"""Pazu-Pazaak read aloud: the auction, the ante, Pazaak's turns (read as Pazaak reads them),
chips and pots, and the choices between sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.pazu.actions import (
    LEAVE,
    STAY,
    Bid,
    Pick,
    SeatBot,
    SetAnte,
    UnseatBot,
)
from cardtable.games.pazu.state import Phase, Status
from cardtable.plain.games.pazaak import PazaakReader, card_words, placed_words, turn_moves
from cardtable.plain.reading import Move


def _auction_moves(view: Any, legal: tuple[Any, ...]) -> list[Move]:
    if view.phase is Phase.BID:
        most = max(a.amount for a in legal if isinstance(a, Bid))
        moves = [Move("pass (bid nothing)", Bid(0))]
        return moves + ([Move(f"bid N (1 to {most})", None, Bid, 1, most)] if most else [])
    if view.phase is Phase.ANTE:
        amounts = [a.amount for a in legal if isinstance(a, SetAnte)]
        low, high = min(amounts), max(amounts)
        moves = [Move(f"ante {low}", SetAnte(low))]
        return moves + (
            [Move(f"ante N ({low} to {high})", None, SetAnte, low, high)] * (high > low)
        )
    seen: set[str] = set()
    moves = []
    for action in legal:
        if isinstance(action, Pick):
            words = f"take {card_words(action.card)}"
            if words not in seen:
                seen.add(words)
                moves.append(Move(words, action))
    return moves


def _between_sets(legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
    """Stay first (a bare "1" keeps playing), then leave, then the seats a person may change."""
    moves = [Move("stay", STAY)] if STAY in legal else []
    moves += [Move("leave the table", LEAVE)] if LEAVE in legal else []
    for action in legal:
        if isinstance(action, SeatBot):
            article = "an" if action.level[:1] in "aeiou" else "a"
            moves.append(Move(f"add {article} {action.level} bot", action))
        elif isinstance(action, UnseatBot):
            moves.append(Move(f"send {names[action.seat]} away", action))
    return moves


class PazuReader(PazaakReader):
    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        if view.phase is Phase.TURN:
            return turn_moves(legal, view.hand or ())
        if view.phase is Phase.LEAVE:
            return _between_sets(legal, names)
        return _auction_moves(view, legal)

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        lines = [
            f"Set {view.set_number}, {view.phase.value} phase. Set Pot {view.set_pot}, "
            f"Pazaak Pot {view.pazaak_pot}, ante {view.ante}."
        ]
        if view.phase in (Phase.BID, Phase.PICK) and view.revealed:
            lines.append(f"On offer: {', '.join(card_words(c) for c in view.revealed)}.")
        for seat, board in enumerate(view.boards):
            if not view.seated[seat]:
                has = "have" if names[seat] == "You" else "has"
                lines.append(f"{names[seat]} {has} left the table.")
                continue
            status = view.status[seat]
            state = {Status.STOOD: ", standing", Status.BUST: ", bust"}.get(status, "")
            bid = view.bids[seat]
            bid_text = f" Bid {bid}." if bid is not None and view.phase is Phase.BID else ""
            cards = view.hand_counts[seat]
            held = "" if seat == view.seat else f" Holds {cards} hand card{'s' * (cards != 1)}."
            on_board = (
                f" Total {view.totals[seat]}{state}. Board: {placed_words(board)}."
                if status is not Status.OUT
                else " Not in this set."
            )
            lines.append(f"{names[seat]}: {view.chips[seat]} chips.{bid_text}{on_board}{held}")
        if view.hand is not None:
            lines.append(self.hand(view, names))
        return lines

    def score(self, view: Any, names: Sequence[str]) -> str:
        chips = ", ".join(
            f"{names[s]} {c}" + ("" if view.seated[s] else " (left)")
            for s, c in enumerate(view.chips)
        )
        return f"Chips: {chips}."
