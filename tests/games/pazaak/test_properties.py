"""Invariants over random play: totals recomputed from the cards, main cards conserved, hands
only shrinking, scores consistent with the events."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.pazaak.cards import Kind, side_values
from cardtable.games.pazaak.events import MatchWon, SetVoid, SetWon, WinReason
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import BOARD_SIZE, TARGET, MainDeck
from cardtable.games.pazaak.state import Opener, PazaakConfig

FORTY = Counter({rank: 4 for rank in range(1, 11)})
DECKS = ["balanced", "beginner", "gold", "cautious"]

configs = st.builds(
    lambda a, b, deck, opener: PazaakConfig.with_decks(a, b, main_deck=deck, opener=opener),
    st.sampled_from(DECKS),
    st.sampled_from(DECKS),
    st.sampled_from(list(MainDeck)),
    st.sampled_from(list(Opener)),
)


def check_board(board):
    """Each card's value follows from its face alone; the total is their sum."""
    assert len(board.cards) <= BOARD_SIZE
    for placed in board.cards:
        card, value = placed.card, placed.value
        if card.kind is Kind.MAIN:
            assert abs(value) in (card.amount, 2 * card.amount)
        elif card.kind in (Kind.FLIP_2_4, Kind.FLIP_3_6, Kind.DOUBLE):
            assert value == 0
        else:
            assert value in side_values(card) or -value in side_values(card)
    assert board.total == sum(p.value for p in board.cards)


def main_on_boards(state):
    return Counter(p.card.amount for b in state.boards for p in b.cards if p.card.kind is Kind.MAIN)


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 99), min_size=1))
def test_random_play_keeps_every_invariant(config, seed, choices):
    state, _ = RULES.new_game(config, seed)
    dealt = state.hands
    sets_seen = [0, 0]
    voids = 0
    for ply in range(2000):
        for board in state.boards:
            check_board(board)
        for seat in (0, 1):
            assert Counter(state.hands[seat]) + Counter(state.used[seat]) == Counter(dealt[seat])
        if config.main_deck is MainDeck.TABLETOP:
            assert Counter(state.deck) + main_on_boards(state) == FORTY
        if RULES.is_over(state):
            break
        legal = RULES.legal_actions(state)  # while a set is over: the next deal alone
        before = state
        state, events = RULES.apply(state, legal[choices[ply % len(choices)] % len(legal)])
        for seat in (0, 1):
            assert len(state.hands[seat]) <= len(before.hands[seat])
        for event in events:
            if isinstance(event, SetWon):
                sets_seen[event.seat] += 1
                if event.reason is not WinReason.BUST:
                    assert event.totals[event.seat] <= TARGET
            voids += isinstance(event, SetVoid)
        assert list(state.sets_won) == sets_seen and state.void_sets == voids
    assert state.to_move is None
    assert isinstance(events[-1], MatchWon) and max(state.sets_won) == 3
    assert state.set_number == sum(state.sets_won) + state.void_sets
