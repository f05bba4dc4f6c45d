"""Flip 7 bots: ``easy`` and ``medium`` play fixed stopping rules, ``hard`` counts cards.

All of them read only the observation. The two simple levels stop by a rule of thumb a casual
player might use; where an action card must be aimed, ``easy`` picks anyone and ``medium``
aims it the obvious way. The card-counting ``hard`` bot lives in ``hard.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.bots import Bot
from cardtable.core.rng import pick
from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.bots.hard import HardBot
from cardtable.games.flip7.state import Choice, Pending
from cardtable.games.flip7.view import Flip7View, SeatView


def three_numbers(seat: SeatView) -> bool:
    """Easy's rule: three number cards feel like enough."""
    return len(seat.numbers) >= 3


def sum_22(seat: SeatView) -> bool:
    """Medium's rule: stay once the numbers add up to 22 or more."""
    return sum(seat.numbers) >= 22


@dataclass
class RuleBot:
    """Hits until ``stop`` says enough; aims action cards at random or by a simple heuristic."""

    level: str
    stop: Callable[[SeatView], bool]
    aims: bool

    def choose(self, observation: Flip7View, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        pending = observation.pending
        if pending is not None:
            if not self.aims:
                return pick(legal, rng)
            return ChooseTarget(obvious_target(observation, pending))
        me = observation.seats[deciding_seat(observation)]
        return STAY if self.stop(me) else HIT


def deciding_seat(view: Flip7View) -> int:
    """The seat deciding now: bots are only asked on their own turn."""
    assert view.to_move is not None
    return view.to_move


def obvious_target(view: Flip7View, pending: Pending) -> int:
    """Freeze the leader, make the fullest row Flip Three, give a Second Chance to the last.

    The chooser's own seat is picked only when it is the only choice left.
    """
    others = [view.seats[s] for s in pending.options if s != pending.chooser]
    if not others:
        return pending.options[0]
    if pending.choice is Choice.FREEZE:
        return max(others, key=lambda s: (s.banked + s.round_score, -s.seat)).seat
    if pending.choice is Choice.FLIP_THREE:
        return max(others, key=lambda s: (len(s.numbers), s.round_score, -s.seat)).seat
    return min(others, key=lambda s: (s.banked + s.round_score, s.seat)).seat


BOTS: dict[str, Callable[[], Bot]] = {
    "easy": lambda: RuleBot("easy", three_numbers, aims=False),
    "medium": lambda: RuleBot("medium", sum_22, aims=True),
    "hard": HardBot,
}
