"""Ratings: OpenSkill's Plackett–Luce model, one rating per player per game, shown on an Elo-like scale.

A rated game gives every player a finishing place (1 is first; equal places are ties; 2–8 players).
The model keeps a mean skill ``mu`` and an uncertainty ``sigma`` per player. People read a single
number, so ``display`` maps ``mu`` onto the familiar Elo scale (a new player at 1,500; a 400-point gap
means about 10:1 odds once both are settled), with a "?" while the rating is provisional. Leaderboards
rank by a conservative rating, ``mu`` minus three ``sigma``, so one lucky win does not top the table.

Every stored rating can be rebuilt from the append-only results by :func:`recompute`; the live path
(:func:`rate`) and the rebuild share the same arithmetic, in the same order, so they agree exactly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

INITIAL_MU: float = _MODEL.mu
INITIAL_SIGMA: float = _MODEL.sigma

MIN_PLAYERS = 2
MAX_PLAYERS = 8

# The displayed rating of a brand-new player.
DISPLAY_BASE = 1500
# Plackett–Luce gives a settled player a win chance of 1 / (1 + exp(-(mu_a - mu_b) / c)) against
# another, with c = sqrt(2) * beta; Elo gives 1 / (1 + 10 ** (-gap / 400)). Equating the two makes
# one unit of mu worth 400 / (c * ln 10) display points (about 29.5 with the default beta).
DISPLAY_PER_MU = 400 / (math.sqrt(2) * _MODEL.beta * math.log(10))

# A leaderboard ranks by mu - CONSERVATIVE_SIGMAS * sigma: a player is very likely at least this good.
CONSERVATIVE_SIGMAS = 3.0

# A rating is provisional (shown with "?") until the player has this many rated games in the game…
PROVISIONAL_GAMES = 5
# …and the model is fairly sure of it (a new player starts at 8.33; two-player games bring it
# under 7 after about ten).
PROVISIONAL_SIGMA = 7.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game, after ``games`` rated games of it."""

    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA
    games: int = 0

    @property
    def display(self) -> int:
        """The Elo-like number people read: 1,500 for a newcomer."""
        return round(DISPLAY_BASE + (self.mu - INITIAL_MU) * DISPLAY_PER_MU)

    @property
    def conservative(self) -> float:
        """What a leaderboard ranks by: the mean less a few uncertainties."""
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma

    @property
    def provisional(self) -> bool:
        """True while there are too few games, or too much doubt, to trust the number."""
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA

    def shown(self) -> str:
        """The rating as a screen shows it: ``1,512``, or ``1,512?`` while provisional."""
        return f"{self.display:,}" + ("?" if self.provisional else "")


NEW_RATING = Rating()


def change_text(before: Rating, after: Rating) -> str:
    """A rating's change as the result panel words it: ``1,512 → 1,527 (+15)``."""
    delta = after.display - before.display
    return f"{before.shown()} → {after.shown()} ({delta:+,})"


def rate(standings: Sequence[tuple[Rating, int]]) -> list[Rating]:
    """The players' new ratings after one game, in the order given.

    ``standings`` pairs each player's rating before the game with their finishing place (1 is first;
    equal places tie). Raises ValueError for a player count outside 2–8 or a place below 1.
    """
    if not MIN_PLAYERS <= len(standings) <= MAX_PLAYERS:
        raise ValueError(
            f"a rated game has {MIN_PLAYERS}–{MAX_PLAYERS} players, not {len(standings)}"
        )
    places = [place for _rating, place in standings]
    if min(places) < 1:
        raise ValueError(f"finishing places start at 1: {places}")
    teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating, _place in standings]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(mu=team[0].mu, sigma=team[0].sigma, games=before.games + 1)
        for team, (before, _place) in zip(rated, standings, strict=True)
    ]


# At most this many rated games a day count between the same two players in one game: a pair
# farming points off each other (or a friend's second account) moves nobody's rating after that.
PAIR_GAMES_PER_DAY = 3


def counts_for_rating(players: Iterable[str], earlier_today: Iterable[Iterable[str]]) -> bool:
    """Whether a game among ``players`` counts, given the players of each game that already
    counted today in the same game: not when any two of them have met ``PAIR_GAMES_PER_DAY``
    times already."""
    seated = set(players)
    met: Counter[frozenset[str]] = Counter()
    for others in earlier_today:
        together = sorted(seated.intersection(others))
        met.update(frozenset(pair) for pair in combinations(together, 2))
    return all(times < PAIR_GAMES_PER_DAY for times in met.values())


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game's outcome as the results log keeps it: who finished where, on which (UTC) day."""

    game: str
    day: str  # YYYY-MM-DD
    places: tuple[tuple[str, int], ...]  # (player id, finishing place), in seat order


@dataclass
class Recomputed:
    """The ratings rebuilt from the results, and which results counted toward them."""

    ratings: dict[tuple[str, str], Rating]
    counted: list[bool]


def recompute(results: Iterable[GameResult]) -> Recomputed:
    """Every (player id, game) rating rebuilt by replaying the results in the order they happened,
    the daily pair limit applied as it was live; equal to what the live path stored, since both
    decide with :func:`counts_for_rating` and rate with :func:`rate`, in order."""
    ratings: dict[tuple[str, str], Rating] = {}
    counted_on: dict[tuple[str, str], list[list[str]]] = {}
    counted: list[bool] = []
    for result in results:
        players = [player for player, _place in result.places]
        today = counted_on.setdefault((result.game, result.day), [])
        counted.append(counts_for_rating(players, today))
        if not counted[-1]:
            continue
        today.append(players)
        keys = [(player, result.game) for player in players]
        before = [ratings.get(key, NEW_RATING) for key in keys]
        places = [place for _player, place in result.places]
        after = rate(list(zip(before, places, strict=True)))
        ratings.update(zip(keys, after, strict=True))
    return Recomputed(ratings, counted)


def places_from_order(
    order: Sequence[Sequence[str]], leavers: Iterable[str] = ()
) -> list[tuple[str, int]]:
    """Finishing places from the game's order (groups of tied players, best first), leavers last.

    A player who left a rated game and was not back before it ended ranks last, whatever their seat
    scored while a bot played it out; several leavers tie for last.
    """
    gone = set(leavers)
    places: list[tuple[str, int]] = []
    place = 1
    for group in order:
        stayed = [player for player in group if player not in gone]
        places.extend((player, place) for player in stayed)
        place += len(stayed)
    places.extend((player, place) for group in order for player in group if player in gone)
    return places
