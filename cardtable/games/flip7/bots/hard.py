"""The hard Flip 7 bot: counts cards, looks ahead exactly, and plays the race to 200.

Hit or stay is an expectimax over the cards left (``odds.Search``), scored by what a round's
points are worth to this player right now:

- solo, the goal is the fewest rounds, so a round's points are worth the rounds they save:
  ``-rounds_to_go[points still needed]``. Points past 200 are worth nothing, and near the end a
  sure 10 that leaves 5 to get is worth less than a risky hit that could finish now.
- at a table, a round's points are worth the chance to win they bring: a race against each
  rival whose outcome grows less certain the more rounds are left. Early on that is close to
  maximising points; behind a rival near 200 it takes risks, ahead of everyone it banks, and
  once the game can end this round only finishing ahead counts.

Action cards are aimed by the same measure: each candidate target's expected round is worked
out exactly with and without the card (frozen now, three forced flips, a shield against a
bust), and the card goes where it raises this player's chance to win the most, which may be
themselves (three free cards early in a round, or a Freeze that banks a winning total).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.bots import Advice, percent
from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.bots.odds import Hand, Search, Utility, hand_of
from cardtable.games.flip7.bots.rounds import rounds_to_go
from cardtable.games.flip7.cards import FLIP_SEVEN, LAST_NUMBER, MAX_ROUND_SCORE
from cardtable.games.flip7.state import Choice, Mode, Pending
from cardtable.games.flip7.view import Flip7View, SeatView

#: the race model: points a player banks per round on average, and their spread per round
PACE = 20.0
SPREAD = 17.0
#: once the game is decided, a point still breaks ties between equal outcomes, but barely
TIE_BREAK = 1e4
#: how many hits ahead the search looks, and one more once a Flip 7 is within reach
DEPTH = 2
DEEP = 3
DEEP_FROM = FLIP_SEVEN - 3


class HardBot:
    """Exact card counting; decisions are deterministic (the rng is never needed)."""

    level = "hard"

    def choose(self, observation: Flip7View, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat = observation.to_move
        assert seat is not None
        utility = utility_for(observation, seat)
        if observation.pending is not None:
            return ChooseTarget(aim(observation, observation.pending, utility))
        hit, stay = hit_or_stay(observation, observation.seats[seat], utility)
        return HIT if hit > stay else STAY

    def advise(self, observation: Flip7View, legal: tuple[Any, ...], rng: random.Random) -> Advice:
        """``choose``'s move, with the worths it compared in words (from public cards only)."""
        action = self.choose(observation, legal, rng)
        seat = observation.to_move
        if len(legal) == 1 or seat is None:
            return Advice(action, f"{move_words(observation, action)}: the only move there is")
        utility = utility_for(observation, seat)
        pending = observation.pending
        if pending is not None:
            return Advice(action, aim_reason(observation, pending, utility, action.seat))
        hit, stay = hit_or_stay(observation, observation.seats[seat], utility)
        return Advice(action, hit_reason(observation, action == HIT, hit, stay))


def hit_or_stay(view: Flip7View, me: SeatView, utility: Utility) -> tuple[float, float]:
    """The worth of hitting (and playing on well) and of staying, over the exact cards left."""
    hand = hand_of(me)
    depth = DEEP if hand.count >= DEEP_FROM else DEPTH
    search = Search(view.deck_counts, view.discard_counts, utility)
    return search.play_on(hand, depth), utility(hand.score)


def hit_reason(view: Flip7View, hits: bool, hit: float, stay: float) -> str:
    """Solo the worths are rounds still to play (negated); at a table, chances to win."""
    verb = "Hit" if hits else "Stay"
    if view.mode is Mode.SOLO:
        return (
            f"{verb}: about {-hit:.1f} rounds still to play if you hit, "
            f"{-stay:.1f} if you stay (counting the cards left)"
        )
    return (
        f"{verb}: you win about {percent(hit)} if you hit, {percent(stay)} if you stay "
        "(counting the cards left)"
    )


def aim_reason(view: Flip7View, pending: Pending, utility: Utility, target: int) -> str:
    """Where the action card goes and what that does to the chooser's chance to win."""
    gain = _gain(view, pending.choice, pending.chooser, target, utility)
    give = move_words(view, ChooseTarget(target))
    if round(gain, 3) > 0:
        return f"{give}: your chance to win goes up about {gain:.1%}, more than with anyone else"
    if round(gain, 3) < 0:
        return f"{give}: your chance to win goes down about {-gain:.1%}, less than with anyone else"
    return f"{give}: your chance to win stays as it is, and would go up with nobody else"


def move_words(view: Flip7View, action: Any) -> str:
    """A move in plain words: "Hit", "Stay", "Give the Freeze to Player 2" (the table swaps
    "Player 2" for the seat's name, as in the log)."""
    if action == HIT:
        return "Hit"
    if action == STAY:
        return "Stay"
    pending = view.pending
    assert isinstance(action, ChooseTarget) and pending is not None
    who = "yourself" if action.seat == pending.chooser else f"Player {action.seat + 1}"
    card = pending.choice.name.replace("_", " ").title()
    return f"Give the {card} to {who}"


def utility_for(view: Flip7View, seat: int) -> Utility:
    """A lookup table from round score to worth, so the search pays one index per leaf."""
    if view.mode is Mode.SOLO:
        worth = solo_worth(view.goal - view.seats[seat].banked)
    else:
        worth = race_worth(view, seat, rivals_of(view, seat))
    return tuple(worth(points) for points in range(MAX_ROUND_SCORE + 1)).__getitem__


def solo_worth(need: int) -> Callable[[int], float]:
    """Minus the rounds still to play after banking ``points`` this round."""
    rounds = rounds_to_go()
    return lambda points: -rounds[max(need - points, 0)]


@dataclass(frozen=True, slots=True)
class Rival:
    """What a rival's total is expected to be after this round, and whether it is settled."""

    total: float
    settled: bool


def rivals_of(view: Flip7View, seat: int) -> dict[int, Rival]:
    """Every opponent as the round stands: banked plus what their row would bank now."""
    return {
        other.seat: Rival(other.banked + other.round_score, not other.active)
        for other in view.opponents(seat)
    }


def race_worth(view: Flip7View, seat: int, rivals: dict[int, Rival]) -> Callable[[int], float]:
    """Roughly the chance to win after banking ``points`` this round.

    Each rival is an independent race: their final total against ours, with a spread that
    grows with the rounds still to play, plus one round of doubt for a rival still active.
    Once someone can reach the goal this round, no rounds are left, and a settled rival is a
    sure thing: we finish ahead of them or not.
    """
    banked = view.seats[seat].banked
    leader = max(rival.total for rival in rivals.values())

    def worth(points: int) -> float:
        total = banked + points
        ends = total >= view.goal or leader >= view.goal
        rounds = 0.0 if ends else (view.goal - max(total, leader)) / PACE
        chance = 1.0
        for rival in rivals.values():
            doubt = 2.0 * rounds + (0.0 if rival.settled else 1.0)
            chance *= _ahead(total - rival.total, SPREAD * SPREAD * doubt)
        return chance + points / TIE_BREAK

    return worth


def _ahead(lead: float, variance: float) -> float:
    """The chance a normal lead with this mean and variance ends above zero (a tie is half)."""
    if variance == 0.0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / math.sqrt(2.0 * variance)))


# Aiming action cards -----------------------------------------------------------------------


def aim(view: Flip7View, pending: Pending, utility: Utility) -> int:
    """The option whose effect helps ``pending.chooser`` most (ties: lowest seat)."""
    me = pending.chooser
    gains = {seat: _gain(view, pending.choice, me, seat, utility) for seat in pending.options}
    return max(pending.options, key=lambda seat: (gains[seat], -seat))


def _gain(view: Flip7View, choice: Choice, me: int, seat: int, utility: Utility) -> float:
    """How much sending the card to ``seat`` raises ``me``'s chance to win."""
    hand = hand_of(view.seats[seat])
    if seat == me:
        search = Search(view.deck_counts, view.discard_counts, utility)
        stay = utility(hand.score)
        carry_on = max(stay, search.play_on(hand, DEPTH))
        if choice is Choice.FREEZE:
            return stay - carry_on
        return search.forced(hand, 3, depth=1) - carry_on
    search = Search(view.deck_counts, view.discard_counts, float)
    alone = max(float(hand.score), search.after_one_hit(hand))
    if choice is Choice.FREEZE:
        after, settled = float(hand.score), True
    elif choice is Choice.FLIP_THREE:
        after, settled = search.forced(hand, 3), False
    else:
        after, settled = alone + _shield_value(view, hand), False
    rivals = rivals_of(view, me)
    mine = view.seats[me].round_score
    banked = view.seats[seat].banked
    before = race_worth(view, me, rivals | {seat: Rival(banked + alone, False)})(mine)
    now = race_worth(view, me, rivals | {seat: Rival(banked + after, settled)})(mine)
    return now - before


def _shield_value(view: Flip7View, hand: Hand) -> float:
    """What a Second Chance is worth to a row: its points times the chance of a duplicate."""
    left = view.deck_counts if view.deck_count else view.discard_counts
    held = sum(left[number] for number in range(LAST_NUMBER + 1) if hand.mask >> number & 1)
    return hand.score * held / max(sum(left), 1)
