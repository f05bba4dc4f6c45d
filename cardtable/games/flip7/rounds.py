"""The solo race's clock: how many rounds it takes, on average, to score a number of points.

The hard bot values a solo round's points by the rounds they save. That needs the chance of
each round score, worked out exactly here for a simple way of playing (stay once the row is
worth ``MODEL_STOP``) from a full deck. The bot itself plays a little better; only the shape of
the curve matters to its decisions.
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

#: the model player stays once their row is worth this much
MODEL_STOP = 25

_COPIES = counts(SOLO_DECK)


@cache
def rounds_to_go() -> tuple[float, ...]:
    """``[x]``: expected rounds to score ``x`` more points (x = 0..200), rounds played as above.

    With D(s) the chance of scoring s in a round, R(x) = 1 + sum over s of D(s) R(x - s) and
    R(x) = 0 once x <= 0; the bust term D(0) R(x) is moved to the left-hand side.
    """
    scores = round_scores(MODEL_STOP)
    bust = scores.get(0, 0.0)
    rounds = [0.0] * (GOAL + 1)
    for need in range(1, GOAL + 1):
        rest = sum(p * rounds[max(need - s, 0)] for s, p in scores.items() if s > 0)
        rounds[need] = (1.0 + rest) / (1.0 - bust)
    return tuple(rounds)


@dataclass(slots=True)
class _Position:
    """A row reached with some chance: numbers as a sum and count, + cards, the ×2."""

    chance: float
    total: int = 0
    count: int = 0
    plus: int = 0
    double: bool = False


def round_scores(stop_at: int) -> dict[int, float]:
    """Exact chance of each round score from a full solo deck, staying once at ``stop_at``.

    Rows are walked one draw at a time and merged by what they hold (numbers and modifiers as
    bit sets over card kinds), which also fixes what is left in the deck, so each is expanded
    once however many orders lead to it.
    """
    out: dict[int, float] = defaultdict(float)
    frontier: dict[tuple[int, int], _Position] = {(0, 0): _Position(1.0)}
    while frontier:
        after: dict[tuple[int, int], _Position] = {}
        for (numbers, mods), row in frontier.items():
            score = score_of(row.total, row.count, row.plus, row.double)
            if score >= stop_at:
                out[score] += row.chance
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
                    after.setdefault((numbers, mods | 1 << kind), nxt).chance += chance
                elif held:
                    out[0] += chance
                elif row.count + 1 == FLIP_SEVEN:
                    seven = score_of(row.total + kind, FLIP_SEVEN, row.plus, row.double)
                    out[seven] += chance
                else:
                    nxt = _Position(0.0, row.total + kind, row.count + 1, row.plus, row.double)
                    after.setdefault((numbers | 1 << kind, mods), nxt).chance += chance
        frontier = after
    return dict(out)
