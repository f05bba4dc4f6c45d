"""Invariants over random play: cards conserved, scores recomputed independently, logs complete."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.rng import pick
from cardtable.games.pixies.cards import Colour
from cardtable.games.pixies.events import (
    CardPlaced,
    CardTaken,
    DuplicateSettled,
    PlacedFaceDown,
    RoundEnded,
    RoundStarted,
)
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import PixiesConfig

from .helpers import cards_on

PLAIN = (Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED)
games = st.tuples(st.integers(2, 5), st.integers(0, 2**32), st.booleans())


def independent_score(up: dict, down: set, zone_value: int, counts_itself: bool) -> int:
    """The rule text read literally, with no shared code: face-up cards by space, face-down spaces."""
    total = sum(c.number for s, c in up.items() if s in down)
    total += sum(c.spirals - c.crosses for c in up.values())
    for space, special in up.items():
        if special.special:
            total += sum(
                1
                for other_space, other in up.items()
                if (other_space != space or counts_itself)
                and other.colour in (special.colour, Colour.MULTI)
            )
    largest = max(
        _largest_group({s for s, c in up.items() if c.colour in (k, Colour.MULTI)}) for k in PLAIN
    )
    return total + (largest * zone_value if largest >= 2 else 0)


def _largest_group(spaces: set) -> int:
    best, left = 0, set(spaces)
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            space = todo.pop()
            group.add(space)
            row, col = divmod(space - 1, 3)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                near = r * 3 + c + 1
                if 0 <= r < 3 and 0 <= c < 3 and near in left:
                    left.discard(near)
                    todo.append(near)
        best = max(best, len(group))
    return best


class EventGrids:
    """Grids rebuilt from the event log alone, to check the log tells the whole story."""

    def __init__(self, seats: int, counts_itself: bool) -> None:
        self.seats, self.counts_itself = seats, counts_itself
        self.taken, self.zone_value = None, 0
        self.reset()

    def reset(self) -> None:
        self.up: list[dict] = [{} for _ in range(self.seats)]
        self.down: list[set] = [set() for _ in range(self.seats)]

    def feed(self, event) -> None:
        if isinstance(event, CardTaken):
            self.taken = event.card
        elif isinstance(event, CardPlaced):
            assert event.card == self.taken and event.space == event.card.number
            assert event.validated == (event.space in self.down[event.seat])
            self.up[event.seat][event.space] = event.card
        elif isinstance(event, DuplicateSettled):
            old = self.up[event.seat][event.space]
            assert event.kept == (self.taken if event.kept_new else old)
            self.up[event.seat][event.space] = event.kept
            self.down[event.seat].add(event.space)
        elif isinstance(event, PlacedFaceDown):
            assert (
                event.space not in self.down[event.seat] and event.space not in self.up[event.seat]
            )
            self.down[event.seat].add(event.space)
        elif isinstance(event, RoundEnded):
            for seat in range(self.seats):
                up, down = self.up[seat], self.down[seat]
                expected = independent_score(up, down, self.zone_value, self.counts_itself)
                assert event.scores[seat].total == expected
        elif isinstance(event, RoundStarted):
            self.zone_value = event.zone_value
            self.reset()

    def matches(self, observation) -> bool:
        for seat, view in enumerate(observation.grids):
            ups = {c.space: c.up for c in view.cells if c.up is not None}
            downs = {c.space for c in view.cells if c.down}
            if ups != self.up[seat] or downs != self.down[seat]:
                return False
        return True


def check_state(state, validated_before: list[set]) -> list[set]:
    """Cards conserved, numbers on their spaces, validation permanent, live scores right."""
    held = (state.pending,) if state.pending is not None else ()
    cards = state.deck + state.revealed + held + tuple(c for g in state.grids for c in cards_on(g))
    assert sorted(cards) == list(range(70))
    assert RULES.is_over(state) or RULES.legal_actions(state), "there is always a legal move"
    seen = RULES.observe(state, None)
    validated_now = []
    for seat, view in enumerate(seen.grids):
        up = {c.space: c.up for c in view.cells if c.up is not None}
        assert all(card.number == space for space, card in up.items())
        down = {c.space for c in view.cells if c.down}
        expected = independent_score(up, down, seen.zone_value, seen.special_counts_itself)
        assert view.score.total == expected
        validated_now.append({c.space for c in view.cells if c.validated})
        if validated_before:
            assert validated_before[seat] <= validated_now[seat]
    return validated_now


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(game):
    seats, seed, counts_itself = game
    config = PixiesConfig(seats, counts_itself)
    state, events = RULES.new_game(config, seed)
    log = EventGrids(seats, counts_itself)
    rng = random.Random(seed)
    validated: list[set] = []
    while True:
        for event in events:
            log.feed(event)
            if isinstance(event, RoundStarted):
                validated = []
        validated = check_state(state, validated)
        assert log.matches(RULES.observe(state, None))
        if RULES.is_over(state):
            break
        state, events = RULES.apply(state, pick(RULES.legal_actions(state), rng))
