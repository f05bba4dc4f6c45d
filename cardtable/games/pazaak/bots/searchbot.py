"""Pazaak's searching bot: the information-set tree search while both draw (``ismcts``), the
hard bot's exact chase once the opponent stands.

The chase is exact and needs no help; while both draw, the hard bot's flat sampling lets the
opponent play on casually whatever the bot does, and the tree search lets it answer. Measured
against hard (issue #39) it has not shown itself stronger, so it is no level a person picks:
``cardtable sim`` seats it as ``policy:cardtable.games.pazaak.bots.searchbot:act``.

Why not (``tests/games/pazaak/decompose.py``: both moves of each disagreement played out on
the same 40 deck orders, 86 of them in 43 matches): while both draw it makes hard's move 93% of
the time, and eight times its budget changes only 2% of its choices (and agrees with hard 95%
of the time), so it is not short of iterations. Where the two differ it mostly
draws on 16 to 19 where hard stands, and loses by it (0.026 ± 0.020 of match equity each
time). A likely cause is that its values are not measured alike: a stand is answered by the
exact chase, a draw by casual play-outs in which the opponent stands blind on 18, so drawing
on looks better than it is. Where it keeps a Flip or Double that hard lays far from 20 while
both draw, it is right (0.088 ± 0.050 each): a lead for hard, still to be measured in matches.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.bots import Advice
from cardtable.games.pazaak.bots.hard import HardBot, drawing, explain
from cardtable.games.pazaak.bots.ismcts import Search, SearchTuning, first_action
from cardtable.games.pazaak.describe import move_name
from cardtable.games.pazaak.view import PazaakView


@dataclass(frozen=True)
class SearchBotTuning:
    """The search's budget and knobs (the chase has none)."""

    search: SearchTuning = field(default_factory=SearchTuning)


class SearchBot:
    """Plays the move its search valued most; the reason quotes the values it compared."""

    level = "search"

    def __init__(self, tuning: SearchBotTuning | None = None) -> None:
        self.tuning = tuning or SearchBotTuning()
        self.chase = HardBot()

    def choose(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return self.advise(observation, legal, rng).action

    def advise(self, observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Advice:
        view = observation
        assert view.seat is not None and view.hand is not None
        other = 1 - view.seat
        if view.standing[other]:
            return self.chase.advise(view, legal, rng)
        edges = Search(view, self.tuning.search, rng).run()
        if len(edges) == 1:
            action = first_action(next(iter(edges)), view.hand)
            return Advice(action, f"{move_name(action, view.hand)}: nothing else helps")
        tried = [(turn, edge) for turn, edge in edges.items() if edge.visits]
        best_turn = max(tried, key=lambda te: te[1].total / te[1].visits)[0]
        best = first_action(best_turn, view.hand)
        values: dict[Any, float] = {}
        for turn, edge in tried:
            action = first_action(turn, view.hand)
            values[action] = max(values.get(action, 0.0), edge.total / edge.visits)
        return Advice(best, explain(best, list(values.items()), view.hand, drawing(view, other)))


_SEAT = SearchBot()


def act(observation: PazaakView, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The search bot as a ``policy:`` seat for ``cardtable sim`` (it keeps no state between
    decisions, so one bot serves every seat)."""
    return _SEAT.choose(observation, legal, rng)
