"""Pazaak's searching bot: the information-set tree search while both draw (``ismcts``), the
hard bot's exact chase once the opponent stands.

The chase is exact and needs no help; while both draw, the hard bot's flat sampling lets the
opponent play on casually whatever the bot does, and the tree search lets it answer. It is no
level a person picks, as it has not shown itself stronger than hard: over 1,000 mirrored pairs
it won 50.5% (49–52%) against hard (seed 52001), and 67.9% (66–70%) against the reference
player of ``tests/games/pazaak/reference.py`` where hard won 68.4% (66.7–70.1%) on the same
deals (seed 52002). ``cardtable sim`` seats it as
``policy:cardtable.games.pazaak.bots.searchbot:act``.

Why it first drew too often (issue #39, ``tests/games/pazaak/decompose.py``): where it chose
differently from hard it mostly drew on 16 to 19 where hard stood, and lost by it. Its own
values showed why. Against hard finishing the set for both players (five positions on 16 to
19, 600 deals each, priced alike), its value of a stand agreed within 0.01 of match equity, but
its value of drawing on was 0.05 to 0.09 too high: inside the tree each player tried every stand open to it before
the bandit rule chose, so the opponent now and then stood on a losing total, and a draw was
priced against that careless player. A stand in the tree is now weighed at the exact chase
after it and only drawing on is explored; the draw values came within 0.03 of hard's, and the
score against hard rose from 49.1% to 50.5%, still inside the noise. Decomposed again (40
matches on tuning seeds) it gains 0.02 ± 0.04 of match equity a match over hard: it is right to
keep the Flips and Doubles hard lays far from 20, and still loses where it lays a card on 16 to
20 (0.13 each, 5 times) or stands (0.06 each, 9 times) where hard draws on.

What the next session learned (issue 39): hard's own play-outs are where its errors lie, and
more of them does not help. Hard with four times the samples (1,024) chose differently from
hard only 5 times in 20 matches and lost 0.039 ± 0.018 of match equity each time (tuning seed
8801): its values are biased, not noisy. Ending each play-out at the first stand in the exact
chase (``chased``) fixes the chaser's play but not the players' play while both draw: 50.8%
(50%–52%) of 1,000 mirrored pairs against hard (seed 39501), at 352 ms p99 a decision, too
slow for a level. What hard really does while both draw is far from its play-outs' model of
it, a player who stands on 18 or more: in 40 matches of hard against itself (seeds 9100–9139)
it stood on 18 27 times and drew on or laid a card 29 times, and drew on 19 6 times in 60,
as its hand cards make a draw from 18 safe. Always drawing on 18 is no better a model: with
the play-outs' opponent standing only on 19 or more, hard won 49.2% (48%–51%) of 200 pairs
(tuning seed 8901). A play-out opponent who draws on 18 when its hand makes that safe, as
hard does, is the next lever to measure.

Measured by a third session (issue 39): that lever, and others on the play-outs, barely move
hard, because hard plays the wary casual move unless its search values another at least 0.01
higher (``Expert``'s margin), and a change to the play-outs seldom shifts a move's value that
far. In 15 matches of hard against itself (tuning seeds 41001-41015, 492 decisions while both
drew) it chose differently 4 times with play-out players who draw on from 18 or 19 when six of
the ten next draws leave them on 18 to 20 (a hand card bringing a bust back), never with the
opponent's sampled hands weighed by how likely its visible play was (``belief.likelihood``),
and 14 times with no margin. Screened over 200 mirrored pairs against hard (tuning seed 41201)
none stood out: those safe draws 50.5%, six of ten needed being 49.5% with seven; the weighed
hands 50.0%, both 50.5%; chased play-outs with the safe draws 48.5%, with 160 samples 49.2%; no
margin 49.8% with 256 or 512 samples. Hard's own play while both draw (60 matches against
itself, seeds 41001-41060): on 17 it drew 56 times of 84, stood 11 and laid a card 17; on 18 it
stood 39 times of 74, drew 13 and laid a card 22; on 19 it stood 58 times of 77.

The margin is part of hard's strength, not a brake on it. Decomposed (``decompose.py``, 40
matches, seeds 41101-41140) hard without it and with 512 samples gained 0.034 +/- 0.022 of
match equity in each of 23 disagreements, yet over 1,000 mirrored pairs it won 49.4% (48%-50%)
against hard (seed 41901), at 7.4 ms median, 50.6 ms p99 and 256 ms at most a decision where
hard took 4.5, 38.5 and 271 ms (100 matches with Gold decks, seed 41601, CPU time). The
decomposition prices a set's end with the match-equity model both bots choose by, so a bot
that trusts that model further looks better there than it plays: the model's price of a kept
hand card is the next suspect, and a truer measure of a move needs the match played out.
Hard sits near the best price of a card, though: with every hand card's worth (and an unseen
card's) scaled by 0.6, 0.8 or 1.2 it won 49.0%, 50.0% and 46.8% (45%-49%) of 200 pairs (tuning
seed 41201). No margin with cards at 0.8 screened 50.7% (48%-53%) but won 48.9% (48%-50%) of
1,000 pairs (seed 41902; 7.2 ms median, 53.2 ms p99, 256 ms at most, as above): hard stays.

What a fourth session measured (issue 39): hard has next to nothing left to gain, from beliefs
or from searching the rest of the set. Hard whose samples deal the opponent's real hand won
50.65% (49.4%-51.9%) of 1,000 mirrored pairs against hard (``tests/games/pazaak/headroom.py
--sees hand``, seed 60401): no belief about the hidden hand, however well weighed, can be worth
more. Hard whose every sample is the whole truth, that hand and the real order of the main cards
to come, won 53.8% (51.6%-56.0%) of 600 pairs (``--sees all``, seed 60501). A search with the
opponent's replies in it was tried once more, as perfect-information Monte Carlo (branch
``pimc``, not kept): both players' later turns searched exactly in four dealt worlds, hard's
wary move kept unless another is valued 0.01 higher. It chose as hard did in 97% of searched
decisions, screened 50.9% over 800 tuning pairs (seeds 61002-61006) and won 49.95%
(48.65%-51.25%) of 1,000 pairs (seed 62001), at 0.41 ms median and 229 ms p99 a decision.
Pricing the end of a set by a model fitted to real hard-against-hard sets (``equity``'s notes)
or sampling the opponent's hand from the default Gold deck alone screened 49.5% and 50.25% of
200 pairs (tuning seed 60101). Seeds 60001-60301 and 61001-61099 were used for tuning.
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
