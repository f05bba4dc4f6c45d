"""One test per point of RULINGS.md § Pazaak, and the worked examples of pazaak.md §10."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import READY_DECKS, Kind, deck_problem, parse_all
from cardtable.games.pazaak.events import CardDrawn, SetStarted, SetVoid, SetWon, Stood, WinReason
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazaak.state import Opener
from tests.games.pazaak.helpers import config, position, then_deal

FORTY = Counter({rank: 4 for rank in range(1, 11)})


def main_cards(state):
    return Counter(p.card.amount for b in state.boards for p in b.cards if p.card.kind is Kind.MAIN)


def test_ruling_1_tabletop_deck_is_forty_cards_reshuffled_every_set_or_endless():
    state, _ = RULES.new_game(config(), 8)
    assert Counter(state.deck) + main_cards(state) == FORTY
    first_order = state.deck
    state = replace(state, boards=position("10 9", "9 9").boards, to_move=0)
    state, _ = then_deal(replace(state, standing=(False, True)), STAND)
    assert state.set_number == 2 and Counter(state.deck) + main_cards(state) == FORTY
    # both decks have given one card to the set's opener: a fresh shuffle orders them apart
    assert len(state.deck) == len(first_order) == 39
    assert state.deck != first_order
    endless, _ = RULES.new_game(config(main_deck=MainDeck.ENDLESS), 8)
    assert endless.deck == () and 1 <= endless.boards[endless.opener].total <= 10


def test_ruling_2_hand_of_four_dealt_from_a_legal_ten_card_deck_for_the_whole_match():
    cfg = config()
    hands = {RULES.new_game(cfg, seed)[0].hands[0] for seed in range(30)}
    assert len(hands) > 10 and all(len(h) == 4 for h in hands)
    assert all(deck_problem(d.cards) is None for d in READY_DECKS.values())
    state = position("10 6", "10 9", hands=("+4 -1", ""), standing=(False, True))
    state, _ = then_deal(state, PlaySide(0, 4))
    assert state.set_number == 2 and state.hands[0] == parse_all("-1")


def test_ruling_3_draw_is_automatic_one_card_then_stand_or_end_and_20_stands():
    state = position("10 5", "8", hands=("+5 +1", ""), deck=(4,))
    assert RULES.legal_actions(state)[:2] == (STAND, END_TURN)
    after, events = RULES.apply(state, PlaySide(0, 5))
    assert Stood(0, 20, True) in events and events[-1] == CardDrawn(1, 4, 12)
    drawn, events = RULES.apply(position("9 5", "10 4", deck=(6, 1)), END_TURN)
    assert Stood(1, 20, True) in events and drawn.to_move == 0


def test_ruling_4_bust_is_judged_after_the_hand_card():
    state = position("10 9", "8", hands=("-5", ""), deck=(6,), to_move=1)
    state, _ = RULES.apply(state, END_TURN)
    assert state.boards[0].total == 25 and state.to_move == 0
    saved, _ = RULES.apply(state, PlaySide(0, -5))
    assert saved.boards[0].total == 20 and saved.sets_won == (0, 0)
    busted, events = RULES.apply(state, END_TURN)
    assert busted.sets_won == (0, 1)
    assert SetWon(1, WinReason.BUST, (25, 8), (0, 1)) in events


def test_ruling_5_ninth_card_at_20_or_less_wins_at_once():
    state = position("2 2 2 2 2 2 2 2", "10 10", deck=(4,), to_move=1, standing=(False, False))
    _, events = RULES.apply(state, STAND)
    assert SetWon(0, WinReason.FULL_BOARD, (20, 20), (1, 0)) in events


def test_ruling_6_the_other_plays_on_alone_then_the_higher_total_wins():
    state = position("10 6", "10 8", deck=(3, 2), standing=(False, True))
    state, events = RULES.apply(state, END_TURN)
    assert events[-1] == CardDrawn(0, 3, 19) and state.to_move == 0
    state, events = RULES.apply(state, STAND)
    assert SetWon(0, WinReason.HIGHER, (19, 18), (1, 0)) in events


def test_ruling_7_ties_void_unless_one_tiebreaker_and_hands_are_not_refilled():
    state = position("10 7", "9 9", hands=("+1 ±1T", "-2"), standing=(False, True))
    void, events = RULES.apply(state, PlaySide(0, 1))
    void, events = RULES.apply(void, STAND)
    assert SetVoid((18, 18)) in events and void.hands == (parse_all("±1T"), parse_all("-2"))
    won, _ = RULES.apply(state, PlaySide(1, 1))
    won, events = RULES.apply(won, STAND)
    assert SetWon(0, WinReason.TIEBREAKER, (18, 18), (1, 0)) in events


def test_ruling_8_coin_toss_then_alternate_or_loser_opens():
    assert {RULES.new_game(config(), seed)[0].opener for seed in range(16)} == {0, 1}
    tie = position("10 8", "9 9", standing=(False, True), opener=0)
    assert then_deal(tie, STAND)[1][-2] == SetStarted(2, 1)
    loser = position(
        "10 9", "9 9", standing=(False, True), opener=0, config=config(opener=Opener.LOSER)
    )
    state, events = then_deal(loser, STAND)
    assert SetStarted(2, 1) in events and state.opener == 1
    loser_again = replace(loser, opener=1)
    assert then_deal(loser_again, STAND)[0].opener == 1


def test_ruling_9_flip_turns_matching_cards_on_both_boards_main_cards_included():
    state = position("4 2 9", "2 +4 6", hands=("2&4 3&6", ""))
    after, _ = RULES.apply(state, PlaySide(0, 0))
    assert [p.value for p in after.boards[0].cards] == [-4, -2, 9, 0]
    assert [p.value for p in after.boards[1].cards] == [-2, -4, 6]


def test_ruling_10_double_then_a_flip_acts_on_the_doubled_value():
    state = position("9 2", "8", hands=("D", "2&4"), deck=(1,))
    doubled, _ = RULES.apply(state, PlaySide(0, 0))
    assert [p.value for p in doubled.boards[0].cards] == [9, 4, 0]
    flipped, _ = RULES.apply(doubled, END_TURN)
    flipped, _ = RULES.apply(flipped, PlaySide(0, 0))
    assert [p.value for p in flipped.boards[0].cards] == [9, -4, 0]


def flipped_by_the_opponent(mine: str, hand: str, play: PlaySide) -> list[int]:
    """Seat 0's board values once it has played ``play`` from ``hand`` and seat 1, after its
    draw, has played a Flip 2&4."""
    state = position(mine, "8", hands=(hand, "2&4"), deck=(5,))
    state, _ = RULES.apply(state, play)
    state, _ = RULES.apply(state, END_TURN)
    state, _ = RULES.apply(state, PlaySide(0, 0))
    return [p.value for p in state.boards[0].cards]


@pytest.mark.parametrize(
    "mine, hand, play, after",
    [
        ("9 1", "D", PlaySide(0, 0), [9, -2, 0]),  # a 1 doubled to 2 is turned over
        ("9 4", "D", PlaySide(0, 0), [9, 8, 0]),  # a 4 doubled to 8 is no longer a 4
        ("10", "±1/2", PlaySide(0, -2), [10, 2]),  # a Variable played as -2 counts -2
        ("10", "±1/2", PlaySide(0, -1), [10, -1]),  # ... and as -1 is left alone
    ],
)
def test_rulings_9_and_10_a_flip_turns_over_what_a_card_counts_now_not_its_face(
    mine, hand, play, after
):
    assert flipped_by_the_opponent(mine, hand, play) == after


def test_ruling_11_variable_and_dual_signs_are_chosen_when_played():
    state = position("10", "8", hands=("±1/2 ±5", ""))
    plays = [a for a in RULES.legal_actions(state) if isinstance(a, PlaySide)]
    assert plays == [
        PlaySide(0, 1),
        PlaySide(0, -1),
        PlaySide(0, 2),
        PlaySide(0, -2),
        PlaySide(1, 5),
        PlaySide(1, -5),
    ]
    assert RULES.apply(state, PlaySide(0, -2))[0].boards[0].total == 8


def test_ruling_12_tiebreaker_counts_one_either_way_and_marks_the_set():
    state = position("10 9", "9 9", hands=("±1T", ""), standing=(False, True))
    minus, _ = RULES.apply(state, PlaySide(0, -1))
    assert minus.boards[0].total == 18 and minus.tiebreakers == (True, False)
    _, events = RULES.apply(minus, STAND)
    assert SetWon(0, WinReason.TIEBREAKER, (18, 18), (1, 0)) in events


def test_ruling_13_first_to_three_and_void_sets_never_end_the_match():
    state = position("10 8", "9 9", standing=(False, True), sets_won=(2, 2), void_sets=40)
    state, _ = then_deal(state, STAND)
    assert state.to_move is not None and state.void_sets == 41
    won = position("10 9", "9 9", standing=(False, True), sets_won=(2, 2))
    won, _ = RULES.apply(won, STAND)
    assert won.to_move is None and RULES.outcome(won).winners == (0,)


def test_example_exact_20():
    state = position("7 6 5", "9", hands=("+2", ""))
    after, events = RULES.apply(state, PlaySide(0, 2))
    assert after.boards[0].total == 20 and Stood(0, 20, True) in events


def test_example_prevent_bust():
    state = position("10 9", "8", hands=("-5", ""), deck=(6,), to_move=1)
    state, _ = RULES.apply(state, END_TURN)
    assert state.boards[0].total == 25
    state, _ = RULES.apply(state, PlaySide(0, -5))
    assert state.boards[0].total == 20 and state.standing[0]


def test_example_flip_swing():
    state = position("10 -4", "7 +2 +4", hands=("2&4", ""))
    before = [b.total for b in state.boards]
    after, _ = RULES.apply(state, PlaySide(0, 0))
    assert [p.value for p in after.boards[1].cards] == [7, -2, -4]
    assert [p.value for p in after.boards[0].cards] == [10, 4, 0]
    assert after.boards[1].total - before[1] == -12 and after.boards[0].total - before[0] == 8
