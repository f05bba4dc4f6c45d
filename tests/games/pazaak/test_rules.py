"""Turn and set flow on hand-built positions with stacked decks."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pazaak.actions import DEAL_NEXT_SET, END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import Card, Kind, label, parse_all
from cardtable.games.pazaak.events import (
    Busted,
    CardDrawn,
    Doubled,
    Flipped,
    HandDealt,
    MatchWon,
    SetStarted,
    SetVoid,
    SetWon,
    SideCardPlayed,
    Stood,
    TurnEnded,
    WinReason,
)
from cardtable.games.pazaak.flow import Draft, start_set
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import MainDeck
from cardtable.games.pazaak.state import Opener, PazaakConfig
from tests.games.pazaak.helpers import config, position


def kinds(events):
    return [type(e) for e in events]


def test_new_game_deals_four_cards_from_each_deck_and_the_opener_draws():
    cfg = config()
    state, events = RULES.new_game(cfg, 5)
    for seat in (0, 1):
        assert len(state.hands[seat]) == 4
        assert not Counter(state.hands[seat]) - Counter(cfg.decks[seat])
    assert kinds(events) == [HandDealt, HandDealt, SetStarted, CardDrawn]
    assert events[2] == SetStarted(1, state.opener) and events[3].seat == state.opener
    assert state.to_move == state.opener and len(state.boards[state.opener].cards) == 1
    assert len(state.deck) == 39 and state.set_number == 1


def test_the_opener_coin_toss_depends_on_the_seed():
    openers = {RULES.new_game(config(), seed)[0].opener for seed in range(20)}
    assert openers == {0, 1}


def test_end_turn_passes_to_the_other_player_who_draws():
    state = position("9 5", "7", deck=(6,))
    after, events = RULES.apply(state, END_TURN)
    assert events == (TurnEnded(0, 14), CardDrawn(1, 6, 13))
    assert after.to_move == 1 and after.boards[1].total == 13


def test_drawing_exactly_20_stands_automatically_and_ends_the_turn():
    state = position("9 5", "10 4", deck=(6, 3))
    after, events = RULES.apply(state, END_TURN)
    assert events == (
        TurnEnded(0, 14),
        CardDrawn(1, 6, 20),
        Stood(1, 20, True),
        CardDrawn(0, 3, 17),
    )
    assert after.standing == (False, True) and after.to_move == 0


def test_a_hand_card_making_exactly_20_stands_automatically():
    state = position("10 7", "8", hands=("±3", ""), deck=(5,))
    after, events = RULES.apply(state, PlaySide(0, 3))
    assert kinds(events) == [SideCardPlayed, Stood, CardDrawn]
    assert events[1] == Stood(0, 20, True)
    assert after.standing == (True, False) and after.to_move == 1


def test_bust_is_judged_at_the_end_of_the_turn_not_on_the_draw():
    state = position("10 9", "8", hands=("-5", ""), deck=(6,), to_move=1)
    drawn, events = RULES.apply(state, END_TURN)
    assert events[-1] == CardDrawn(0, 6, 25)
    assert drawn.to_move == 0 and drawn.sets_won == (0, 0)
    assert PlaySide(0, -5) in RULES.legal_actions(drawn)
    saved, events = RULES.apply(drawn, PlaySide(0, -5))
    assert saved.boards[0].total == 20 and Stood(0, 20, True) in events


def test_ending_the_turn_above_20_busts_and_the_other_player_wins_the_set():
    state = position("10 9 6", "8", to_move=0)
    after, events = RULES.apply(state, END_TURN)
    assert events[:2] == (Busted(0, 25), SetWon(1, WinReason.BUST, (25, 8), (0, 1)))
    assert after.sets_won == (0, 1)


@pytest.mark.parametrize("action", [STAND, END_TURN])
def test_standing_or_ending_the_turn_above_20_is_a_bust_and_only_that(action):
    """Ruling 4: the log says the bust alone, never "stands on 25" and then "busts with 25"."""
    after, events = RULES.apply(position("10 9 6", "8"), action)
    assert events[0] == Busted(0, 25)
    assert not [e for e in events if isinstance(e, Stood | TurnEnded)]
    assert after.sets_won == (0, 1)


def test_only_one_hand_card_a_turn():
    state = position("10 2", "8", hands=("±3 +1", ""))
    after, _ = RULES.apply(state, PlaySide(0, 3))
    assert RULES.legal_actions(after) == (STAND, END_TURN)
    with pytest.raises(IllegalAction, match="only one hand card"):
        RULES.apply(after, PlaySide(0, 1))


def test_the_one_card_limit_resets_on_the_next_turn():
    state = position("10 2", "8", hands=("+1 +2", ""), deck=(3, 4))
    state, _ = RULES.apply(state, PlaySide(0, 1))
    state, _ = RULES.apply(state, END_TURN)
    state, _ = RULES.apply(state, END_TURN)
    assert state.to_move == 0 and PlaySide(0, 2) in RULES.legal_actions(state)


def test_after_one_player_stands_the_other_plays_on_alone():
    state = position("9 5", "10 8", deck=(2, 1), standing=(False, True))
    after, events = RULES.apply(state, END_TURN)
    assert events == (TurnEnded(0, 14), CardDrawn(0, 2, 16))
    assert after.to_move == 0


def test_both_standing_the_higher_total_wins():
    state = position("10 9", "10 8", standing=(False, True))
    after, events = RULES.apply(state, STAND)
    assert SetWon(0, WinReason.HIGHER, (19, 18), (1, 0)) in events
    assert after.sets_won == (1, 0) and after.set_number == 1 and after.to_move is None
    assert RULES.apply(after, DEAL_NEXT_SET)[0].set_number == 2


def test_both_standing_the_higher_total_wins_for_the_second_seat_too():
    state = position("10 8", "10 9", standing=(False, True))
    after, events = RULES.apply(state, STAND)
    assert SetWon(1, WinReason.HIGHER, (18, 19), (0, 1)) in events
    assert after.sets_won == (0, 1)


def test_standing_on_exactly_20_is_not_a_bust_when_the_other_ends_a_turn():
    state = position("10 5", "10 10", deck=(2,), standing=(False, True))
    after, events = RULES.apply(state, END_TURN)
    assert not [event for event in events if isinstance(event, Busted)]
    assert after.sets_won == (0, 0) and after.to_move == 0


def test_the_last_set_result_stays_on_the_state_through_the_next_move():
    state = position("10 9", "10 8", standing=(False, True))
    after, events = RULES.apply(state, STAND)
    result = SetWon(0, WinReason.HIGHER, (19, 18), (1, 0))
    assert after.last_set == result
    after, _ = RULES.apply(after, DEAL_NEXT_SET)
    assert after.last_set == result
    after, _ = RULES.apply(after, END_TURN)
    assert after.last_set == result and RULES.observe(after, None).last_set == result


def test_equal_totals_void_the_set():
    state = position("10 8", "9 9", standing=(False, True))
    after, events = RULES.apply(state, STAND)
    assert SetVoid((18, 18)) in events
    assert after.sets_won == (0, 0) and after.void_sets == 1 and after.set_number == 1
    assert RULES.apply(after, DEAL_NEXT_SET)[0].set_number == 2


def test_a_lone_tiebreaker_wins_the_tie():
    state = position("10 7", "9 9", hands=("±1T", ""), standing=(False, True))
    after, events = RULES.apply(state, PlaySide(0, 1))
    assert after.tiebreakers == (True, False)
    after, events = RULES.apply(after, STAND)
    assert SetWon(0, WinReason.TIEBREAKER, (18, 18), (1, 0)) in events


def test_two_tiebreakers_cancel_out():
    state = position("10 8", "9 9", standing=(False, True), tiebreakers=(True, True))
    _, events = RULES.apply(state, STAND)
    assert SetVoid((18, 18)) in events


def test_a_ninth_card_drawn_at_20_or_less_wins_at_once():
    state = position("1 1 1 1 1 1 1 1", "10 5", deck=(3,), to_move=1)
    after, events = RULES.apply(state, END_TURN)
    assert SetWon(0, WinReason.FULL_BOARD, (11, 15), (1, 0)) in events
    assert after.sets_won == (1, 0)


def test_a_ninth_card_from_the_hand_wins_even_against_a_standing_20():
    state = position("1 2 3 1 2 3 1 2", "10 10", hands=("+2", ""), standing=(False, True))
    _, events = RULES.apply(state, PlaySide(0, 2))
    assert SetWon(0, WinReason.FULL_BOARD, (17, 20), (1, 0)) in events


def test_a_ninth_card_above_20_is_a_bust_at_once():
    state = position("3 3 3 3 2 2 1 1", "10 5", deck=(5,), to_move=1)
    _, events = RULES.apply(state, END_TURN)
    assert Busted(0, 23) in events and SetWon(1, WinReason.BUST, (23, 15), (0, 1)) in events


def test_a_full_board_offers_no_hand_card():
    state = position("1 1 1 1 1 1 1 1 1", "10", hands=("+1", ""))
    assert RULES.legal_actions(state) == (STAND, END_TURN)
    with pytest.raises(IllegalAction, match="board is full"):
        RULES.apply(state, PlaySide(0, 1))


def test_hand_cards_are_single_use_and_not_refilled_across_sets():
    state = position("10 6", "10 9", hands=("+4 -1", "+1"), standing=(False, True))
    over, events = RULES.apply(state, PlaySide(0, 4))
    after, _ = RULES.apply(over, DEAL_NEXT_SET)
    assert after.set_number == 2 and after.sets_won == (1, 0)
    assert after.hands == (parse_all("-1"), parse_all("+1"))
    assert after.used == (parse_all("+4"), ())
    assert SideCardPlayed(0, Card(Kind.PLUS, 4), 4, (20, 19)) in events


def test_opener_alternates_void_sets_included():
    state = position("10 8", "9 9", standing=(False, True), opener=0)
    after, events = RULES.apply(RULES.apply(state, STAND)[0], DEAL_NEXT_SET)
    assert after.opener == 1 and SetStarted(2, 1) in events
    after = replace(after, boards=position("10 9", "9 9").boards, to_move=0)
    after = replace(after, standing=(False, True))
    after, events = RULES.apply(RULES.apply(after, STAND)[0], DEAL_NEXT_SET)
    assert after.opener == 0 and SetStarted(3, 0) in events


def test_opener_loser_gives_the_next_set_to_the_loser():
    cfg = config(opener=Opener.LOSER)
    state = position("10 9", "9 9", standing=(False, True), opener=1, config=cfg)
    after, _ = RULES.apply(RULES.apply(state, STAND)[0], DEAL_NEXT_SET)
    assert after.sets_won == (1, 0) and after.opener == 1
    state = position("10 9", "9 9", standing=(False, True), opener=0, config=cfg)
    assert RULES.apply(RULES.apply(state, STAND)[0], DEAL_NEXT_SET)[0].opener == 1


def test_opener_loser_after_a_void_set_passes_to_the_other_player():
    cfg = config(opener=Opener.LOSER)
    state = position("10 8", "9 9", standing=(False, True), opener=1, config=cfg)
    over, events = RULES.apply(state, STAND)
    after, _ = RULES.apply(over, DEAL_NEXT_SET)
    assert SetVoid((18, 18)) in events and after.opener == 0


def test_first_to_three_sets_wins_the_match():
    state = position("10 9", "9 9", standing=(False, True), sets_won=(2, 1))
    after, events = RULES.apply(state, STAND)
    assert events[-1] == MatchWon(0, (3, 1))
    assert after.to_move is None and RULES.legal_actions(after) == ()
    outcome = RULES.outcome(after)
    assert outcome.winners == (0,) and outcome.scores == (3.0, 1.0)
    assert outcome.stats == {"void_sets": 0.0, "sets": 1.0}
    with pytest.raises(IllegalAction, match="match is over"):
        RULES.apply(after, STAND)


def test_a_new_set_clears_the_boards_and_shuffles_a_full_deck():
    state = position("10 9", "9 9", standing=(False, True))
    after, _ = RULES.apply(RULES.apply(state, STAND)[0], DEAL_NEXT_SET)
    drawn = sum(len(b.cards) for b in after.boards)
    assert drawn == 1 and len(after.deck) == 39 and after.standing == (False, False)
    assert Counter(after.deck) + Counter(c.card.amount for b in after.boards for c in b.cards) == (
        Counter({rank: 4 for rank in range(1, 11)})
    )


def test_endless_deck_draws_uniform_ranks_reproducibly():
    cfg = config(main_deck=MainDeck.ENDLESS)
    state, _ = RULES.new_game(cfg, 3)
    assert state.deck == () and RULES.observe(state, 0).unseen is None
    ranks = Counter()
    for seed in range(300):
        s, _ = RULES.new_game(cfg, seed)
        for _ in range(6):
            if s.to_move is None or s.standing[1 - s.to_move]:
                break
            s, events = RULES.apply(s, END_TURN)
            ranks.update(e.rank for e in events if isinstance(e, CardDrawn))
    assert set(ranks) == set(range(1, 11))
    assert max(ranks.values()) < 2 * min(ranks.values())
    assert RULES.new_game(cfg, 3) == RULES.new_game(cfg, 3)


def test_flip_can_stand_the_opponent_on_20():
    state = position("10 5", "10 8 -2", hands=("2&4", ""))
    after, events = RULES.apply(state, PlaySide(0, 0))
    assert after.boards[1].total == 20 and Stood(1, 20, True) in events
    assert Flipped(0, Card(Kind.FLIP_2_4), 1) in events
    assert after.standing == (False, True) and after.to_move == 0


def test_flip_pushing_a_standing_opponent_over_20_makes_them_bust():
    state = position("10 5", "10 9 -2", hands=("2&4", ""), standing=(False, True))
    after, _ = RULES.apply(state, PlaySide(0, 0))
    assert after.boards[1].total == 21
    after, events = RULES.apply(after, END_TURN)
    assert Busted(1, 21) in events and SetWon(0, WinReason.BUST, (15, 21), (1, 0)) in events


def test_the_mover_is_judged_first_when_both_end_above_20():
    state = position("10 9 -2 6", "10 9 -2", hands=("2&4", ""), standing=(False, True))
    after, _ = RULES.apply(state, PlaySide(0, 0))
    assert [b.total for b in after.boards] == [27, 21]
    _, events = RULES.apply(after, END_TURN)
    assert Busted(0, 27) in events and SetWon(1, WinReason.BUST, (27, 21), (0, 1)) in events


def test_flip_pushing_an_active_opponent_over_20_leaves_them_their_turn():
    state = position("10 5", "10 9 -2", hands=("2&4", "-3"), deck=(1,))
    after, _ = RULES.apply(state, PlaySide(0, 0))
    after, events = RULES.apply(after, END_TURN)
    assert after.to_move == 1 and after.boards[1].total == 22
    assert not any(isinstance(e, Busted) for e in events)
    after, events = RULES.apply(after, PlaySide(0, -3))
    assert after.boards[1].total == 19


def test_double_event_names_the_doubled_card():
    state = position("9 5", "10", hands=("D", ""))
    after, events = RULES.apply(state, PlaySide(0, 0))
    assert Doubled(0, 5, 10) in events and after.boards[0].total == 19


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlaySide(4, 1), "no hand card 4"),
        (PlaySide(0, 2), "±3 can be played as +3 or -3, not 2"),
        (PlaySide(1, 1), "2&4 adds nothing itself"),
        ("draw", "not a Pazaak action"),
    ],
)
def test_illegal_actions_are_refused_with_a_specific_reason(action, reason):
    state = position("10", "8", hands=("±3 2&4", ""))
    with pytest.raises(IllegalAction) as refusal:
        RULES.apply(state, action)
    assert reason in refusal.value.reason


def test_is_legal_agrees_with_legal_actions():
    state = position("10", "8", hands=("±3 ±1/2 D +2", ""))
    legal = RULES.legal_actions(state)
    assert len(legal) == 2 + 2 + 4 + 1 + 1
    probes = [PlaySide(i, v) for i in range(-1, 6) for v in range(-7, 8)] + [STAND, END_TURN]
    for action in probes:
        assert RULES.is_legal(state, action) == (action in legal)
    assert not RULES.is_legal(state, PlaySide(0, 3.0))
    assert not RULES.is_legal(replace(state, to_move=None), STAND)


def test_observation_hides_the_other_hand_and_counts_unseen_cards():
    state = position("10 7", "8 7", hands=("±3 +1", "-2 -3 -4"))
    view = RULES.observe(state, 0)
    assert view.hand == parse_all("±3 +1") and view.hand_counts == (2, 3)
    assert view.totals == (17, 15) and view.unseen[6] == 2 and view.unseen[9] == 3
    assert sum(view.unseen) == 36
    assert RULES.observe(state, None).hand is None


def test_views_of_states_in_turn_are_each_of_its_own_state():
    """What every viewer sees of a state is worked out once for its viewers in turn: a view
    taken after another state's is still all of its own state, and its own seat's hand."""
    first = position("10 7", "8 7", hands=("±3 +1", "-2 -3 -4"))
    second = position("5", "9 9 2", hands=("+1", "-2 -3"))
    for state, seat in ((first, 0), (second, 1), (first, 1), (second, None), (first, 0)):
        view = RULES.observe(state, seat)
        assert view.seat == seat and view.boards is state.boards
        assert view.hand == (None if seat is None else state.hands[seat])
        assert view.totals == tuple(b.total for b in state.boards)
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert sum(view.unseen) == 40 - sum(len(b.cards) for b in state.boards)


def test_observation_carries_the_last_actions_events_and_the_last_set():
    state = position("10 8", "9 9", standing=(False, True))
    after, events = RULES.apply(state, STAND)
    view = RULES.observe(after, 1)
    assert view.recent == events and view.last_set == SetVoid((18, 18))


def test_config_rejects_bad_decks_with_the_seat_named():
    good = config().decks[0]
    with pytest.raises(ValueError, match="side deck of seat 2: a side deck holds exactly 10"):
        PazaakConfig((good, good[:9]))
    with pytest.raises(ValueError, match="needs 2 side decks"):
        PazaakConfig((good,))
    with pytest.raises(ValueError, match="2 seats, not 3"):
        RULES.default_config(3)


def test_a_redeal_deals_the_other_hand_afresh_and_reseeds_every_draw_to_come():
    state, _ = RULES.new_game(config(), 6)
    state, _ = RULES.apply(state, PlaySide(0, RULES.legal_actions(state)[2].value))
    mover = state.to_move
    other = 1 - mover
    twins = [RULES.redeal_hidden(state, mover, random.Random(k)) for k in range(30)]
    unplayed = Counter(state.config.decks[other]) - Counter(state.used[other])
    for twin in twins:
        assert twin.hands[mover] == state.hands[mover]
        assert len(twin.hands[other]) == len(state.hands[other])
        assert not Counter(twin.hands[other]) - unplayed
        assert sorted(twin.deck) == sorted(state.deck)
        assert type(twin.seed) is int and 0 <= twin.seed < 2**53
    assert len({twin.hands[other] for twin in twins}) > 1
    assert len({twin.seed for twin in twins}) == 30


def test_every_view_says_whose_turn_it_is():
    state = RULES.new_game(config(), 3)[0]
    for _ in range(2):
        assert state.to_move is not None
        assert {RULES.observe(state, seat).to_move for seat in (0, 1, None)} == {state.to_move}
        state = RULES.apply(state, END_TURN)[0]


def test_a_new_match_tells_each_hand_dealt_then_the_first_draw():
    _, events = RULES.new_game(config(), 1)
    assert events == (HandDealt(0, 4), HandDealt(1, 4), SetStarted(1, 0), CardDrawn(0, 2, 2))


def test_the_deal_and_every_set_s_main_deck_are_pinned_to_the_seed():
    # an old save replays only if the same seed deals the same hands and main cards
    state, _ = RULES.new_game(config(), 1)
    assert [" ".join(label(card) for card in hand) for hand in state.hands] == [
        "±2 ±5 ±4 ±4",
        "±4 3&6 ±1T -6",
    ]
    assert state.deck[:10] == (7, 10, 7, 5, 10, 5, 3, 8, 4, 3) and state.draws == 1
    draft = Draft(state)
    start_set(draft, 0)
    assert draft.deck[:10] == (7, 1, 5, 9, 2, 6, 10, 5, 3, 9)
    endless, _ = RULES.new_game(config(main_deck=MainDeck.ENDLESS), 1)
    ranks = []
    for _ in range(6):
        ranks.append(endless.boards[endless.to_move].cards[-1].value)
        endless, _ = RULES.apply(endless, END_TURN)
    assert ranks == [3, 8, 6, 1, 4, 9] and endless.draws == 7


def test_a_match_won_after_a_hand_card_leaves_no_card_counted_as_played():
    # played_side belongs to a turn: the finished match's view must not say a card was played
    state = position("10 7", "9 9", hands=("+2", ""), standing=(False, True), sets_won=(2, 1))
    state, _ = RULES.apply(state, PlaySide(0, 2))
    assert state.played_side is True
    after, events = RULES.apply(state, STAND)
    assert events[-1] == MatchWon(0, (3, 1))
    assert after.played_side is False and RULES.observe(after, 0).played_side is False
