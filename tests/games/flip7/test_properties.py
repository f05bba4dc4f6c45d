"""Invariants over random play: cards conserved, scores recomputed independently, views honest."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.rng import pick
from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.events import (
    Busted,
    CardFlipped,
    GameEnded,
    RoundEnded,
    RoundStarted,
    SecondChanceUsed,
)
from cardtable.games.flip7.rules import RULES
from cardtable.games.flip7.state import Flip7Config, Mode

PLUS = {Card.PLUS2: 2, Card.PLUS4: 4, Card.PLUS6: 6, Card.PLUS8: 8, Card.PLUS10: 10}

configs = st.one_of(
    st.just(Flip7Config(1, Mode.SOLO, action_cards=False)),
    st.builds(Flip7Config, st.integers(2, 8), st.just(Mode.TABLE), st.booleans()),
)


def random_game(config, seed):
    """Every (state, events) of a game played by uniform random legal actions."""
    rng = random.Random(seed)
    state, events = RULES.new_game(config, seed)
    yield state, events
    while not RULES.is_over(state):  # a round's end: the next deal is the one legal action
        state, events = RULES.apply(state, pick(RULES.legal_actions(state), rng))
        yield state, events


class Ledger:
    """Rows and totals rebuilt from the events alone, scored by the rule text's steps."""

    def __init__(self, seats):
        self.totals = [0] * seats
        self.rows = [[] for _ in range(seats)]
        self.bust = [False] * seats
        self.last = None

    def see(self, event):
        if isinstance(event, RoundStarted):
            self.rows = [[] for _ in self.rows]
            self.bust = [False] * len(self.rows)
        elif isinstance(event, CardFlipped) and event.card < Card.FREEZE:
            self.rows[event.seat].append(event.card)
        elif isinstance(event, SecondChanceUsed):
            self.rows[event.seat].pop()  # the duplicate went to the discard
        elif isinstance(event, Busted):
            self.bust[event.seat] = True
        elif isinstance(event, RoundEnded):
            scores = tuple(self.score(seat) for seat in range(len(self.rows)))
            assert event.scores == scores
            self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
            assert event.totals == tuple(self.totals)

    def score(self, seat):
        if self.bust[seat]:
            return 0
        numbers = [int(c) for c in self.rows[seat] if c <= Card.TWELVE]
        assert len(set(numbers)) == len(numbers)
        total = sum(numbers)  # 1. add the numbers
        if Card.TIMES2 in self.rows[seat]:
            total *= 2  # 2. double them
        total += sum(PLUS.get(c, 0) for c in self.rows[seat])  # 3. add the + cards
        return total + (15 if len(numbers) == 7 else 0)  # 4. the Flip 7 bonus


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_cards_are_conserved(config, seed):
    full = Counter(config.deck)
    for state, _ in random_game(config, seed):
        assert Counter(state.deck + state.discard + state.cards_out()) == full


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_scores_and_totals_match_an_independent_count(config, seed):
    ledger = Ledger(config.seats)
    for state, events in random_game(config, seed):
        for event in events:
            ledger.see(event)
        assert list(state.table.banked) == ledger.totals
    outcome = RULES.outcome(state)
    top = max(ledger.totals)
    assert top >= 200
    assert outcome.winners == tuple(s for s, t in enumerate(ledger.totals) if t == top)
    assert len(outcome.winners) == 1
    assert outcome.stats["rounds"] == state.table.round
    assert isinstance(events[-1], GameEnded)


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_views_count_the_deck_and_rows_honestly(config, seed):
    full = Counter(config.deck)
    for state, _ in random_game(config, seed):
        view = RULES.observe(state, 0)
        assert view.deck_count == sum(view.deck_counts) == len(state.deck)
        assert view.discard_count == sum(view.discard_counts)
        deck = Counter({Card(k): c for k, c in enumerate(view.deck_counts) if c})
        assert deck == Counter(state.deck)
        assert all(
            seat.round_score == row.score for seat, row in zip(view.seats, state.rows, strict=True)
        )
        assert sum(Counter(state.cards_out()).values()) + view.deck_count + view.discard_count == (
            sum(full.values())
        )


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_rows_never_hold_a_repeated_number_unless_bust(config, seed):
    for state, _ in random_game(config, seed):
        for row in state.rows:
            distinct = len(set(row.numbers))
            if row.status.value == "bust":
                assert distinct == len(row.numbers) - 1
            else:
                # seven end the round, so only an ended round's rows can show them
                ended = state.table.over or state.table.ended
                assert distinct == len(row.numbers) <= (7 if ended else 6)


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_the_quick_paths_give_what_the_full_path_gives(config, seed):
    """``apply`` answers everyday hits and solo stays directly; ``_apply`` always works it out."""
    for state, _ in random_game(config, seed):
        for action in RULES.legal_actions(state):
            assert RULES.apply(state, action) == RULES._apply(state, action)
