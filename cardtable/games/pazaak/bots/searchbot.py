"""Pazaak's searching bot: the information-set tree search while both draw (``ismcts``), the
hard bot's exact chase once the opponent stands.

The chase is exact and needs no help; while both draw, the hard bot's flat sampling lets the
opponent play on casually whatever the bot does, and the tree search lets it answer. Measured
against hard (issue #39) it has not yet shown itself stronger, so it is no level a person picks:
``cardtable sim`` seats it as ``policy:cardtable.games.pazaak.bots.searchbot:act``.
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
