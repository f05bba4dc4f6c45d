"""The solo race's clock: how many rounds it takes, on average, to score a number of points.

The hard bot values a solo round's points by the rounds they save. That needs the chance of
each round score, worked out exactly here from a full deck for a simple way of playing: stay
once the row is worth some fixed number of points. The model player picks, for each number of
points still needed, the stopping point that finishes soonest, so fewer points needed is
always fewer rounds to go. (With one stopping point for every need, all needs below it took
the same rounds, a point short of the goal was worth nothing, and the bot could stay on an
empty row round after round.) The bot itself plays a little better; only the shape of the
curve matters to its decisions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from cardtable.games.flip7.cards import (
    FLIP_SEVEN,
    GOAL,
    LAST_NUMBER,
    PLUS_BY_KIND,
    SOLO_DECK,
    TIMES2,
    score_of,
)
from cardtable.games.flip7.view import counts

#: the model player never plays on past a row worth this much (more only adds risk)
MODEL_TOP = 25

_COPIES = counts(SOLO_DECK)

#: chance of each round score (0 for a bust), for one stopping point
Scores = dict[int, float]


@cache
def rounds_to_go() -> tuple[float, ...]:
    """``[x]``: expected rounds to score ``x`` more points (x = 0..200), rounds played as above.

    With D_t(s) the chance of scoring s in a round when staying at t,
    R(x) = min over t of (1 + sum over s > 0 of D_t(s) R(x - s)) / (1 - D_t(0)), R(x) = 0 once
    x <= 0; the bust term D_t(0) R(x) is moved to the left-hand side. A stopping point above
    what is needed only adds risk, so t runs up to x.
    """
    stops = [
        (stop, 1.0 - scores.get(0, 0.0), [(s, p) for s, p in scores.items() if s > 0])
        for stop, scores in round_scores_by_stop(MODEL_TOP).items()
    ]
    rounds = [0.0] * (GOAL + 1)
    for need in range(1, GOAL + 1):
        rounds[need] = min(
            (1.0 + sum(p * rounds[need - s] for s, p in scored if s < need)) / kept
            for stop, kept, scored in stops
            if stop <= need
        )
    return tuple(rounds)


@dataclass(slots=True)
class _Position:
    """A row reached with some chance: numbers as a sum and count, + cards, the ×2."""

    chance: float
    total: int = 0
    count: int = 0
    plus: int = 0
    double: bool = False


def round_scores_by_stop(top: int) -> dict[int, Scores]:
    """Exact chance of each round score from a full solo deck, for every stopping point 1..top.

    Rows are walked one draw at a time, staying at ``top``, and merged by what they hold
    (numbers and modifiers as bit sets over card kinds), which also fixes what is left in the
    deck, so each is expanded once however many orders lead to it. A row's score never falls
    as cards come, so a row worth less than t is reached by the same paths whether the player
    stays at t or at ``top``: one walk gives every stopping point, by noting each draw's
    chance under the score it was drawn on and the score it led to.
    """
    # (score drawn on, score led to): chance; ends are busts (0) and Flip 7s, which stop anyway
    onward: dict[tuple[int, int], float] = defaultdict(float)
    ends: dict[tuple[int, int], float] = defaultdict(float)
    frontier: dict[tuple[int, int], _Position] = {(0, 0): _Position(1.0)}
    while frontier:
        after: dict[tuple[int, int], _Position] = {}
        for (numbers, mods), row in frontier.items():
            score = score_of(row.total, row.count, row.plus, row.double)
            if score >= top:
                continue
            share = row.chance / (len(SOLO_DECK) - row.count - mods.bit_count())
            for kind, copies in enumerate(_COPIES):
                held = (numbers if kind <= LAST_NUMBER else mods) >> kind & 1
                chance = share * (copies - held)
                if not chance:
                    continue
                if kind > LAST_NUMBER:
                    double = row.double or kind == TIMES2
                    nxt = _Position(
                        0.0, row.total, row.count, row.plus + PLUS_BY_KIND[kind], double
                    )
                    key = (numbers, mods | 1 << kind)
                elif held:
                    ends[score, 0] += chance
                    continue
                elif row.count + 1 == FLIP_SEVEN:
                    seven = score_of(row.total + kind, FLIP_SEVEN, row.plus, row.double)
                    ends[score, seven] += chance
                    continue
                else:
                    nxt = _Position(0.0, row.total + kind, row.count + 1, row.plus, row.double)
                    key = (numbers | 1 << kind, mods)
                after.setdefault(key, nxt).chance += chance
                onward[score, score_of(nxt.total, nxt.count, nxt.plus, nxt.double)] += chance
        frontier = after
    by_stop: dict[int, Scores] = {}
    for stop in range(1, top + 1):
        scores: Scores = defaultdict(float)
        for (drawn_on, end), chance in ends.items():
            if drawn_on < stop:
                scores[end] += chance
        for (drawn_on, led_to), chance in onward.items():
            if drawn_on < stop <= led_to:
                scores[led_to] += chance
        by_stop[stop] = dict(scores)
    return by_stop
