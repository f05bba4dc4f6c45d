"""The decisions a Flip 7 player makes: hit, stay, or whom an action card goes to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hit:
    """Flip the top card of the deck into your row."""


@dataclass(frozen=True, slots=True)
class Stay:
    """Bank your row's points and sit out the rest of the round."""


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Give the action card in hand (Freeze, Flip Three, a spare Second Chance) to ``seat``."""

    seat: int


@dataclass(frozen=True, slots=True)
class DealNextRound:
    """Clear the ended round's rows and deal the next round (a chance step: nobody chooses
    it, the session or server takes it once the round's summary has been seen)."""


HIT = Hit()
STAY = Stay()
DEAL_NEXT_ROUND = DealNextRound()
TURN_ACTIONS: tuple[Hit | Stay, ...] = (HIT, STAY)
#: with nothing in your row to bank, you must hit
HIT_ONLY: tuple[Hit, ...] = (HIT,)
DEAL_ONLY: tuple[DealNextRound, ...] = (DEAL_NEXT_ROUND,)
ACTION_TYPES: tuple[type, ...] = (Hit, Stay, ChooseTarget, DealNextRound)
